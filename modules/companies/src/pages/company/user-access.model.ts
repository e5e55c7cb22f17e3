/**
 * /companies/{clientId}/useraccess/{userId}: one user's own access to the company (spec
 * part1 §3: company access, company administer), changed by a company manager, and
 * taken away only after a confirmation.
 */
import { ApiError, i18n } from '@app/module-kit'
import type { UserAccess } from '@app/plugin-companies/shared'
import type { AccessLevel } from '@app/plugin-kit/shared'
import { type Effect, combine, createEffect, createEvent, createStore, sample } from 'effector'
import { type UserAccessRef, fetchUserAccessFx, removeUserAccessFx, setUserAccessFx } from '../../api'
import { notifyFx } from '../../notify'
import { askFx } from './model'

export const userAccessOpened = createEvent<UserAccessRef>()
export const levelChosen = createEvent<AccessLevel>()
export const saveClicked = createEvent()

const accessLoaded = createEvent<UserAccess>()
const $ref = createStore<UserAccessRef | null>(null).on(userAccessOpened, (_, ref) => ref)
export const $userAccess = createStore<UserAccess | null>(null).on(accessLoaded, (_, access) => access).reset(userAccessOpened)
/** 404: the user is not in the account; anything else: loading failed. */
export const $loadError = createStore<'notFound' | 'failed' | null>(null)
  .on(fetchUserAccessFx.failData, (_, error) => (error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed'))
  .reset(userAccessOpened)
/** The level picked on the page; it starts as the user's own grant. */
export const $chosen = createStore<AccessLevel>('NONE').on(levelChosen, (_, level) => level).on(accessLoaded, (_, access) => access.ownAction)
export const $changed = combine($userAccess, $chosen, (access, chosen) => access !== null && access.ownAction !== chosen)
export const $saving = combine(setUserAccessFx.pending, removeUserAccessFx.pending, (setting, removing) => setting || removing)
/** The API refused the change (someone's own access, or administer without administering the company). */
export const $denied = createStore(false)
  .on([setUserAccessFx.failData, removeUserAccessFx.failData], (_, error) => error instanceof ApiError && error.status === 403)
  .reset(userAccessOpened, setUserAccessFx, removeUserAccessFx)

const isCurrent = (ref: UserAccessRef | null, params: UserAccessRef) => ref?.id === params.id && ref.userId === params.userId
// An answer about a user the page no longer shows is dropped.
sample({ clock: userAccessOpened, target: fetchUserAccessFx })
const loadedFrom = <P extends UserAccessRef>(fx: Effect<P, UserAccess>) =>
  sample({ clock: fx.done, source: $ref, filter: (ref, { params }) => isCurrent(ref, params), fn: (_, { result }) => result, target: accessLoaded })
loadedFrom(fetchUserAccessFx)
loadedFrom(setUserAccessFx)
loadedFrom(removeUserAccessFx)

const $job = combine({ ref: $ref, access: $userAccess, chosen: $chosen, changed: $changed, saving: $saving })
const askRemoveFx = createEffect(({ ref, access }: { ref: UserAccessRef; access: UserAccess }) =>
  askFx({
    title: 'userAccess.removeTitle',
    text: i18n.t('userAccess.removeText', { ns: 'companies', name: `${access.firstName} ${access.lastName}` }),
  }).then((yes) => (yes ? ref : null)),
)
sample({
  clock: saveClicked,
  source: $job,
  filter: ({ ref, access, changed, saving, chosen }) => Boolean(ref && access && changed && !saving) && chosen === 'NONE',
  fn: ({ ref, access }) => ({ ref: ref!, access: access! }),
  target: askRemoveFx,
})
sample({ clock: askRemoveFx.doneData, filter: (ref): ref is UserAccessRef => ref !== null, target: removeUserAccessFx })
sample({
  clock: saveClicked,
  source: $job,
  filter: ({ ref, changed, saving, chosen }) => Boolean(ref && changed && !saving) && chosen !== 'NONE',
  fn: ({ ref, chosen }) => ({ ...ref!, action: chosen as Exclude<AccessLevel, 'NONE'> }),
  target: setUserAccessFx,
})

sample({ clock: setUserAccessFx.done, fn: () => ({ kind: 'success' as const, key: 'userAccess.saved' }), target: notifyFx })
sample({ clock: removeUserAccessFx.done, fn: () => ({ kind: 'success' as const, key: 'userAccess.removed' }), target: notifyFx })
sample({ clock: [setUserAccessFx.fail, removeUserAccessFx.fail], fn: () => ({ kind: 'error' as const, key: 'toast.saveFailed' }), target: notifyFx })
