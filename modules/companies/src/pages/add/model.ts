/**
 * /companies/add: a new company. `lng` and `lat` in the query (from the map) fill
 * the coordinates and, through the reverse lookup, the address.
 */
import { breadcrumbsSet, dashboardCrumb, navigate } from '@app/module-kit'
import { companiesCrumb } from '../../crumbs'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { createCompanyFx, fetchCompanyChoicesFx, geocodeFx } from '../../api'
import { createCompanyForm, fillFormFx, toCompanyData } from '../../company-form'
import { notifyFx } from '../../notify'

export const addOpened = createEvent<{ lng: string | null; lat: string | null }>()

export const addForm = createCompanyForm(async (values) => {
  await createCompanyFx(toCompanyData(values))
})

export const $parents = createStore<{ id: number; name: string }[]>([]).on(fetchCompanyChoicesFx.doneData, (_, page) => page.data)
export const $geocoding = geocodeFx.pending

const fillFx = fillFormFx(addForm)
export const openCompanyFx = createEffect((id: number) => navigate(`/companies/${id}`))

/** A point from the query, when both halves are decimals in range. */
export const pointOf = ({ lng, lat }: { lng: string | null; lat: string | null }) => {
  const x = Number(lng)
  const y = Number(lat)
  if (!lng || !lat || !Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) return null
  return { lng: x, lat: y }
}

sample({ clock: addOpened, target: [addForm.reset, fetchCompanyChoicesFx] })
sample({ clock: addOpened, fn: () => [dashboardCrumb(), companiesCrumb(), { label: 'companies:add.title' }], target: breadcrumbsSet })
const pointGiven = sample({ clock: addOpened, filter: (query) => pointOf(query) !== null, fn: (query) => pointOf(query)! })
sample({ clock: pointGiven, fn: ({ lng, lat }) => ({ longitude: String(lng), latitude: String(lat) }), target: fillFx })
sample({ clock: pointGiven, target: geocodeFx })
sample({
  clock: geocodeFx.doneData,
  filter: ({ result }) => result !== null,
  fn: ({ result }) => ({ address: result!.address, zip: result!.zip, city: result!.city, country: result!.country }),
  target: fillFx,
})

sample({ clock: createCompanyFx.doneData, fn: (company) => company.id, target: openCompanyFx })
sample({ clock: createCompanyFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.created' }), target: notifyFx })
sample({ clock: createCompanyFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.saveFailed' }), target: notifyFx })
