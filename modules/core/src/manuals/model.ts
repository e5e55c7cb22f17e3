/** The support manuals list, shown on the help page and the profile page. */
import { createEvent, createStore, sample } from 'effector'
import { fetchManualsFx, type Manual } from '../api'

export const manualsOpened = createEvent()

export const $manuals = createStore<Manual[]>([]).on(fetchManualsFx.doneData, (_, manuals) => manuals)
export const $manualsFailed = createStore(false)
  .on(fetchManualsFx.fail, () => true)
  .on(fetchManualsFx.done, () => false)
export const $manualsLoading = fetchManualsFx.pending

sample({ clock: manualsOpened, target: fetchManualsFx })
