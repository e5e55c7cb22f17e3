/**
 * The new-user wizard at /users/add (spec part1 §2): details (the e-mail checked while
 * typing: a member of the account is refused, a person of another account is added to it
 * with their own name and password), then project access (while the account has the
 * projects module: projects found in the caller's list, each with its level), then company
 * access (administrators and company managers), then Finish creates the user, who gets the
 * welcome e-mail. Enter or the primary button submits the step shown: the details are
 * checked before anything moves on. What the caller may give is the server's to decide
 * (a company administrator: levels on its companies' projects only).
 */
import { $flags, $session, createForm, createPagedList, navigate } from '@app/module-kit'
import type { PrivilegeAction } from '@app/plugin-kit/shared'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { type NewUser, type Option, createUserFx, emailStatusFx, fetchCompaniesFx } from '../../api'
import { notifyFx } from '../../notify'
import { $projectsOn, type ProjectChoice, fetchProjectChoices } from '../../projects/api'

export type Step = 'details' | 'projects' | 'company'

/** A project the new user gets, with its level (required: VIEW until another is chosen). */
export interface ChosenProject extends ProjectChoice {
  level: PrivilegeAction
}

export const wizardOpened = createEvent()
export const backClicked = createEvent()
/** Enter in the step, Next or Finish. */
export const stepSubmitted = createEvent()
export const companyChosen = createEvent<number | null>()
export const companyLevelChosen = createEvent<PrivilegeAction>()
/** A project's button in the step's list: adds it, or takes it out again. */
export const projectToggled = createEvent<ProjectChoice>()
export const projectRemoved = createEvent<number>()
export const projectLevelChosen = createEvent<{ id: number; level: PrivilegeAction }>()

type Details = { email: string; repeatEmail: string; firstName: string; lastName: string }

const sameEmail = (a: unknown, b: unknown) => String(a ?? '').trim().toLowerCase() === String(b ?? '').trim().toLowerCase()

export const detailsForm = createForm<Details>({
  fields: {
    email: {
      initial: '',
      rules: {
        required: true,
        email: true,
        maxLength: 254,
        validateAsync: async (value) => ((await emailStatusFx(String(value).trim())).member ? 'users:add.exists' : null),
      },
    },
    repeatEmail: {
      initial: '',
      rules: { required: true, email: true, validate: (value, values) => (sameEmail(value, values.email) ? null : 'validation.emailsMismatch') },
    },
    firstName: { initial: '', rules: { required: true, minLength: 2, maxLength: 100 } },
    lastName: { initial: '', rules: { required: true, minLength: 2, maxLength: 100 } },
  },
  // Step 1 only moves on; Finish sends everything.
  submit: async () => {},
})

/** Company access is offered to administrators and company managers only. */
export const $showsCompanyStep = $flags.map((flags) => flags.canManageUsers || flags.canManageCompanyUsers)
export const $steps = combine($projectsOn, $showsCompanyStep, (projects, company): Step[] => [
  'details',
  ...(projects ? (['projects'] as const) : []),
  ...(company ? (['company'] as const) : []),
])
const $stepIndex = createStore(0).reset(wizardOpened)
export const $step = combine($steps, $stepIndex, (steps, index) => steps[Math.min(index, steps.length - 1)]!)
export const $isLastStep = combine($steps, $step, (steps, step) => steps.at(-1) === step)
export const $companies = createStore<Option[]>([]).on(fetchCompaniesFx.doneData, (_, companies) => companies).reset(wizardOpened)
export const $companyId = createStore<number | null>(null).on(companyChosen, (_, id) => id).reset(wizardOpened)
export const $companyLevel = createStore<PrivilegeAction>('VIEW').on(companyLevelChosen, (_, level) => level).reset(wizardOpened)
export const $creating = createUserFx.pending

export const fetchProjectChoicesFx = createEffect(fetchProjectChoices)
/** The caller's projects to choose from, ten at a time, by number. */
export const projectPicker = createPagedList<ProjectChoice, 'symbol' | 'name'>({
  fetch: (query) => fetchProjectChoicesFx(query),
  pageSize: 10,
  defaultSort: { field: 'symbol', direction: 1 },
  resetOnOpen: true,
})
export const $chosenProjects = createStore<ChosenProject[]>([])
  .on(projectToggled, (chosen, project) =>
    chosen.some((p) => p.id === project.id) ? chosen.filter((p) => p.id !== project.id) : [...chosen, { ...project, level: 'VIEW' }],
  )
  .on(projectRemoved, (chosen, id) => chosen.filter((p) => p.id !== id))
  .on(projectLevelChosen, (chosen, { id, level }) => chosen.map((p) => (p.id === id ? { ...p, level } : p)))
  .reset(wizardOpened)
/** The e-mail names a person of another account: they are added with their own name and password. */
export const $registeredElsewhere = createStore(false)
  .on(emailStatusFx.doneData, (_, status) => status.exists && !status.member)
  .reset(wizardOpened)

sample({ clock: wizardOpened, target: [detailsForm.reset, fetchCompaniesFx] })

sample({ clock: stepSubmitted, source: $step, filter: (step) => step === 'details', target: detailsForm.submitted })
// The project list is read when its step is first shown.
sample({ clock: $step.updates, filter: (step) => step === 'projects', fn: () => undefined, target: projectPicker.opened })
/** A step is done: the details once checked, any other step as it is. */
const stepDone = sample({
  clock: [detailsForm.submitFx.done, sample({ clock: stepSubmitted, source: $step, filter: (step) => step !== 'details' })],
  source: $isLastStep,
})
// The filter sees the source (the index) first, then the clock (whether the step was the last).
sample({ clock: stepDone, source: $stepIndex, filter: (_, last) => !last, fn: (index) => index + 1, target: $stepIndex })
$stepIndex.on(backClicked, (index) => Math.max(0, index - 1))
const finished = sample({ clock: stepDone, filter: (last) => last })

/** What Finish sends: the details, the projects with their levels, and the company with its level. */
export const newUserOf = (details: Details, companyId: number | null, companyLevel: PrivilegeAction, projects: ChosenProject[] = []): NewUser => ({
  email: details.email.trim(),
  repeatEmail: details.repeatEmail.trim(),
  firstName: details.firstName.trim(),
  lastName: details.lastName.trim(),
  companyId,
  privileges: [
    ...projects.map((p) => ({ resource: 'PROJECT' as const, resourceId: p.id, action: p.level })),
    ...(companyId !== null ? [{ resource: 'COMPANY' as const, resourceId: companyId, action: companyLevel }] : []),
  ],
})

sample({
  clock: finished,
  source: combine({
    session: $session,
    details: detailsForm.$values,
    companyId: $companyId,
    companyLevel: $companyLevel,
    projects: $chosenProjects,
    steps: $steps,
    creating: $creating,
  }),
  filter: ({ session, creating }) => session !== null && !creating,
  fn: ({ session, details, companyId, companyLevel, projects, steps }) => ({
    accountId: session!.accountId,
    user: newUserOf(details, companyId, companyLevel, steps.includes('projects') ? projects : []),
  }),
  target: createUserFx,
})

const openUserFx = createEffect((userId: number) => navigate(`/users/${userId}/details`))
sample({ clock: createUserFx.doneData, fn: (user) => user.id, target: openUserFx })
sample({
  clock: createUserFx.doneData,
  fn: (user) => ({ kind: 'success' as const, key: 'add.created', values: { name: `${user.firstName} ${user.lastName}` } }),
  target: notifyFx,
})
sample({
  clock: createUserFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'add.failed', values: { message: error.message } }),
  target: notifyFx,
})
