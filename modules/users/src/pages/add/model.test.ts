import { $enabledModules, $session, type EnabledModule, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { type NewUser, createUserFx, emailStatusFx, fetchCompaniesFx } from '../../api'
import { notifyFx } from '../../notify'
import { user } from '../../test-fixtures'
import {
  $chosenProjects,
  $isLastStep,
  $registeredElsewhere,
  $step,
  $steps,
  backClicked,
  companyChosen,
  detailsForm,
  fetchProjectChoicesFx,
  newUserOf,
  projectLevelChosen,
  projectPicker,
  projectRemoved,
  projectToggled,
  stepSubmitted,
  wizardOpened,
} from './model'

const PROJECTS_REMOTE = { id: 'projects', module: 'project', remote: 'projects', entry: '', version: '1', menu: [], routes: [], tiles: [] } as unknown as EnabledModule
const HARBOUR = { id: 55, symbol: 'P-1001', name: 'Harbour crane' }
const DOCKS = { id: 56, symbol: 'P-1002', name: 'Docks' }

const flags = { canManageUsers: true, canManageCompanyUsers: true, canSeeProjects: true }
const session = { user: { id: 1 }, accountId: 5, flags } as unknown as Session

const setup = (registered: string[] = [], elsewhere: string[] = [], signedIn: Session = session, modules: EnabledModule[] = []) => {
  const created: { accountId: number; user: NewUser }[] = []
  const projectQueries: unknown[] = []
  const notices: string[] = []
  const scope = fork({
    values: [
      [$session, signedIn],
      [$enabledModules, modules],
    ],
    handlers: [
      [
        fetchProjectChoicesFx,
        async (query: unknown) => {
          projectQueries.push(query)
          return { total: 2, limit: 10, skip: 0, data: [HARBOUR, DOCKS] }
        },
      ],
      [emailStatusFx, async (email: string) => ({ exists: registered.includes(email) || elsewhere.includes(email), member: registered.includes(email) })],
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
  return { scope, created, notices, fill, projectQueries }
}


const valid = { email: 'nea@demo.test', repeatEmail: 'nea@demo.test', firstName: 'Nea', lastName: 'Newton' }

// Real timers: each change waits out the form's 300 ms validation debounce.
const settle = (promise: Promise<unknown>) => promise

test('step 1 moves on only with valid details; a registered e-mail and a different repeat block it', async () => {
  const { scope, fill } = setup(['taken@demo.test'])
  await allSettled(wizardOpened, { scope })
  await settle(fill({ ...valid, email: 'taken@demo.test', repeatEmail: 'other@demo.test', firstName: 'N' }))
  await settle(allSettled(stepSubmitted, { scope }))
  expect(scope.getState($step)).toBe('details')
  expect(scope.getState(detailsForm.$errors)).toEqual({
    email: { key: 'users:add.exists' },
    repeatEmail: { key: 'validation.emailsMismatch' },
    firstName: { key: 'validation.minLength', values: { min: 2 } },
  })
  await settle(fill(valid))
  await settle(allSettled(stepSubmitted, { scope }))
  expect(scope.getState($step)).toBe('company')
})

test('a person registered in another account passes the check, with a note that they are added', async () => {
  const { scope, fill } = setup([], ['pia@demo.test'])
  await allSettled(wizardOpened, { scope })
  await settle(fill({ ...valid, email: 'pia@demo.test', repeatEmail: 'pia@demo.test' }))
  expect(scope.getState($registeredElsewhere)).toBe(true)
  await settle(allSettled(stepSubmitted, { scope }))
  expect(scope.getState($step)).toBe('company')
  await allSettled(wizardOpened, { scope })
  expect(scope.getState($registeredElsewhere)).toBe(false)
})

test('Enter or Next, Back, then Finish: the user is created with the chosen company and opened', async () => {
  const { scope, fill, created, notices } = setup()
  await allSettled(wizardOpened, { scope })
  expect(scope.getState($steps)).toEqual(['details', 'company'])
  await settle(fill(valid))
  await settle(allSettled(stepSubmitted, { scope }))
  expect(scope.getState($step)).toBe('company')
  expect(scope.getState($isLastStep)).toBe(true)
  await allSettled(backClicked, { scope })
  expect(scope.getState($step)).toBe('details')
  expect(created).toEqual([])
  await settle(allSettled(stepSubmitted, { scope }))
  await allSettled(companyChosen, { scope, params: 3 })
  await allSettled(stepSubmitted, { scope })
  expect(created).toEqual([
    {
      accountId: 5,
      user: { ...valid, companyId: 3, privileges: [{ resource: 'COMPANY', resourceId: 3, action: 'VIEW' }] },
    },
  ])
  expect(notices).toEqual(['add.created'])
})

test('without company access to give, the details are the one step: Finish checks them, then creates', async () => {
  const { scope, fill, created } = setup([], [], { ...session, flags: { canManageUsers: false, canManageCompanyUsers: false } } as unknown as Session)
  await allSettled(wizardOpened, { scope })
  expect(scope.getState($steps)).toEqual(['details'])
  expect(scope.getState($isLastStep)).toBe(true)
  await settle(fill({ ...valid, firstName: 'N' }))
  await settle(allSettled(stepSubmitted, { scope }))
  expect(created).toEqual([])
  await settle(fill(valid))
  await settle(allSettled(stepSubmitted, { scope }))
  expect(created).toEqual([{ accountId: 5, user: { ...valid, companyId: null, privileges: [] } }])
})

test('a company with a level becomes a grant; no company gives none', () => {
  expect(newUserOf(valid, 7, 'EDIT').privileges).toEqual([{ resource: 'COMPANY', resourceId: 7, action: 'EDIT' }])
  expect(newUserOf(valid, null, 'VIEW').privileges).toEqual([])
})

test('with the projects module, step 2 is project access: projects chosen from the list, each with its level, become grants', async () => {
  const { scope, fill, created, projectQueries } = setup([], [], session, [PROJECTS_REMOTE])
  await allSettled(wizardOpened, { scope })
  expect(scope.getState($steps)).toEqual(['details', 'projects', 'company'])
  await settle(fill(valid))
  await settle(allSettled(stepSubmitted, { scope }))
  expect(scope.getState($step)).toBe('projects')
  expect(projectQueries).toEqual([{ filter: '', sort: { field: 'symbol', direction: 1 }, skip: 0, limit: 10 }])
  expect(scope.getState(projectPicker.$rows)).toEqual([HARBOUR, DOCKS])
  await allSettled(projectToggled, { scope, params: HARBOUR })
  await allSettled(projectToggled, { scope, params: DOCKS })
  await allSettled(projectLevelChosen, { scope, params: { id: DOCKS.id, level: 'EDIT' } })
  // The button of a chosen project takes it out again; so does the row's remove.
  await allSettled(projectToggled, { scope, params: HARBOUR })
  await allSettled(projectToggled, { scope, params: HARBOUR })
  await allSettled(projectRemoved, { scope, params: HARBOUR.id })
  await allSettled(projectToggled, { scope, params: HARBOUR })
  expect(scope.getState($chosenProjects)).toEqual([
    { ...DOCKS, level: 'EDIT' },
    { ...HARBOUR, level: 'VIEW' },
  ])
  await allSettled(stepSubmitted, { scope })
  expect(scope.getState($step)).toBe('company')
  await allSettled(companyChosen, { scope, params: 3 })
  await allSettled(stepSubmitted, { scope })
  expect(created).toEqual([
    {
      accountId: 5,
      user: {
        ...valid,
        companyId: 3,
        privileges: [
          { resource: 'PROJECT', resourceId: DOCKS.id, action: 'EDIT' },
          { resource: 'PROJECT', resourceId: HARBOUR.id, action: 'VIEW' },
          { resource: 'COMPANY', resourceId: 3, action: 'VIEW' },
        ],
      },
    },
  ])
  await allSettled(wizardOpened, { scope })
  expect(scope.getState($chosenProjects)).toEqual([])
})

test('a caller who may not open the projects list gets no project step', async () => {
  const { scope } = setup([], [], { ...session, flags: { ...flags, canSeeProjects: false } } as unknown as Session, [PROJECTS_REMOTE])
  await allSettled(wizardOpened, { scope })
  expect(scope.getState($steps)).toEqual(['details', 'company'])
})

test('projects and a company become grants, projects first', () => {
  expect(newUserOf(valid, null, 'VIEW', [{ ...HARBOUR, level: 'DOWNLOAD' }]).privileges).toEqual([{ resource: 'PROJECT', resourceId: 55, action: 'DOWNLOAD' }])
})
