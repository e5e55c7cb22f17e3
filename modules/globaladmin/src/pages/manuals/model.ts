/** Support manuals: the list, an upload (busy while sending), download, and delete once confirmed (the view asks). */
import { createEvent, createStore, sample } from 'effector'
import { type SupportManualRow, deleteManualFx, downloadManualFx, fetchManualsFx, uploadManualFx } from '../../api'
import { notifyFx } from '../../notify'

export const manualsOpened = createEvent()
export const fileChosen = createEvent<File | null>()
export const uploadClicked = createEvent()
export const downloadClicked = createEvent<number>()
export const deleteConfirmed = createEvent<SupportManualRow>()

export const $manuals = createStore<SupportManualRow[]>([]).on(fetchManualsFx.doneData, (_, manuals) => manuals)
export const $manualsLoading = fetchManualsFx.pending
export const $manualsFailed = createStore(false)
  .on(fetchManualsFx.fail, () => true)
  .on(fetchManualsFx.done, () => false)
export const $chosenFile = createStore<File | null>(null).on(fileChosen, (_, file) => file).reset(uploadManualFx.done)
export const $uploading = uploadManualFx.pending
/** Bumped after an upload so the view can clear its file input. */
export const $uploadCount = createStore(0).on(uploadManualFx.done, (count) => count + 1)

sample({ clock: manualsOpened, target: fetchManualsFx })

sample({
  clock: uploadClicked,
  source: { file: $chosenFile, uploading: $uploading },
  filter: ({ file, uploading }) => file !== null && !uploading,
  fn: ({ file }) => file!,
  target: uploadManualFx,
})
sample({ clock: [uploadManualFx.done, deleteManualFx.done], target: fetchManualsFx })
sample({
  clock: uploadManualFx.doneData,
  fn: (manual) => ({ kind: 'success' as const, key: 'manuals.uploaded', values: { name: manual.name } }),
  target: notifyFx,
})
sample({
  clock: uploadManualFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'manuals.uploadFailed', values: { message: error.message } }),
  target: notifyFx,
})

sample({ clock: downloadClicked, target: downloadManualFx })
sample({ clock: downloadManualFx.fail, fn: () => ({ kind: 'error' as const, key: 'manuals.downloadFailed' }), target: notifyFx })

sample({ clock: deleteConfirmed, fn: (manual) => manual.id, target: deleteManualFx })
sample({ clock: deleteManualFx.done, fn: () => ({ kind: 'success' as const, key: 'manuals.deleted' }), target: notifyFx })
sample({ clock: deleteManualFx.fail, fn: () => ({ kind: 'error' as const, key: 'manuals.deleteFailed' }), target: notifyFx })
