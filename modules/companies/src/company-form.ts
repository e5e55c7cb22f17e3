/**
 * The company form, shared by /companies/add and the metadata tab: every field of
 * spec part1 §3 with the rules of §5 (name required; latitude and longitude as
 * decimals within their ranges).
 */
import { type Form, createForm, parseDecimal } from '@app/module-kit'
import type { Company, CompanyData } from '@app/plugin-companies/shared'
import { createEffect } from 'effector'

export interface CompanyValues extends Record<string, unknown> {
  name: string
  number: string
  masterNumber: string
  address: string
  city: string
  zip: string
  country: string
  plant: string
  contactEmail: string
  contactPerson: string
  contactPhone: string
  contactTitle: string
  vatRegNo: string
  /** The select's value: an id as text, '' for none. */
  parentId: string
  latitude: string
  longitude: string
}

const TEXTS = ['number', 'masterNumber', 'address', 'city', 'zip', 'country', 'plant', 'contactEmail', 'contactPerson', 'contactPhone', 'contactTitle', 'vatRegNo'] as const

const text = (maxLength: number) => ({ initial: '', rules: { maxLength } })
/** Typed with the language's decimal sign or a point ("65,01" or "65.01"); the API receives a number. */
const coordinate = (limit: number) => ({ initial: '', rules: { decimal: true, min: -limit, max: limit } })

export const createCompanyForm = (submit: (values: CompanyValues) => Promise<void>): Form<CompanyValues> =>
  createForm<CompanyValues>({
    fields: {
      name: { initial: '', rules: { required: true, maxLength: 200 } },
      number: text(60),
      masterNumber: text(60),
      address: text(200),
      city: text(100),
      zip: text(20),
      country: { initial: '' },
      plant: text(100),
      contactEmail: { initial: '', rules: { email: true, maxLength: 254 } },
      contactPerson: text(200),
      contactPhone: text(40),
      contactTitle: text(100),
      vatRegNo: text(40),
      parentId: { initial: '' },
      latitude: coordinate(90),
      longitude: coordinate(180),
    },
    submit,
  })

const numberOrNull = (value: string) => (value.trim() === '' ? null : parseDecimal(value))

/** Form text → the API's body: empty texts become null. */
export const toCompanyData = (values: CompanyValues): CompanyData => {
  const data: Record<string, unknown> = { name: values.name.trim() }
  for (const field of TEXTS) data[field] = values[field].trim() || null
  data.parentId = values.parentId ? Number(values.parentId) : null
  data.latitude = numberOrNull(values.latitude)
  data.longitude = numberOrNull(values.longitude)
  return data as CompanyData
}

export const toCompanyValues = (company: Company): CompanyValues => {
  const values = { name: company.name } as CompanyValues
  for (const field of TEXTS) values[field] = company[field] ?? ''
  values.parentId = company.parentId ? String(company.parentId) : ''
  values.latitude = company.latitude === null ? '' : String(company.latitude)
  values.longitude = company.longitude === null ? '' : String(company.longitude)
  return values
}

/** Puts values into the form's fields (they validate as if typed). */
export const fillFormFx = (form: Form<CompanyValues>) =>
  createEffect((values: Partial<CompanyValues>) => {
    for (const [name, value] of Object.entries(values)) form.fieldChanged({ name, value })
  })
