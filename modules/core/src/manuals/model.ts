/** The support manuals list, shown on the help page and the profile page. */
import { downloadFile, i18n, showToast } from '@app/module-kit'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { fetchManualsFx, type Manual } from '../api'

export const manualsOpened = createEvent()

export const $manuals = createStore<Manual[]>([]).on(fetchManualsFx.doneData, (_, manuals) => manuals)
export const $manualsFailed = createStore(false)
  .on(fetchManualsFx.fail, () => true)
  .on(fetchManualsFx.done, () => false)
export const $manualsLoading = fetchManualsFx.pending

sample({ clock: manualsOpened, target: fetchManualsFx })

/** Manuals need the sign-in token, so they are fetched and saved rather than linked. */
export const downloadManualFx = createEffect((manual: Manual) => downloadFile(manual.link.replace(/^\/api(?=\/)/, '')))

downloadManualFx.fail.watch(({ params }) => showToast({ kind: 'error', text: i18n.t('core:manuals.downloadFailed', { name: params.name }) }))
