/**
 * The project's users (administer only, spec part2 §2): the list with each user's level,
 * the add-company-user box (4 or more characters naming an account user, else
 * admin.users.userNotFound; added users get VIEW), removal (their ACCESS privilege goes),
 * and one user's page whose level table saves a row's Set at once.
 */
import { ApiError } from '@app/module-kit'
import { attach, combine, createEvent, createStore, sample } from 'effector'
import {
  type ProjectLevel,
  type ProjectPrivileges,
  type ProjectUser,
  type ProjectUserLevels,
  addProjectUserFx,
  fetchProjectPrivilegesFx,
  fetchProjectUserFx,
  fetchProjectUsersFx,
  lookUpUserFx,
  removeProjectUserFx,
  setProjectLevelFx,
} from '../../../api'
import { notifyFx } from '../../../notify'

export const MIN_USERNAME = 4

export const usersOpened = createEvent<number>()
export const usersRetried = createEvent()
const $projectId = createStore(0).on(usersOpened, (_, id) => id)

export const $users = createStore<ProjectUser[] | null>(null)
  .on(fetchProjectUsersFx.doneData, (_, users) => users)
  .on(addProjectUserFx.doneData, (users, user) => [...(users ?? []).filter((u) => u.userId !== user.userId), user])
  .on(setProjectLevelFx.doneData, (users, saved) => users?.map((u) => (u.userId === saved.userId ? { ...u, accessLevel: saved.accessLevel } : u)) ?? null)
  .on(removeProjectUserFx.doneData, (users, userId) => (users ?? []).filter((u) => u.userId !== userId))
  .reset(usersOpened)
export const $usersFailed = createStore(false).on(fetchProjectUsersFx.fail, () => true).reset(fetchProjectUsersFx)
sample({ clock: [usersOpened, usersRetried], source: $projectId, target: fetchProjectUsersFx })

/** What the caller may do here, as the API says: the levels they may give and whether they may remove users. */
export const $privileges = createStore<ProjectPrivileges | null>(null).on(fetchProjectPrivilegesFx.doneData, (_, privileges) => privileges)
sample({ clock: usersOpened, target: fetchProjectPrivilegesFx })

export const removeConfirmed = createEvent<ProjectUser>()
sample({ clock: removeConfirmed, source: $projectId, fn: (projectId, user) => ({ projectId, userId: user.userId }), target: removeProjectUserFx })
sample({ clock: removeProjectUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.removed' }), target: notifyFx })
sample({ clock: removeProjectUserFx.fail, fn: () => ({ kind: 'error' as const, key: 'users.removeFailed' }), target: notifyFx })

// The add box: looked up once typing reaches 4 characters; Add only for a match (or when the caller may not look up).
export const usernameTyped = createEvent<string>()
export const addClicked = createEvent()
export const $username = createStore('').on(usernameTyped, (_, text) => text).reset(usersOpened, addProjectUserFx.done)
const lookFx = attach({ effect: lookUpUserFx })
/** The answer for the text it was asked about, so a late answer cannot describe newer text. */
const $looked = createStore<{ text: string; verdict: 'found' | 'missing' | 'unknown' } | null>(null)
  .on(lookFx.done, (_, { params, result }) => ({ text: params, verdict: result }))
  .reset(usersOpened)
sample({ clock: usernameTyped, filter: (text) => text.trim().length >= MIN_USERNAME, fn: (text) => text.trim(), target: lookFx })
/** What the box says: nothing yet, the user was found, or admin.users.userNotFound. */
export const $lookup = combine($username, $looked, (text, looked) => {
  if (text.trim().length < MIN_USERNAME || !looked || looked.text !== text.trim()) return 'pending' as const
  return looked.verdict
})
export const $adding = addProjectUserFx.pending
/** Add is enabled only for text that names an account user. */
export const $canAdd = combine($lookup, $adding, (lookup, adding) => (lookup === 'found' || lookup === 'unknown') && !adding)
/** The add's own refusal: the API found no such user (404), or another reason. */
export const $addError = createStore<'notFound' | 'failed' | null>(null)
  .on(addProjectUserFx.failData, (_, error) => (error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed'))
  .reset(usernameTyped, usersOpened, addProjectUserFx)
sample({
  clock: addClicked,
  source: { canAdd: $canAdd, username: $username, projectId: $projectId },
  filter: ({ canAdd }) => canAdd,
  fn: ({ username, projectId }) => ({ projectId, username: username.trim() }),
  target: addProjectUserFx,
})
sample({ clock: addProjectUserFx.done, fn: () => ({ kind: 'success' as const, key: 'users.added' }), target: notifyFx })

// One user's page: their level, set row by row.
export const userOpened = createEvent<{ projectId: number; userId: number }>()
export const levelSet = createEvent<ProjectLevel | 'NONE'>()
export const $user = createStore<ProjectUserLevels | null>(null)
  .on(fetchProjectUserFx.doneData, (_, user) => user)
  .on(setProjectLevelFx.doneData, (user, saved) => (user && user.userId === saved.userId ? saved : user))
  .reset(userOpened)
export const $userError = createStore<'notFound' | 'failed' | null>(null)
  .on(fetchProjectUserFx.failData, (_, error) => (error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed'))
  .reset(userOpened)
const $userRef = createStore<{ projectId: number; userId: number } | null>(null).on(userOpened, (_, ref) => ref)
sample({ clock: userOpened, target: fetchProjectUserFx })
sample({ clock: userOpened, fn: ({ projectId }) => projectId, target: fetchProjectPrivilegesFx })
export const userRetried = createEvent()
sample({ clock: userRetried, source: $userRef, filter: Boolean, target: fetchProjectUserFx })
/** The level whose Set is being saved. */
export const $settingLevel = createStore<ProjectLevel | 'NONE' | null>(null)
  .on(setProjectLevelFx, (_, { accessLevel }) => accessLevel)
  .reset(setProjectLevelFx.finally)
sample({
  clock: levelSet,
  source: $userRef,
  filter: Boolean,
  fn: (ref, accessLevel) => ({ ...ref!, accessLevel: accessLevel as ProjectLevel }),
  target: setProjectLevelFx,
})
sample({ clock: setProjectLevelFx.done, fn: () => ({ kind: 'success' as const, key: 'users.levelSaved' }), target: notifyFx })
sample({
  clock: setProjectLevelFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'users.levelFailed', detail: error instanceof ApiError && (error.status === 403 || error.status === 400) ? error.message : undefined }),
  target: notifyFx,
})

/**
 * The rows of the level table: what the API lets the caller give (ADMINISTER only to
 * settings, account or project managers, part2 §6), lowest first, and None, which takes
 * the user's own grant away.
 */
export const offeredLevels = (privileges: Pick<ProjectPrivileges, 'grantable'> | null): (ProjectLevel | 'NONE')[] => {
  const grantable = new Set<string>(privileges?.grantable ?? [])
  const levels = (['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'] as const).filter((level) => grantable.has(level))
  return levels.length ? ['NONE', ...levels] : []
}

