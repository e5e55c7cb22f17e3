/**
 * The file manager side panel's state (spec part1 §2, part2 §2 "file-manager-mounted"):
 * open or not, docked (the page makes room for it) or floating (over the page), kept in
 * localStorage per account and user. The module that draws the panel, the pages that open
 * it (a project's dashboard switch, the documents pages' button) and the upload panel that
 * moves aside for it all read this one model, so none of them imports another.
 */
import { createEffect, createEvent, createStore, sample } from 'effector'
import { $session } from '../session'

export interface FileManagerState {
  open: boolean
  docked: boolean
}

export const FILE_MANAGER_CLOSED: FileManagerState = { open: false, docked: false }
/** The panel's width (part1 §2): the docked page's inset, and where the upload panel moves to. */
export const FILE_MANAGER_WIDTH_PX = 300

export const fileManagerOpened = createEvent<boolean>()
export const fileManagerDocked = createEvent<boolean>()
/** Fired by the panel: whether it is on screen now (open, on a page it stands beside). */
export const fileManagerShown = createEvent<boolean>()

export const $fileManager = createStore<FileManagerState>(FILE_MANAGER_CLOSED)
  .on(fileManagerOpened, (state, open) => ({ ...state, open }))
  .on(fileManagerDocked, (state, docked) => ({ ...state, docked }))
export const $fileManagerShown = createStore(false).on(fileManagerShown, (_, shown) => shown)

/** What was stored, each value checked; anything unreadable is closed and floating. */
export const readFileManager = (stored: string | null | undefined): FileManagerState => {
  let value: Partial<Record<keyof FileManagerState, unknown>> = {}
  try {
    value = (JSON.parse(stored ?? '{}') as typeof value) ?? {}
  } catch {}
  return { open: value.open === true, docked: value.docked === true }
}

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage)
const $storageKey = $session.map((session) => (session ? `kit.fileManager.${session.accountId}.${session.user.id}` : null))

export const readFileManagerFx = createEffect((key: string) => readFileManager(storage()?.getItem(key)))
export const saveFileManagerFx = createEffect(({ key, state }: { key: string; state: FileManagerState }) => {
  storage()?.setItem(key, JSON.stringify(state))
})

// Each person (in each account) finds the panel as they left it; signed out, it is closed.
sample({ clock: $storageKey.updates, filter: (key): key is string => key !== null, target: readFileManagerFx })
$fileManager.on(readFileManagerFx.doneData, (_, state) => state)
sample({ clock: $storageKey.updates, filter: (key) => key === null, fn: () => FILE_MANAGER_CLOSED, target: $fileManager })
sample({
  clock: [fileManagerOpened, fileManagerDocked],
  source: { key: $storageKey, state: $fileManager },
  filter: ({ key }) => key !== null,
  fn: ({ key, state }) => ({ key: key as string, state }),
  target: saveFileManagerFx,
})
