import type { CompanyUser } from '@app/plugin-companies/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { addCompanyUserFx, fetchCandidatesFx, fetchCompanyUsersFx, removeCompanyUserFx } from '../../api'
import { notifyFx } from '../../notify'
import { $candidateText, $match, addClicked, candidateTyped, removable, removeConfirmed, usersList } from './users.model'

const ULLA: CompanyUser = { userId: 5, username: 'user@demo.test', firstName: 'Ulla', lastName: 'User', acronym: 'UUS', enabled: true, anonymous: false }

const setup = () => {
  const asked: string[] = []
  const added: string[] = []
  const removed: number[] = []
  let loads = 0
  const scope = fork({
    handlers: [
      [
        fetchCompanyUsersFx,
        async () => {
          loads += 1
          return { total: 0, limit: 50, skip: 0, data: [] }
        },
      ],
      [
        fetchCandidatesFx,
        async ({ filter }: { filter: string }) => {
          asked.push(filter)
          return [ULLA]
        },
      ],
      [
        addCompanyUserFx,
        async ({ username }: { username: string }) => {
          added.push(username)
          return ULLA
        },
      ],
      [
        removeCompanyUserFx,
        async ({ userId }: { userId: number }) => {
          removed.push(userId)
          return ULLA
        },
      ],
      [notifyFx, () => undefined],
    ],
  })
  return { scope, asked, added, removed, loads: () => loads }
}

describe('add-company-user box', () => {
  test('asks for suggestions from 4 characters and enables Add only for an exact match', async () => {
    const { scope, asked, added } = setup()
    await allSettled(usersList.opened, { scope, params: 3 })
    await allSettled(candidateTyped, { scope, params: 'use' })
    expect(asked).toEqual([])
    expect(scope.getState($match)).toBeNull()
    await allSettled(candidateTyped, { scope, params: 'user' })
    expect(asked).toEqual(['user'])
    expect(scope.getState($match)).toBeNull()
    await allSettled(addClicked, { scope })
    expect(added).toEqual([])

    await allSettled(candidateTyped, { scope, params: 'USER@demo.test' })
    expect(scope.getState($match)).toEqual(ULLA)
    await allSettled(candidateTyped, { scope, params: 'Ulla User' })
    expect(scope.getState($match)).toEqual(ULLA)
    await allSettled(addClicked, { scope })
    expect(added).toEqual(['user@demo.test'])
    expect(scope.getState($candidateText)).toBe('')
  })

  test('the list reloads after an add and after a confirmed removal', async () => {
    const { scope, removed, loads } = setup()
    await allSettled(usersList.opened, { scope, params: 3 })
    expect(loads()).toBe(1)
    expect(scope.getState(usersList.$page)?.total).toBe(0)
    await allSettled(removeConfirmed, { scope, params: ULLA })
    expect(removed).toEqual([5])
    expect(loads()).toBe(2)
  })
})

describe('company users list', () => {
  test('Retry after a failed load asks again for the same page', async () => {
    const pages: number[] = []
    let fail = true
    const scope = fork({
      handlers: [
        [
          fetchCompanyUsersFx,
          async ({ skip }: { skip: number }) => {
            pages.push(skip)
            if (fail) throw new Error('Your session has ended')
            return { total: 60, limit: 50, skip, data: [ULLA] }
          },
        ],
      ],
    })
    await allSettled(usersList.opened, { scope, params: 3 })
    await allSettled(usersList.pageChosen, { scope, params: 2 })
    expect(scope.getState(usersList.$failed)).toBe(true)
    fail = false
    await allSettled(usersList.retried, { scope })
    expect(pages).toEqual([0, 50, 50])
    expect(scope.getState(usersList.$failed)).toBe(false)
    expect(scope.getState(usersList.$page)?.data).toEqual([ULLA])
  })
})

test('an anonymised user offers no Remove, and a stray confirmation removes nothing', async () => {
  const { scope, removed } = setup()
  const anonymised = { ...ULLA, userId: 6, anonymous: true }
  expect(removable(ULLA)).toBe(true)
  expect(removable(anonymised)).toBe(false)
  await allSettled(usersList.opened, { scope, params: 3 })
  await allSettled(removeConfirmed, { scope, params: anonymised })
  expect(removed).toEqual([])
})
