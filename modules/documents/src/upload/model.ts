/**
 * The upload items of part1 §4: added, then uploading, then completed or in error; Retry
 * resets one. Progress is "done of total" with an error count. The engine (Uppy) loads
 * with the first file chosen, and lives as long as the remote: leaving the page does
 * not stop an upload.
 */
import { $enabledModules, sessionEnded } from '@app/module-kit'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { notifyFx } from '../notify'
import type { UploadEngine } from './engine'

export interface UploadItem {
  id: string
  name: string
  size: number
  folderId: number
  projectId: number
  uploaded: number
  state: 'uploading' | 'done' | 'error'
}

/** The API's part size unless the remote's config says otherwise (UPLOAD_PART_MB). */
const DEFAULT_PART_BYTES = 200_000_000

export const filesChosen = createEvent<{ files: File[]; folderId: number; projectId: number }>()
export const retryClicked = createEvent<string>()
export const cancelClicked = createEvent<string>()
export const panelClosed = createEvent()

export const itemAdded = createEvent<Omit<UploadItem, 'uploaded' | 'state'>>()
export const itemProgressed = createEvent<{ id: string; uploaded: number }>()
export const itemSucceeded = createEvent<string>()
export const itemFailed = createEvent<string>()
/** A file of the document was registered: its list (and the project's groups) read again. */
export const uploadFinished = itemSucceeded

export const $items = createStore<UploadItem[]>([])
  // A file chosen again after a failure takes its old item's place.
  .on(itemAdded, (items, item) => [...items.filter((other) => other.id !== item.id), { ...item, uploaded: 0, state: 'uploading' }])
  .on(cancelClicked, (items, id) => items.filter((item) => item.id !== id))
  .on(itemProgressed, (items, { id, uploaded }) => items.map((item) => (item.id === id ? { ...item, uploaded } : item)))
  .on(itemSucceeded, (items, id) => items.map((item) => (item.id === id ? { ...item, uploaded: item.size, state: 'done' } : item)))
  .on(itemFailed, (items, id) => items.map((item) => (item.id === id ? { ...item, state: 'error' } : item)))
  // Retry adds the file again (the engine's itemAdded), going on from the parts the API holds.
  .on(retryClicked, (items, id) => items.filter((item) => item.id !== id))
  // Closing keeps what is still uploading.
  .on(panelClosed, (items) => items.filter((item) => item.state === 'uploading'))
  .reset(sessionEnded)

export const $summary = combine($items, (items) => ({
  done: items.filter((item) => item.state === 'done').length,
  total: items.length,
  errors: items.filter((item) => item.state === 'error').length,
  busy: items.some((item) => item.state === 'uploading'),
}))

let engine: Promise<UploadEngine> | null = null

const engineOf = () => {
  if (!engine) {
    const config = $enabledModules.getState().find((module) => module.remote === 'documents')?.config
    const partSize = typeof config?.uploadPartBytes === 'number' ? config.uploadPartBytes : DEFAULT_PART_BYTES
    const events = {
      added: itemAdded,
      progress: (id: string, uploaded: number) => itemProgressed({ id, uploaded }),
      succeeded: itemSucceeded,
      failed: (id: string) => itemFailed(id),
    }
    engine = import('./engine').then(({ createUploadEngine }) => createUploadEngine(partSize, events))
  }
  return engine
}

export const addFilesFx = createEffect(async ({ files, folderId, projectId }: { files: File[]; folderId: number; projectId: number }) =>
  (await engineOf()).add(files, { folderId, projectId }),
)
export const retryUploadFx = createEffect(async (id: string) => (await engineOf()).retry(id))

export const cancelUploadFx = createEffect(async (id: string) => (await engineOf()).cancel(id))

sample({ clock: filesChosen, target: addFilesFx })
sample({ clock: cancelClicked, target: cancelUploadFx })
sample({ clock: addFilesFx.fail, fn: () => ({ kind: 'error' as const, key: 'upload.failedToast' }), target: notifyFx })
sample({ clock: retryClicked, target: retryUploadFx })
// A failed item says so at once (part1 §4), beside its Retry.
sample({ clock: itemFailed, fn: () => ({ kind: 'error' as const, key: 'upload.failedToast' }), target: notifyFx })
sessionEnded.watch(() => {
  void engine?.then((running) => running.destroy())
  engine = null
})
