import { ApiError } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { addProjectUserFx, fetchProjectPrivilegesFx, fetchProjectUserFx, fetchProjectUsersFx, lookUpUserFx, setProjectLevelFx } from '../../../api'
import { notifyFx } from '../../../notify'
import { $addError, $canAdd, $lookup, $user, $users, addClicked, levelSet, offeredLevels, userOpened, usernameTyped, usersOpened } from './model'

const anna = { userId: 8, username: 'anna@x.test', firstName: 'Anna', lastName: 'Nowak', acronym: 'AN', enabled: true, anonymous: false, accessLevel: 'VIEW' as const }
const annaLevels = { ...anna, ownAccessLevel: 'VIEW' as const, otherAccessLevel: 'NONE' as const }

const setup = (verdict: 'found' | 'missing' | 'unknown' = 'found') => {
  const added: unknown[] = []
  const looked: string[] = []
  const set: unknown[] = []
  const scope = fork({
    handlers: [
      [fetchProjectUsersFx, async () => []],
      [lookUpUserFx, async (text: string) => { looked.push(text); return verdict }],
      [addProjectUserFx, async (params: unknown) => { added.push(params); return anna }],
      [fetchProjectUserFx, async () => annaLevels],
      [fetchProjectPrivilegesFx, async () => ({ projectId: 5, accessLevel: 'ADMINISTER', grantable: ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT'], mayRemoveUsers: true })],
      [setProjectLevelFx, async (params: { accessLevel: 'EDIT' }) => { set.push(params); return { ...annaLevels, accessLevel: params.accessLevel, ownAccessLevel: params.accessLevel } }],
      [notifyFx, () => undefined],
    ],
  })
  return { scope, added, looked, set }
}

describe("the project's users", () => {
  test('the add box looks up from 4 characters and enables Add only for an account user', async () => {
    const { scope, added, looked } = setup('found')
    await allSettled(usersOpened, { scope, params: 5 })
    await allSettled(usernameTyped, { scope, params: 'ann' })
    expect(looked).toEqual([])
    expect(scope.getState($canAdd)).toBe(false)
    await allSettled(addClicked, { scope })
    expect(added).toEqual([])
    await allSettled(usernameTyped, { scope, params: 'anna@x.test' })
    expect(looked).toEqual(['anna@x.test'])
    expect(scope.getState($canAdd)).toBe(true)
    await allSettled(addClicked, { scope })
    expect(added).toEqual([{ projectId: 5, username: 'anna@x.test' }])
    expect(scope.getState($users)).toEqual([anna])
  })

  test('text that names nobody says so and keeps Add off', async () => {
    const { scope } = setup('missing')
    await allSettled(usersOpened, { scope, params: 5 })
    await allSettled(usernameTyped, { scope, params: 'nobody@x.test' })
    expect(scope.getState($lookup)).toBe('missing')
    expect(scope.getState($canAdd)).toBe(false)
  })

  test('an add the API answers 404 shows the user-not-found text', async () => {
    const { scope } = setup('unknown')
    const failing = fork({
      values: [],
      handlers: [
        [fetchProjectUsersFx, async () => []],
        [fetchProjectPrivilegesFx, async () => null],
        [lookUpUserFx, async () => 'unknown'],
        [addProjectUserFx, async () => Promise.reject(new ApiError('User not found', 404))],
        [notifyFx, () => undefined],
      ],
    })
    void scope
    await allSettled(usersOpened, { scope: failing, params: 5 })
    await allSettled(usernameTyped, { scope: failing, params: 'ghost@x.test' })
    await allSettled(addClicked, { scope: failing })
    expect(failing.getState($addError)).toBe('notFound')
  })

  test("Set saves the row's level at once", async () => {
    const { scope, set } = setup()
    await allSettled(userOpened, { scope, params: { projectId: 5, userId: 8 } })
    await allSettled(levelSet, { scope, params: 'EDIT' })
    expect(set).toEqual([{ projectId: 5, userId: 8, accessLevel: 'EDIT' }])
    expect(scope.getState($user)?.ownAccessLevel).toBe('EDIT')
  })

  test('the level table offers what the API lets the caller give, and None to take it away', () => {
    expect(offeredLevels({ grantable: ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT'] })).toEqual(['NONE', 'ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT'])
    expect(offeredLevels({ grantable: ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'] })).toContain('ADMINISTER')
    expect(offeredLevels({ grantable: [] })).toEqual([])
  })
})
