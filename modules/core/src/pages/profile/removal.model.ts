/**
 * Request account removal (spec part1 §6): confirmed first; the API toggles the
 * request on the caller's membership. After a request the user leaves the page.
 */
import { confirm, i18n, navigate } from '@app/module-kit'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import { toggleRemovalFx } from '../../api'
import { notifyFx } from '../../notify'
import { $userId } from '../../user'

export const removalClicked = createEvent()

export const $removalRequested = createStore(false)
  .on(toggleRemovalFx.doneData, (_, answer) => answer.removalRequested)
  .reset($userId.updates)

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

sample({ clock: removalClicked, target: confirmRemovalFx })
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
