/**
 * The project form, shared by /project/add and the metadata tab: every field of spec
 * part2 §3 with the rules of §5 (name required, at most 100; number required, at most
 * 20; client required; latitude −90..90 and longitude −180..180 as decimals; square
 * metres a number; dates that can be cleared).
 */
import { type Form, createForm, dayToEpoch, epochToDay, parseDecimal } from '@app/module-kit'
import type { GeoPosition, Project, ProjectData } from '@app/plugin-projects/shared'
import { createEffect } from 'effector'

export interface ProjectValues extends Record<string, unknown> {
  name: string
  symbol: string
  /** The selects' values: an id as text, '' for none. */
  companyId: string
  managerId: string
  parentId: string
  masterNumber: string
  /** The date inputs' values, YYYY-MM-DD, '' when cleared. */
  startDate: string
  endDate: string
  deliveryDate: string
  shipmentDate: string
  inspectionDate: string
  value: string
  area: string
  squareMeters: string
  latitude: string
  longitude: string
  altitude: string
  rotationX: string
  rotationY: string
  rotationZ: string
  address: string
  additionalInfo: string
  endCompanyName: string
  endCompanyAddress: string
  endCompanyCountry: string
  endCompanyPlant: string
}

export const DATES = ['startDate', 'endDate', 'deliveryDate', 'shipmentDate', 'inspectionDate'] as const
const TEXTS = ['masterNumber', 'address', 'additionalInfo', 'endCompanyName', 'endCompanyAddress', 'endCompanyCountry', 'endCompanyPlant'] as const
const NUMBERS = ['value', 'area', 'squareMeters'] as const
const POSITION = ['altitude', 'rotationX', 'rotationY', 'rotationZ'] as const

const text = (maxLength: number) => ({ initial: '', rules: { maxLength } })
const decimal = (rules: { min?: number; max?: number } = {}) => ({ initial: '', rules: { decimal: true, ...rules } })
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== ''
/** Latitude and longitude go together: one given without the other says so. */
const pairedWith = (other: 'latitude' | 'longitude') => ({
  validate: (value: unknown, values: ProjectValues) => (filled(value) && !filled(values[other]) ? 'projects:form.positionPair' : null),
})

export const createProjectForm = (submit: (values: ProjectValues) => Promise<void>): Form<ProjectValues> =>
  createForm<ProjectValues>({
    fields: {
      name: { initial: '', rules: { required: true, maxLength: 100 } },
      symbol: { initial: '', rules: { required: true, maxLength: 20 } },
      companyId: { initial: '', rules: { required: true } },
      managerId: { initial: '' },
      parentId: { initial: '' },
      masterNumber: text(60),
      startDate: { initial: '' },
      endDate: { initial: '' },
      deliveryDate: { initial: '' },
      shipmentDate: { initial: '' },
      inspectionDate: { initial: '' },
      value: decimal(),
      area: decimal({ min: 0 }),
      squareMeters: decimal({ min: 0 }),
      latitude: { initial: '', rules: { decimal: true, min: -90, max: 90, ...pairedWith('longitude') } },
      longitude: { initial: '', rules: { decimal: true, min: -180, max: 180, ...pairedWith('latitude') } },
      altitude: decimal(),
      rotationX: decimal(),
      rotationY: decimal(),
      rotationZ: decimal(),
      address: text(200),
      additionalInfo: text(4000),
      endCompanyName: text(200),
      endCompanyAddress: text(200),
      endCompanyCountry: { initial: '' },
      endCompanyPlant: text(100),
    },
    submit,
  })

const numberOrNull = (value: string) => (value.trim() === '' ? null : parseDecimal(value))
const idOrNull = (value: string) => (value ? Number(value) : null)

/** Form text → the API's body: empty texts, numbers, dates and selects become null (cleared). */
export const toProjectData = (values: ProjectValues): ProjectData => {
  const data: Record<string, unknown> = { name: values.name.trim(), symbol: values.symbol.trim(), companyId: Number(values.companyId) }
  for (const field of TEXTS) data[field] = values[field].trim() || null
  for (const field of NUMBERS) data[field] = numberOrNull(values[field])
  for (const field of DATES) data[field] = dayToEpoch(values[field])
  data.managerId = idOrNull(values.managerId)
  data.parentId = idOrNull(values.parentId)
  const latitude = numberOrNull(values.latitude)
  const longitude = numberOrNull(values.longitude)
  if (latitude === null || longitude === null) data.geoPosition = null
  else {
    const position: GeoPosition = { latitude, longitude }
    for (const field of POSITION) {
      const value = numberOrNull(values[field])
      if (value !== null) position[field] = value
    }
    data.geoPosition = position
  }
  return data as ProjectData
}

const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export const toProjectValues = (project: Project): ProjectValues => {
  const values = { name: project.name, symbol: project.symbol } as ProjectValues
  for (const field of TEXTS) values[field] = project[field] ?? ''
  for (const field of NUMBERS) values[field] = textOf(project[field])
  for (const field of DATES) values[field] = epochToDay(project[field])
  values.companyId = textOf(project.companyId)
  values.managerId = textOf(project.managerId)
  values.parentId = textOf(project.parentId)
  const position = project.geoPosition
  values.latitude = textOf(position?.latitude)
  values.longitude = textOf(position?.longitude)
  for (const field of POSITION) values[field] = textOf(position?.[field])
  return values
}

/** Puts values into the form's fields (they validate as if typed: a map pick, an address found). */
export const fillFormFx = (form: Form<ProjectValues>) =>
  createEffect((values: Partial<ProjectValues>) => {
    for (const [name, value] of Object.entries(values)) form.fieldChanged({ name, value })
  })
