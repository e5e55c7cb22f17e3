import { $session, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { type NewUser, createUserFx, emailStatusFx, fetchCompaniesFx, fetchProjectsFx } from '../../api'
import { notifyFx } from '../../notify'
import { user } from '../../test-fixtures'
import { $registeredElsewhere, $step, backClicked, companyChosen, detailsForm, finishClicked, newUserOf, nextClicked, projectLevelChosen, wizardOpened } from './model'

const flags = { canManageUsers: true, canManageCompanyUsers: true }
const session = { user: { id: 1 }, accountId: 5, flags } as unknown as Session

const setup = (registered: string[] = [], elsewhere: string[] = []) => {
  const created: { accountId: number; user: NewUser }[] = []
  const notices: string[] = []
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [emailStatusFx, async (email: string) => ({ exists: registered.includes(email) || elsewhere.includes(email), member: registered.includes(email) })],
      [fetchProjectsFx, async () => []],
      [fetchCompaniesFx, async () => [{ id: 3, name: 'Nordic Steel Oy' }]],
      [
        createUserFx,
        async (call: { accountId: number; user: NewUser }) => {
          created.push(call)
          return user(42, { firstName: call.user.firstName, lastName: call.user.lastName })
        },
      ],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
      [detailsForm.scrollToFieldFx, () => {}],
    ],
  })
  const fill = (values: Record<string, string>) =>
    Promise.all(Object.entries(values).map(([name, value]) => allSettled(detailsForm.fieldChanged, { scope, params: { name: name as never, value } })))
  return { scope, created, notices, fill }
}


const valid = { email: 'nea@demo.test', repeatEmail: 'nea@demo.test', firstName: 'Nea', lastName: 'Newton' }

// Real timers: each change waits out the form's 300 ms validation debounce.
const settle = (promise: Promise<unknown>) => promise

test('step 1 moves on only with valid details; a registered e-mail and a different repeat block it', async () => {
  const { scope, fill } = setup(['taken@demo.test'])
  await allSettled(wizardOpened, { scope })
  await settle(fill({ ...valid, email: 'taken@demo.test', repeatEmail: 'other@demo.test', firstName: 'N' }))
  await settle(allSettled(nextClicked, { scope }))
  expect(scope.getState($step)).toBe(1)
  expect(scope.getState(detailsForm.$errors)).toEqual({
    email: { key: 'users:add.exists' },
    repeatEmail: { key: 'users:add.emailsMismatch' },
    firstName: { key: 'validation.minLength', values: { min: 2 } },
  })
  await settle(fill(valid))
  await settle(allSettled(nextClicked, { scope }))
  expect(scope.getState($step)).toBe(2)
})

test('a person registered in another account passes the check, with a note that they are added', async () => {
  const { scope, fill } = setup([], ['pia@demo.test'])
  await allSettled(wizardOpened, { scope })
  await settle(fill({ ...valid, email: 'pia@demo.test', repeatEmail: 'pia@demo.test' }))
  expect(scope.getState($registeredElsewhere)).toBe(true)
  await settle(allSettled(nextClicked, { scope }))
  expect(scope.getState($step)).toBe(2)
  await allSettled(wizardOpened, { scope })
  expect(scope.getState($registeredElsewhere)).toBe(false)
})

test('Back, Next and Finish: the user is created with the chosen company and opened', async () => {
  const { scope, fill, created, notices } = setup()
  await allSettled(wizardOpened, { scope })
  await settle(fill(valid))
  await settle(allSettled(nextClicked, { scope }))
  await allSettled(nextClicked, { scope })
  expect(scope.getState($step)).toBe(3)
  await allSettled(backClicked, { scope })
  expect(scope.getState($step)).toBe(2)
  await allSettled(nextClicked, { scope })
  await allSettled(companyChosen, { scope, params: 3 })
  await allSettled(finishClicked, { scope })
  expect(created).toEqual([
    {
      accountId: 5,
      user: { ...valid, companyId: 3, privileges: [{ resource: 'COMPANY', resourceId: 3, action: 'VIEW' }] },
    },
  ])
  expect(notices).toEqual(['add.created'])
})

test('a project with a level becomes a grant; choosing no level takes it out again', () => {
  expect(newUserOf(valid, { 7: 'EDIT' }, null, 'VIEW').privileges).toEqual([{ resource: 'PROJECT', resourceId: 7, action: 'EDIT' }])
  expect(newUserOf(valid, {}, null, 'VIEW').privileges).toEqual([])
})

test('project levels are chosen and cleared per project', async () => {
  const { scope } = setup()
  await allSettled(wizardOpened, { scope })
  await allSettled(projectLevelChosen, { scope, params: { projectId: 7, action: 'EDIT' } })
  await allSettled(projectLevelChosen, { scope, params: { projectId: 8, action: 'VIEW' } })
  await allSettled(projectLevelChosen, { scope, params: { projectId: 7, action: '' } })
  const { $projectLevels } = await import('./model')
  expect(scope.getState($projectLevels)).toEqual({ 8: 'VIEW' })
})
