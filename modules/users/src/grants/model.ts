/**
 * One editor of a user's own privileges (spec part1 §6), as a factory so that every
 * screen (and pane) gets its own: the user's grants with what each applies to, a
 * change of action, a confirmed removal, and an add box for a global privilege of the
 * catalogue, access to one company or a level on one project (while the account has
 * the projects module) found by search, or access to the whole account.
 * Only user managers change grants; anyone else who may read them sees the list alone.
 */
import type { PrivilegeAction } from '@app/plugin-kit/shared'
import {
  $flags,
  $grantablePrivileges,
  ApiError,
  confirm,
  createPagedList,
  i18n,
  privilegeCatalogRequested,
  showToast,
} from '@app/module-kit'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type CompanyChoice,
  type GrantChange,
  type UserGrant,
  addUserGrant,
  changeUserGrantAction,
  fetchCompanyChoices,
  fetchUserGrants,
  removeUserGrant,
} from './api'
import { $projectsOn, type ProjectChoice, fetchProjectChoices } from '../projects/api'

/** What the add box grants: a global privilege of the catalogue, access to one company, a level on one project, or access to the whole account. */
export const GRANT_KINDS = ['GLOBAL', 'COMPANY', 'PROJECT', 'ACCOUNT'] as const
export type GrantKind = (typeof GRANT_KINDS)[number]

/** The kinds offered: a project only while the account has the projects module. */
export const $grantKinds = $projectsOn.map((on) => GRANT_KINDS.filter((kind) => kind !== 'PROJECT' || on))

/** A short page: the companies and projects lists are for finding one, not for reading. */
export const COMPANY_PAGE_SIZE = 10

/** A toast of the editor: a key under `grants.` in the users namespace. */
export interface GrantNotice {
  kind: 'success' | 'error'
  key: string
}

/** The API refuses a grant the user holds already (409): that says so; anything else is a failure. */
export const addFailureKey = (error: unknown) => (error instanceof ApiError && error.status === 409 ? 'grants.duplicate' : 'grants.addFailed')

const changeOf = (grant: UserGrant): GrantChange => ({ action: grant.action, resource: grant.resource, resourceId: grant.resourceId, name: grant.name })
/** A user holds one grant per privilege and row: these name it. */
const sameGrant = (grant: UserGrant, change: GrantChange) =>
  grant.resource === change.resource && grant.resourceId === (change.resourceId ?? null) && grant.name === (change.name ?? null)

