import { ApiError, registerLocales } from '@app/module-kit'
import type { UserAccess } from '@app/plugin-companies/shared'
import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { type UserAccessRef, fetchCandidatesFx, fetchUserAccessFx, fetchUsersWithAccessFx, removeUserAccessFx, setUserAccessFx } from '../../api'
import { locales } from '../../locales'
import { notifyFx } from '../../notify'
import { askFx } from './model'
import { UserAccessPage } from './user-access'
import { $changed, $chosen, $denied, $loadError, $userAccess, levelChosen, saveClicked, userAccessOpened } from './user-access.model'
import { accessList, accessPicker, accessUserChosen, openUserAccessFx } from './users.model'

const ULLA: UserAccess = {
  userId: 5,
  username: 'user@demo.test',
  firstName: 'Ulla',
  lastName: 'User',
  acronym: 'UUS',
  enabled: true,
  anonymous: false,
  action: 'NONE',
  ownAction: 'NONE',
  otherAction: 'NONE',
}
const REF = { id: 3, userId: 5 }

const setup = (overrides: { get?: () => Promise<UserAccess>; set?: () => Promise<UserAccess>; answer?: boolean } = {}) => {
  const set: (UserAccessRef & { action: string })[] = []
  const removed: UserAccessRef[] = []
  const notices: string[] = []
  const scope = fork({
    handlers: [
      [fetchUserAccessFx, overrides.get ?? (async () => ULLA)],
      [
        setUserAccessFx,
        async (job: UserAccessRef & { action: 'ACCESS' | 'ADMINISTER' }) => {
          set.push(job)
          return overrides.set ? overrides.set() : { ...ULLA, action: job.action, ownAction: job.action }
        },
      ],
      [
        removeUserAccessFx,
        async (job: UserAccessRef) => {
          removed.push(job)
          return ULLA
        },
      ],
      [askFx, async () => overrides.answer ?? true],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, set, removed, notices }
}

beforeAll(() => registerLocales('companies', locales))

describe('a user’s access page', () => {
  test('opens with their own level chosen; saving a new level puts it and says so', async () => {
    const { scope, set, notices } = setup()
    await allSettled(userAccessOpened, { scope, params: REF })
    expect(scope.getState($userAccess)).toEqual(ULLA)
    expect(scope.getState($chosen)).toBe('NONE')
    expect(scope.getState($changed)).toBe(false)
    await allSettled(saveClicked, { scope })
    expect(set).toEqual([])

    await allSettled(levelChosen, { scope, params: 'ADMINISTER' })
    expect(scope.getState($changed)).toBe(true)
    await allSettled(saveClicked, { scope })
    expect(set).toEqual([{ ...REF, action: 'ADMINISTER' }])
    expect(scope.getState($userAccess)?.ownAction).toBe('ADMINISTER')
    expect(scope.getState($changed)).toBe(false)
    expect(notices).toEqual(['userAccess.saved'])
  })

  test('taking access away asks first: No keeps it, Yes removes it', async () => {
    const given = { ...ULLA, action: 'ACCESS' as const, ownAction: 'ACCESS' as const }
    const keep = setup({ get: async () => given, answer: false })
    await allSettled(userAccessOpened, { scope: keep.scope, params: REF })
    await allSettled(levelChosen, { scope: keep.scope, params: 'NONE' })
    await allSettled(saveClicked, { scope: keep.scope })
    expect(keep.removed).toEqual([])
    expect(keep.scope.getState($userAccess)?.ownAction).toBe('ACCESS')

    const remove = setup({ get: async () => given, answer: true })
    await allSettled(userAccessOpened, { scope: remove.scope, params: REF })
    await allSettled(levelChosen, { scope: remove.scope, params: 'NONE' })
    await allSettled(saveClicked, { scope: remove.scope })
    expect(remove.removed).toEqual([REF])
    expect(remove.set).toEqual([])
    expect(remove.notices).toEqual(['userAccess.removed'])
  })

  test('a failed save says the company could not be saved; a refusal also says why on the page', async () => {
    const { scope, notices } = setup({ set: () => Promise.reject(new ApiError('Forbidden', 403)) })
    await allSettled(userAccessOpened, { scope, params: REF })
    await allSettled(levelChosen, { scope, params: 'ADMINISTER' })
    await allSettled(saveClicked, { scope })
    expect(notices).toEqual(['toast.saveFailed'])
    expect(scope.getState($denied)).toBe(true)
    expect(scope.getState($userAccess)?.ownAction).toBe('NONE')
  })

  test('a user outside the account is not found', async () => {
    const { scope } = setup({ get: () => Promise.reject(new ApiError('User not found', 404)) })
    await allSettled(userAccessOpened, { scope, params: REF })
    expect(scope.getState($loadError)).toBe('notFound')
  })
})

describe('<UserAccessPage />', () => {
  const draw = async (access: UserAccess) => {
    const { scope } = setup({ get: async () => access })
    await allSettled(userAccessOpened, { scope, params: REF })
    return renderToStaticMarkup(
      <Provider value={scope}>
        <UserAccessPage companyId={3} userId={5} />
      </Provider>,
    )
  }

  test('without access: the spec’s message and the three levels, None chosen', async () => {
    const html = await draw(ULLA)
    expect(html).toContain('Access of Ulla User')
    expect(html).toContain('<p role="status">The user has no access to this company</p>')
    expect(html).toMatch(/<legend>Access to this company<\/legend>/)
    expect(html.match(/type="radio"/g)).toHaveLength(3)
    expect(html).toMatch(/checked="" value="NONE"/)
    expect(html).toContain('Company access')
    expect(html).toContain('Company administer')
    expect(html).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*disabled="")/)
    expect(html).toContain('href="/companies/3/useraccess"')
  })

  test('another level held is offered too, and the role’s share is explained', async () => {
    const html = await draw({ ...ULLA, action: 'EDIT', ownAction: 'VIEW', otherAction: 'EDIT' })
    expect(html).toContain('Access now: Edit')
    expect(html).toContain('Their role or other privileges give them Edit')
    expect(html.match(/type="radio"/g)).toHaveLength(4)
    expect(html).toMatch(/checked="" value="VIEW"/)
  })
})

describe('the useraccess tab’s box', () => {
  test('opens the access page of the account user it names exactly', async () => {
    const opened: { id: number; userId: number }[] = []
    const scope = fork({
      handlers: [
        [fetchUsersWithAccessFx, async () => ({ total: 0, limit: 50, skip: 0, data: [] })],
        [fetchCandidatesFx, async () => [ULLA]],
        [openUserAccessFx, (job: { id: number; userId: number }) => void opened.push(job)],
      ],
    })
    await allSettled(accessList.opened, { scope, params: 3 })
    await allSettled(accessPicker.typed, { scope, params: 'user@demo' })
    await allSettled(accessUserChosen, { scope })
    expect(opened).toEqual([])
    await allSettled(accessPicker.typed, { scope, params: 'Ulla User' })
    await allSettled(accessUserChosen, { scope })
    expect(opened).toEqual([{ id: 3, userId: 5 }])
  })
})
