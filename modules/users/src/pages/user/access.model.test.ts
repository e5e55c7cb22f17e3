import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { type Grant, type GrantChange, addGrantFx, changeGrantActionFx, fetchCompaniesFx, fetchGrantsFx, fetchProjectsFx, removeGrantFx } from '../../api'
import { confirmFx, notifyFx } from '../../notify'
import { $canAdd, $grants, accessOpened, addClicked, removeClicked, resourceChosen, resourceIdChosen, rowActionChosen } from './access.model'

const grant: Grant = { id: 1, name: null, resource: 'COMPANY', resourceId: 3, action: 'VIEW' }

const setup = (confirmed = true) => {
  const calls: string[] = []
  const record = (kind: string) => async ({ userId, grant: change }: { userId: number; grant: GrantChange }) => {
    calls.push(`${kind} ${userId} ${change.resource} ${change.resourceId} ${change.action}`)
    return { ...grant, ...change }
  }
  let loads = 0
  const scope = fork({
    handlers: [
      [
        fetchGrantsFx,
        async () => {
          loads += 1
          return [grant]
        },
      ],
      [fetchProjectsFx, async () => []],
      [fetchCompaniesFx, async () => [{ id: 3, name: 'Nordic Steel Oy' }]],
      [addGrantFx, record('add')],
      [removeGrantFx, record('remove')],
      [changeGrantActionFx, record('change')],
      [confirmFx, async () => confirmed],
      [notifyFx, () => {}],
    ],
  })
  return { scope, calls, loads: () => loads }
}

test('opening lists the grants; add needs a target unless it is the account', async () => {
  const { scope, calls, loads } = setup()
  await allSettled(accessOpened, { scope, params: 9 })
  expect(scope.getState($grants)).toEqual([grant])
  expect(scope.getState($canAdd)).toBe(false)
  await allSettled(resourceIdChosen, { scope, params: 3 })
  expect(scope.getState($canAdd)).toBe(true)
  await allSettled(addClicked, { scope })
  await allSettled(resourceChosen, { scope, params: 'ACCOUNT' })
  await allSettled(addClicked, { scope })
  expect(calls).toEqual(['add 9 COMPANY 3 VIEW', 'add 9 ACCOUNT null VIEW'])
  expect(loads()).toBe(3)
})

test('removing asks first; changing the action sends the grant with the new one', async () => {
  const declined = setup(false)
  await allSettled(accessOpened, { scope: declined.scope, params: 9 })
  await allSettled(removeClicked, { scope: declined.scope, params: grant })
  expect(declined.calls).toEqual([])

  const { scope, calls } = setup(true)
  await allSettled(accessOpened, { scope, params: 9 })
  await allSettled(removeClicked, { scope, params: grant })
  await allSettled(rowActionChosen, { scope, params: { grant, action: 'EDIT' } })
  await allSettled(rowActionChosen, { scope, params: { grant, action: 'VIEW' } })
  expect(calls).toEqual(['remove 9 COMPANY 3 VIEW', 'change 9 COMPANY 3 EDIT'])
})