export const createGrantEditor = () => {
  // The calls, as this editor's own effects (tests replace them; each editor has its own pending states).
  const fetchGrantsFx = createEffect(fetchUserGrants)
  const addGrantFx = createEffect(addUserGrant)
  const changeGrantFx = createEffect(changeUserGrantAction)
  const removeGrantFx = createEffect(removeUserGrant)
  const fetchCompaniesFx = createEffect(fetchCompanyChoices)
  const fetchProjectsFx = createEffect(fetchProjectChoices)
  /** Asks before a removal, naming the row as the screen shows it. */
  const confirmRemoveFx = createEffect((label: string) => confirm({ title: i18n.t('grants.confirmRemove', { ns: 'users', name: label }) }))
  const notifyFx = createEffect(({ kind, key }: GrantNotice) => showToast({ kind, text: i18n.t(key, { ns: 'users' }) }))

  /** The user whose grants are edited (a user id of the current account). */
  const opened = createEvent<number>()
  /** No user any more (the screen starts over). */
  const closed = createEvent()

  const $userId = createStore<number | null>(null)
    .on(opened, (_, id) => id)
    .reset(closed)
  const $canEdit = $flags.map((flags) => flags.canManageUsers)
  sample({ clock: opened, filter: $canEdit, fn: () => undefined, target: privilegeCatalogRequested })

  // The user's grants; an answer about a user no longer shown is dropped. Reloaded after a change, and by Retry.
  const reloaded = createEvent()
  sample({ clock: opened, target: fetchGrantsFx })
  sample({ clock: reloaded, source: $userId, filter: (id): id is number => id !== null, target: fetchGrantsFx })
  const answered = sample({ clock: fetchGrantsFx.done, source: $userId, filter: (id, { params }) => id === params, fn: (_, { result }) => result })
  const failed = sample({ clock: fetchGrantsFx.fail, source: $userId, filter: (id, { params }) => id === params })
  const $grants = createStore<UserGrant[]>([]).on(answered, (_, grants) => grants).reset(opened, closed)
  const $loaded = createStore(false).on(answered, () => true).reset(opened, closed)
  const $failed = createStore(false).on(failed, () => true).reset(opened, closed, answered)
  const $loading = fetchGrantsFx.pending

  // The add box.
  const kindChosen = createEvent<GrantKind>()
  /** A catalogue privilege's name, or '' for none. */
  const privilegeChosen = createEvent<string>()
  const companyChosen = createEvent<CompanyChoice>()
  const projectChosen = createEvent<ProjectChoice>()
  const actionChosen = createEvent<PrivilegeAction>()
  const addClicked = createEvent()

  const $kind = createStore<GrantKind>('GLOBAL').on(kindChosen, (_, kind) => kind).reset(opened, closed)
  const $privilegeName = createStore<string | null>(null)
    .on(privilegeChosen, (_, name) => name || null)
    .reset(opened, closed, kindChosen, addGrantFx.done)
  const $company = createStore<CompanyChoice | null>(null)
    .on(companyChosen, (_, company) => company)
    .reset(opened, closed, kindChosen, addGrantFx.done)
  const $project = createStore<ProjectChoice | null>(null)
    .on(projectChosen, (_, project) => project)
    .reset(opened, closed, kindChosen, addGrantFx.done)
  const $action = createStore<PrivilegeAction>('VIEW').on(actionChosen, (_, action) => action).reset(opened, closed)

  const companyPicker = createPagedList<CompanyChoice, 'name'>({
    fetch: (query) => fetchCompaniesFx(query),
    pageSize: COMPANY_PAGE_SIZE,
    defaultSort: { field: 'name', direction: 1 },
    resetOnOpen: true,
  })
  sample({ clock: kindChosen, filter: (kind) => kind === 'COMPANY', fn: () => undefined, target: companyPicker.opened })
  const projectPicker = createPagedList<ProjectChoice, 'symbol' | 'name'>({
    fetch: (query) => fetchProjectsFx(query),
    pageSize: COMPANY_PAGE_SIZE,
    defaultSort: { field: 'symbol', direction: 1 },
    resetOnOpen: true,
  })
  sample({ clock: kindChosen, filter: (kind) => kind === 'PROJECT', fn: () => undefined, target: projectPicker.opened })

  /** The grant the box describes, once it is complete. */
  const $pendingGrant = combine(
    { kind: $kind, name: $privilegeName, company: $company, project: $project, action: $action, grantable: $grantablePrivileges },
    ({ kind, name, company, project, action, grantable }): GrantChange | null => {
      if (kind === 'ACCOUNT') return { resource: 'ACCOUNT', resourceId: null, action }
      if (kind === 'COMPANY') return company ? { resource: 'COMPANY', resourceId: company.id, action } : null
      if (kind === 'PROJECT') return project ? { resource: 'PROJECT', resourceId: project.id, action } : null
      const privilege = grantable.find((p) => p.name === name)
      return privilege ? { name: privilege.name, resource: privilege.resource, resourceId: null, action } : null
    },
  )
  const $canAdd = combine(
    { userId: $userId, grant: $pendingGrant, canEdit: $canEdit, adding: addGrantFx.pending },
    ({ userId, grant, canEdit, adding }) => userId !== null && grant !== null && canEdit && !adding,
  )
  sample({
    clock: addClicked,
    source: { userId: $userId, grant: $pendingGrant, canAdd: $canAdd },
    filter: ({ canAdd }) => canAdd,
    fn: ({ userId, grant }) => ({ userId: userId!, grant: grant! }),
    target: addGrantFx,
  })

  // A row's action and removal.
  const grantActionChosen = createEvent<{ grant: UserGrant; action: PrivilegeAction }>()
  /** `label` names the row as the screen shows it, for the question. */
  const grantRemoveClicked = createEvent<{ grant: UserGrant; label: string }>()

  sample({
    clock: grantActionChosen,
    source: $userId,
    filter: (userId, { grant, action }) => userId !== null && grant.action !== action,
    fn: (userId, { grant, action }) => ({ userId: userId!, grant: { ...changeOf(grant), action } }),
    target: changeGrantFx,
  })
  // The row shows its new action once the API has taken it (if the user is still the one shown).
  const actionChanged = sample({
    clock: changeGrantFx.done,
    source: $userId,
    filter: (userId, { params }) => userId === params.userId,
    fn: (_, { params }) => params.grant,
  })
  $grants.on(actionChanged, (grants, change) => grants.map((g) => (sameGrant(g, change) ? { ...g, action: change.action } : g)))

  const confirmRemovalFx = createEffect(async ({ grant, label }: { grant: UserGrant; label: string }) => ({ grant, yes: await confirmRemoveFx(label) }))
  sample({ clock: grantRemoveClicked, target: confirmRemovalFx })
  sample({
    clock: confirmRemovalFx.doneData,
    source: $userId,
    filter: (userId, { yes }) => userId !== null && yes,
    fn: (userId, { grant }) => ({ userId: userId!, grant: changeOf(grant) }),
    target: removeGrantFx,
  })

  sample({ clock: [addGrantFx.done, removeGrantFx.done], target: reloaded })

  const notice = (kind: GrantNotice['kind'], key: string) => (): GrantNotice => ({ kind, key })
  sample({ clock: addGrantFx.done, fn: notice('success', 'grants.added'), target: notifyFx })
  sample({ clock: changeGrantFx.done, fn: notice('success', 'grants.changed'), target: notifyFx })
  sample({ clock: removeGrantFx.done, fn: notice('success', 'grants.removed'), target: notifyFx })
  sample({ clock: addGrantFx.failData, fn: (error): GrantNotice => ({ kind: 'error', key: addFailureKey(error) }), target: notifyFx })
  sample({ clock: changeGrantFx.fail, fn: notice('error', 'grants.changeFailed'), target: notifyFx })
  sample({ clock: removeGrantFx.fail, fn: notice('error', 'grants.removeFailed'), target: notifyFx })

  return {
    opened,
    closed,
    reloaded,
    $userId,
    $canEdit,
    $grants,
    $loaded,
    $loading,
    $failed,
    kindChosen,
    privilegeChosen,
    companyChosen,
    projectChosen,
    actionChosen,
    addClicked,
    $kind,
    $privilegeName,
    $company,
    $project,
    $action,
    $pendingGrant,
    $canAdd,
    companyPicker,
    projectPicker,
    grantActionChosen,
    grantRemoveClicked,
    fetchGrantsFx,
    addGrantFx,
    changeGrantFx,
    removeGrantFx,
    fetchCompaniesFx,
    fetchProjectsFx,
    confirmRemoveFx,
    notifyFx,
  }
}

export type GrantEditorModel = ReturnType<typeof createGrantEditor>
