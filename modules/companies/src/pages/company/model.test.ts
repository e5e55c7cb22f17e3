import { ApiError } from '@app/module-kit'
import type { Company, CompanyData } from '@app/plugin-companies/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { deleteCompanyFx, enableSkyviewFx, fetchCompanyChoicesFx, fetchCompanyFx, saveCompanyFx } from '../../api'
import { notifyFx } from '../../notify'
import { $company, $deleteBlocks, $loadError, $logoUrl, askFx, companyOpened, deleteClicked, editForm, fetchLogoFx, leaveFx, revokeLogoUrlFx, skyviewClicked } from './model'
import { visibleTabs } from './page'

const NORDIC: Company = {
  id: 3,
  accountId: 1,
  name: 'Nordic Steel Oy',
  number: 'NS-1',
  masterNumber: null,
  address: null,
  city: 'Oulu',
  zip: null,
  country: 'FI',
  plant: null,
  contactEmail: null,
  contactPerson: 'Liisa Laine',
  contactPhone: null,
  contactTitle: null,
  vatRegNo: null,
  parentId: null,
  latitude: 65.01,
  longitude: null,
  skymapEnabled: false,
  logoId: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  createdBy: null,
}

const setup = (overrides: { save?: () => Promise<Company>; remove?: () => Promise<Company>; answer?: boolean; get?: () => Promise<Company> } = {}) => {
  const saved: { id: number; data: Partial<CompanyData> }[] = []
  const notices: string[] = []
  const left: number[] = []
  const enabled: number[] = []
  const scope = fork({
    handlers: [
      [fetchCompanyFx, overrides.get ?? (async () => NORDIC)],
      [fetchCompanyChoicesFx, async () => ({ total: 1, limit: 500, skip: 0, data: [{ id: 3, name: 'Nordic Steel Oy' }] })],
      [
        saveCompanyFx,
        async (job: { id: number; data: Partial<CompanyData> }) => {
          saved.push(job)
          return overrides.save ? overrides.save() : { ...NORDIC, ...job.data }
        },
      ],
      [deleteCompanyFx, overrides.remove ?? (async () => NORDIC)],
      [
        enableSkyviewFx,
        async (id: number) => {
          enabled.push(id)
          return { ...NORDIC, skymapEnabled: true }
        },
      ],
      [askFx, async () => overrides.answer ?? true],
      [fetchLogoFx, async () => 'blob:logo'],
      [leaveFx, () => void left.push(1)],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, saved, notices, left, enabled }
}

describe('company page', () => {
  test('the shown logo URL stays valid; it is revoked once another company opens', async () => {
    const revoked: string[] = []
    const scope = fork({
      handlers: [
        [fetchCompanyFx, async () => ({ ...NORDIC, logoId: 'a1' })],
        [fetchCompanyChoicesFx, async () => ({ total: 0, limit: 500, skip: 0, data: [] })],
        [fetchLogoFx, async () => 'blob:logo-1'],
        [revokeLogoUrlFx, (url: string) => void revoked.push(url)],
      ],
    })
    await allSettled(companyOpened, { scope, params: 3 })
    expect(scope.getState($logoUrl)).toBe('blob:logo-1')
    expect(revoked).toEqual([])
    await allSettled(companyOpened, { scope, params: 4 })
    expect(revoked).toEqual(['blob:logo-1'])
  })

  test('the same company opened again (another tab\'s route) stays shown with its logo while it reloads', async () => {
    const revoked: string[] = []
    const answers: ((company: Company) => void)[] = []
    const scope = fork({
      handlers: [
        [fetchCompanyFx, () => new Promise<Company>((resolve) => answers.push(resolve))],
        [fetchCompanyChoicesFx, async () => ({ total: 0, limit: 500, skip: 0, data: [] })],
        [fetchLogoFx, async () => 'blob:logo-1'],
        [revokeLogoUrlFx, (url: string) => void revoked.push(url)],
      ],
    })
    const first = allSettled(companyOpened, { scope, params: 3 })
    answers[0]?.({ ...NORDIC, logoId: 'a1' })
    await first
    const again = allSettled(companyOpened, { scope, params: 3 })
    expect(scope.getState($company)?.name).toBe('Nordic Steel Oy')
    expect(scope.getState(editForm.$values).name).toBe('Nordic Steel Oy')
    answers[1]?.({ ...NORDIC, logoId: 'a1', city: 'Kemi' })
    await again
    expect(scope.getState($company)?.city).toBe('Kemi')
    expect(scope.getState($logoUrl)).toBe('blob:logo-1')
    expect(revoked).toEqual([])
  })

  test('opening loads the company into the form untouched, and a save sends it with a success toast', async () => {
    const { scope, saved, notices } = setup()
    await allSettled(companyOpened, { scope, params: 3 })
    expect(scope.getState($company)?.name).toBe('Nordic Steel Oy')
    expect(scope.getState(editForm.$values)).toMatchObject({ name: 'Nordic Steel Oy', number: 'NS-1', city: 'Oulu', latitude: '65.01', longitude: '' })
    // Loaded, not typed: no field is shown as checked before the user changes it.
    expect(scope.getState(editForm.$touched)).toEqual({})
    await allSettled(editForm.fieldChanged, { scope, params: { name: 'city', value: 'Kemi' } })
    await allSettled(editForm.submitted, { scope })
    expect(saved).toEqual([{ id: 3, data: expect.objectContaining({ name: 'Nordic Steel Oy', city: 'Kemi', latitude: 65.01, longitude: null }) }])
    expect(notices).toEqual(['toast.saved'])
    expect(scope.getState($company)?.city).toBe('Kemi')
  })

  test('a failed save says the company could not be saved', async () => {
    const { scope, notices } = setup({ save: async () => Promise.reject(new ApiError('Conflict', 409)) })
    await allSettled(companyOpened, { scope, params: 3 })
    await allSettled(editForm.submitted, { scope })
    expect(notices).toEqual(['toast.saveFailed'])
  })

  test('a missing company is "not found"', async () => {
    const { scope } = setup({ get: async () => Promise.reject(new ApiError('Not Found', 404)) })
    await allSettled(companyOpened, { scope, params: 99 })
    expect(scope.getState($loadError)).toBe('notFound')
  })

  test('a company the API refuses the caller is "forbidden": the 403 state, not "could not be loaded"', async () => {
    const { scope } = setup({ get: async () => Promise.reject(new ApiError('Forbidden', 403)) })
    await allSettled(companyOpened, { scope, params: 4 })
    expect(scope.getState($loadError)).toBe('forbidden')
  })

  test('Skyview is turned on after a Yes, and never asked for again once on', async () => {
    const { scope, enabled } = setup()
    await allSettled(companyOpened, { scope, params: 3 })
    await allSettled(skyviewClicked, { scope })
    expect(enabled).toEqual([3])
    expect(scope.getState($company)?.skymapEnabled).toBe(true)
    await allSettled(skyviewClicked, { scope })
    expect(enabled).toEqual([3])
    const declined = setup({ answer: false })
    await allSettled(companyOpened, { scope: declined.scope, params: 3 })
    await allSettled(skyviewClicked, { scope: declined.scope })
    expect(declined.enabled).toEqual([])
  })

  test('delete: after a Yes it leaves for the list; a refusal shows its reasons', async () => {
    const ok = setup()
    await allSettled(companyOpened, { scope: ok.scope, params: 3 })
    await allSettled(deleteClicked, { scope: ok.scope })
    expect(ok.left).toEqual([1])
    expect(ok.notices).toEqual(['toast.deleted'])

    const blocks = [{ reason: 'is parent of', item: 'Child Oy' }]
    const refused = setup({ remove: async () => Promise.reject(new ApiError('The company cannot be deleted', 409, undefined, { blocks })) })
    await allSettled(companyOpened, { scope: refused.scope, params: 3 })
    await allSettled(deleteClicked, { scope: refused.scope })
    expect(refused.left).toEqual([])
    expect(refused.scope.getState($deleteBlocks)).toEqual(blocks)
    expect(refused.notices).toEqual(['toast.deleteFailed'])
  })

  test('tabs follow the flags (spec part1 §6)', () => {
    const none = { canManageProjects: false, canManageCompany: false, canManageCompanyUsers: false }
    expect(visibleTabs(none)).toEqual(['metadata'])
    expect(visibleTabs({ ...none, canManageCompany: true })).toEqual(['metadata', 'projects'])
    expect(visibleTabs({ ...none, canManageCompanyUsers: true })).toEqual(['metadata', 'useraccess', 'users'])
  })
})
