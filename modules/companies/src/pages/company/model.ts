/**
 * /companies/{clientId}: the company's metadata (edit form, logo, Skyview, delete),
 * projects, user access and users tabs.
 */
import { ApiError, confirm, i18n, isForbidden, navigate, tokenStorage } from '@app/module-kit'
import { type Company, type DeleteBlock, logoUrl } from '@app/plugin-companies/shared'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import { deleteCompanyFx, enableSkyviewFx, fetchCompanyChoicesFx, fetchCompanyFx, saveCompanyFx, uploadLogoFx } from '../../api'
import { type CompanyValues, createCompanyForm, toCompanyData, toCompanyValues } from '../../company-form'
import { notifyFx } from '../../notify'

export const TABS = ['metadata', 'projects', 'useraccess', 'users'] as const
export type Tab = (typeof TABS)[number]

export const companyOpened = createEvent<number>()
export const logoChosen = createEvent<File>()
export const skyviewClicked = createEvent()
export const deleteClicked = createEvent()

export const $company = createStore<Company | null>(null)
  .on(fetchCompanyFx.doneData, (_, company) => company)
  .on(saveCompanyFx.doneData, (_, company) => company)
  .on(uploadLogoFx.doneData, (_, company) => company)
  .on(enableSkyviewFx.doneData, (_, company) => company)
/**
 * Another company than the one shown: the page starts empty. The same one opened again
 * (another tab's route) stays shown, with its form and logo, while it reloads.
 */
const otherCompanyOpened = sample({ clock: companyOpened, source: $company, filter: (company, id) => company?.id !== id, fn: (_, id) => id })
$company.reset(otherCompanyOpened)
/** 404: the page says the company was not found; any other failure says loading failed. */
export const $loadError = createStore<'notFound' | 'forbidden' | 'failed' | null>(null)
  .on(fetchCompanyFx.failData, (_, error) =>
    error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed',
  )
  .reset(companyOpened)
export const $parents = createStore<{ id: number; name: string }[]>([]).on(fetchCompanyChoicesFx.doneData, (_, page) => page.data)
/** Why the last delete was refused: each reason names the item in the way (spec part1 §8). */
export const $deleteBlocks = createStore<DeleteBlock[]>([])
  .on(deleteCompanyFx.failData, (_, error) =>
    error instanceof ApiError && error.status === 409 ? (((error.data as { blocks?: DeleteBlock[] })?.blocks ?? []) as DeleteBlock[]) : [],
  )
  .reset(companyOpened, deleteCompanyFx)

const saveEditedFx = attach({
  source: $company,
  effect: saveCompanyFx,
  mapParams: (values: CompanyValues, company) => ({ id: company?.id ?? 0, data: toCompanyData(values) }),
})
export const editForm = createCompanyForm(async (values) => {
  await saveEditedFx(values)
})

sample({ clock: companyOpened, target: [fetchCompanyFx, fetchCompanyChoicesFx] })
sample({ clock: otherCompanyOpened, target: editForm.reset })
// The saved company is where the form starts: its fields are not shown as checked until the user changes them.
sample({ clock: fetchCompanyFx.doneData, fn: toCompanyValues, target: editForm.filled })

sample({ clock: saveCompanyFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.saved' }), target: notifyFx })
sample({ clock: saveCompanyFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.saveFailed' }), target: notifyFx })

// The logo: the image is fetched with the bearer token, so an <img> shows it from a blob URL.
export const fetchLogoFx = createEffect(async ({ id }: { id: number; logoId: string }) => {
  const token = tokenStorage.get()
  const response = await fetch(`/api${logoUrl(id)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  if (!response.ok) throw new ApiError(response.statusText, response.status)
  return URL.createObjectURL(await response.blob())
})
export const $logoUrl = createStore<string | null>(null)
export const revokeLogoUrlFx = createEffect((url: string) => URL.revokeObjectURL(url))
// The shown URL is read before the store takes the new one, so the old one (never the new) is revoked.
const logoUrlChanged = createEvent<string | null>()
const logoReplaced = sample({ clock: logoUrlChanged, source: $logoUrl, fn: (old, url) => ({ old, url }) })
$logoUrl.on(logoReplaced, (_, { url }) => url)
sample({ clock: logoReplaced, filter: ({ old, url }) => Boolean(old) && old !== url, fn: ({ old }) => old!, target: revokeLogoUrlFx })
sample({ clock: fetchLogoFx.doneData, target: logoUrlChanged })
// Fetched again only when the logo itself changes, not on every save of the company; no logo (or
// another company opening) lets the shown one go.
const $logoRef = $company.map((company) => (company?.logoId ? `${company.id}/${company.logoId}` : null))
sample({ clock: $logoRef.updates, filter: (ref) => ref === null, fn: () => null, target: logoUrlChanged })
sample({
  clock: $logoRef.updates,
  source: $company,
  filter: (company, ref) => Boolean(ref && company?.logoId),
  fn: (company) => ({ id: company!.id, logoId: company!.logoId! }),
  target: fetchLogoFx,
})
sample({ clock: logoChosen, source: $company, filter: Boolean, fn: (company, file) => ({ id: company.id, file }), target: uploadLogoFx })
sample({ clock: uploadLogoFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.logoSaved' }), target: notifyFx })
export const $logoError = createStore<string | null>(null)
  .on(uploadLogoFx.failData, (_, error) => (error instanceof ApiError && (error.status === 400 || error.status === 413) ? 'logo.invalid' : 'toast.logoFailed'))
  .reset(uploadLogoFx, companyOpened)
sample({ clock: uploadLogoFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.logoFailed' }), target: notifyFx })

// Skyview: turned on after a confirmation, never off (spec part1 §6).
export const askFx = createEffect(({ title, text }: { title: string; text: string }) =>
  confirm({ title: i18n.t(title, { ns: 'companies' }), text: i18n.t(text, { ns: 'companies' }) }),
)
const askSkyviewFx = createEffect((company: Company) =>
  askFx({ title: 'skyview.confirmTitle', text: 'skyview.confirmText' }).then((yes) => (yes ? company.id : null)),
)
sample({ clock: skyviewClicked, source: $company, filter: (c): c is Company => Boolean(c && !c.skymapEnabled), target: askSkyviewFx })
sample({ clock: askSkyviewFx.doneData, filter: (id): id is number => id !== null, target: enableSkyviewFx })
sample({ clock: enableSkyviewFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.saved' }), target: notifyFx })
sample({ clock: enableSkyviewFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.saveFailed' }), target: notifyFx })

// Delete after a confirmation; a refusal lists its reasons on the page.
const askDeleteFx = createEffect((company: Company) =>
  askFx({ title: 'delete.confirmTitle', text: 'delete.confirmText' }).then((yes) => (yes ? company.id : null)),
)
export const leaveFx = createEffect(() => navigate('/companies'))
sample({ clock: deleteClicked, source: $company, filter: Boolean, target: askDeleteFx })
sample({ clock: askDeleteFx.doneData, filter: (id): id is number => id !== null, target: deleteCompanyFx })
sample({ clock: deleteCompanyFx.done, target: leaveFx })
sample({ clock: deleteCompanyFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.deleted' }), target: notifyFx })
sample({ clock: deleteCompanyFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.deleteFailed' }), target: notifyFx })
