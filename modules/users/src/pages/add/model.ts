/**
 * The new-user wizard at /users/add: 1 details (the e-mail checked while typing: a
 * member of the account is refused, a person of another account is added to it with
 * their own name and password), 2 project access, 3 company access (administrators
 * and company managers), then Finish creates the user, who gets the welcome e-mail.
 */
import { $flags, $session, createForm, navigate } from '@app/module-kit'
import type { PrivilegeAction } from '@app/plugin-kit/shared'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { type NewUser, type Option, createUserFx, emailStatusFx, fetchCompaniesFx, fetchProjectsFx } from '../../api'
import { notifyFx } from '../../notify'

export type Step = 1 | 2 | 3

export const wizardOpened = createEvent()
export const backClicked = createEvent()
export const nextClicked = createEvent()
export const finishClicked = createEvent()
export const projectLevelChosen = createEvent<{ projectId: number; action: PrivilegeAction | '' }>()
export const companyChosen = createEvent<number | null>()
export const companyLevelChosen = createEvent<PrivilegeAction>()

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
      rules: { required: true, email: true, validate: (value, values) => (sameEmail(value, values.email) ? null : 'users:add.emailsMismatch') },
    },
    firstName: { initial: '', rules: { required: true, minLength: 2, maxLength: 100 } },
    lastName: { initial: '', rules: { required: true, minLength: 2, maxLength: 100 } },
  },
  // Step 1 only moves on; Finish sends everything.
  submit: async () => {},
})

/** Company access is offered to administrators and company managers only. */
export const $showsCompanyStep = $flags.map((flags) => flags.canManageUsers || flags.canManageCompanyUsers)
export const $step = createStore<Step>(1).reset(wizardOpened)
export const $projects = createStore<Option[]>([]).on(fetchProjectsFx.doneData, (_, projects) => projects).reset(wizardOpened)
export const $companies = createStore<Option[]>([]).on(fetchCompaniesFx.doneData, (_, companies) => companies).reset(wizardOpened)
export const $projectsLoading = fetchProjectsFx.pending
/** The chosen level per project; a project without one is not added. */
export const $projectLevels = createStore<Record<number, PrivilegeAction>>({})
  .on(projectLevelChosen, (levels, { projectId, action }) => {
    const { [projectId]: _previous, ...rest } = levels
    return action ? { ...rest, [projectId]: action } : rest
  })
  .reset(wizardOpened)
export const $companyId = createStore<number | null>(null).on(companyChosen, (_, id) => id).reset(wizardOpened)
export const $companyLevel = createStore<PrivilegeAction>('VIEW').on(companyLevelChosen, (_, level) => level).reset(wizardOpened)
export const $creating = createUserFx.pending
/** The e-mail names a person of another account: they are added with their own name and password. */
export const $registeredElsewhere = createStore(false)
  .on(emailStatusFx.doneData, (_, status) => status.exists && !status.member)
  .reset(wizardOpened)

sample({ clock: wizardOpened, target: [detailsForm.reset, fetchProjectsFx, fetchCompaniesFx] })

sample({ clock: nextClicked, source: $step, filter: (step) => step === 1, target: detailsForm.submitted })
sample({ clock: detailsForm.submitFx.done, fn: (): Step => 2, target: $step })
sample({
  clock: nextClicked,
  source: { step: $step, company: $showsCompanyStep },
  filter: ({ step, company }) => step === 2 && company,
  fn: (): Step => 3,
  target: $step,
})
$step.on(backClicked, (step) => (step > 1 ? ((step - 1) as Step) : step))

/** What Finish sends: the details, a grant per chosen project, and the company with its level. */
export const newUserOf = (details: Details, projectLevels: Record<number, PrivilegeAction>, companyId: number | null, companyLevel: PrivilegeAction): NewUser => ({
  email: details.email.trim(),
  repeatEmail: details.repeatEmail.trim(),
  firstName: details.firstName.trim(),
  lastName: details.lastName.trim(),
  companyId,
  privileges: [
    ...Object.entries(projectLevels).map(([projectId, action]) => ({ resource: 'PROJECT' as const, resourceId: Number(projectId), action })),
    ...(companyId !== null ? [{ resource: 'COMPANY' as const, resourceId: companyId, action: companyLevel }] : []),
  ],
})

sample({
  clock: finishClicked,
  source: combine({
    session: $session,
    details: detailsForm.$values,
    projectLevels: $projectLevels,
    companyId: $companyId,
    companyLevel: $companyLevel,
    creating: $creating,
  }),
  filter: ({ session, creating }) => session !== null && !creating,
  fn: ({ session, details, projectLevels, companyId, companyLevel }) => ({
    accountId: session!.accountId,
    user: newUserOf(details, projectLevels, companyId, companyLevel),
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
