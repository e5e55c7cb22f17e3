/**
 * Request account removal (spec part1 §6): confirmed first; the API toggles the
 * request on the caller's membership. After a request the user leaves the page.
 * The section reads the request's state when it opens, and offers nothing until then:
 * a button drawn from a guess would withdraw a request made before a reload.
 */
import { confirm, i18n, navigate } from '@app/module-kit'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import { fetchOwnMembershipFx, toggleRemovalFx } from '../../api'
import { notifyFx } from '../../notify'
import { $userId } from '../../user'

export const removalSectionOpened = createEvent()
export const removalClicked = createEvent()

export const $removalRequested = createStore(false)
  .on([fetchOwnMembershipFx.doneData, toggleRemovalFx.doneData], (_, answer) => answer.removalRequested)
  .reset($userId.updates)
/** Whether the state is read; the section's button waits for it. */
export const $removalKnown = createStore(false)
  .on([fetchOwnMembershipFx.done, toggleRemovalFx.done], () => true)
  .reset([removalSectionOpened, $userId.updates])
export const $removalLoadFailed = createStore(false).on(fetchOwnMembershipFx.fail, () => true).reset(removalSectionOpened)

export const confirmRemovalFx = attach({
  source: $removalRequested,
  effect: createEffect((requested: boolean) =>
    confirm(
      requested
        ? { title: i18n.t('removal.withdrawTitle', { ns: 'core' }) }
        : { title: i18n.t('removal.confirmTitle', { ns: 'core' }), text: i18n.t('removal.confirmText', { ns: 'core' }) },
    ),
  ),
})
export const leavePageFx = createEffect(() => navigate('/'))

sample({
  clock: removalSectionOpened,
  source: $userId,
  filter: (userId): userId is number => userId !== null,
  target: fetchOwnMembershipFx,
})
sample({ clock: removalClicked, filter: $removalKnown, target: confirmRemovalFx })
sample({
  clock: confirmRemovalFx.doneData,
  source: $userId,
  filter: (userId, confirmed): userId is number => confirmed && userId !== null,
  fn: (userId) => userId!,
  target: toggleRemovalFx,
})
sample({
  clock: toggleRemovalFx.doneData,
  fn: ({ removalRequested }) => ({ kind: 'info' as const, key: removalRequested ? 'removal.requested' : 'removal.withdrawn' }),
  target: notifyFx,
})
sample({ clock: toggleRemovalFx.doneData, filter: ({ removalRequested }) => removalRequested, target: leavePageFx })
sample({ clock: toggleRemovalFx.fail, fn: () => ({ kind: 'error' as const, key: 'removal.failed' }), target: notifyFx })
