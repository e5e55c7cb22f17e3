/**
 * The setup tab: the document types table (active switch, delete of deletable ones
 * after a confirmation) and one small editable list per setup list.
 */
import { createForm, createPagedList } from '@app/module-kit'
import { type FolderType, SETUP_LISTS, type SetupItem, type SetupList, type SetupListId } from '@app/plugin-setup/shared'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import {
  type ListQuery,
  accountPages,
  fetchFolderTypesFx,
  fetchSetupItemsFx,
  removeFolderTypeFx,
  removeSetupItemFx,
  saveSetupItemFx,
  toggleFolderTypeFx,
} from '../../api'
import { withConflictOn } from '../../conflict'
import { notifyFx } from '../../notify'

/** The tab opens on an account: every list of the tab is that account's. */
export const setupOpened = createEvent<number>()
const $accountId = createStore<number | null>(null).on(setupOpened, (_, id) => id)

export type FolderTypeSortField = 'name' | 'typeId' | 'active'
export const folderTypes = createPagedList<FolderType, FolderTypeSortField>({
  fetch: accountPages($accountId, fetchFolderTypesFx),
  defaultSort: { field: 'name', direction: 1 },
  resetOnOpen: true,
})
export const activeToggled = createEvent<FolderType>()
/** The removal of a document type was confirmed (the view's delete action asks first). */
export const typeRemoveConfirmed = createEvent<FolderType>()

const toggleFx = attach({
  source: $accountId,
  effect: toggleFolderTypeFx,
  mapParams: (type: FolderType, accountId) => ({ accountId: accountId ?? 0, id: type.id }),
})
sample({ clock: activeToggled, target: toggleFx })
sample({ clock: toggleFx.done, target: folderTypes.refreshed })
sample({ clock: toggleFx.fail, fn: () => ({ kind: 'error' as const, key: 'documentTypes.toggleFailed' }), target: notifyFx })

const removeTypeFx = attach({
  source: $accountId,
  effect: removeFolderTypeFx,
  mapParams: (id: number, accountId) => ({ accountId: accountId ?? 0, id }),
})
sample({ clock: typeRemoveConfirmed, filter: (type) => type.deletable, fn: (type) => type.id, target: removeTypeFx })
sample({ clock: removeTypeFx.done, target: folderTypes.refreshed })
sample({ clock: removeTypeFx.done, fn: () => ({ kind: 'success' as const, key: 'documentTypes.removed' }), target: notifyFx })
sample({ clock: removeTypeFx.fail, fn: () => ({ kind: 'error' as const, key: 'documentTypes.removeFailed' }), target: notifyFx })

/** One setup list: its paged rows, the add/edit form and removal. */
const createSetupListModel = (list: SetupList) => {
  const listId = list.id as SetupListId
  const rows = createPagedList<SetupItem>({
    fetch: accountPages(
      $accountId,
      attach({ effect: fetchSetupItemsFx, mapParams: ({ accountId, query }: { accountId: number; query: ListQuery }) => ({ accountId, list: listId, query }) }),
    ),
    defaultSort: { field: list.fields[0]!.name, direction: 1 },
    resetOnOpen: true,
  })
  const editClicked = createEvent<SetupItem>()
  const editCancelled = createEvent()
  const removeConfirmed = createEvent<SetupItem>()
  const $editing = createStore<SetupItem | null>(null)

  const saveFx = attach({
    source: { accountId: $accountId, editing: $editing },
    effect: createEffect(({ values, accountId, editing }: { values: Record<string, string>; accountId: number | null; editing: SetupItem | null }) =>
      withConflictOn(list.unique, `setup.duplicate.${list.id}`, () =>
        saveSetupItemFx({ accountId: accountId ?? 0, list: listId, id: editing?.id, values }),
      ),
    ),
    mapParams: (values: Record<string, string>, source) => ({ values, ...source }),
  })
  const form = createForm<Record<string, string>>({
    fields: Object.fromEntries(list.fields.map((f) => [f.name, { initial: '', rules: { required: true, maxLength: f.maxLength } }])),
    submit: async (values) => {
      await saveFx(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])))
    },
  })
  $editing.on(editClicked, (_, item) => item).reset(editCancelled, form.submitFx.done, rows.opened)
  sample({ clock: [editCancelled, rows.opened], target: form.reset })
  sample({ clock: editClicked, fn: (item) => Object.fromEntries(list.fields.map((f) => [f.name, String(item[f.name] ?? '')])), target: form.filled })
  sample({ clock: form.submitFx.done, target: [form.reset, rows.refreshed] })
  sample({ clock: form.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'setup.saved' }), target: notifyFx })
  sample({ clock: form.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'setup.saveFailed' }), target: notifyFx })

  const removeFx = attach({
    source: $accountId,
    effect: removeSetupItemFx,
    mapParams: (id: number, accountId) => ({ accountId: accountId ?? 0, list: listId, id }),
  })
  sample({ clock: removeConfirmed, fn: (item) => item.id, target: removeFx })
  sample({ clock: removeFx.done, target: rows.refreshed })
  sample({ clock: removeFx.fail, fn: () => ({ kind: 'error' as const, key: 'setup.removeFailed' }), target: notifyFx })

  return { list, rows, form, $editing, editClicked, editCancelled, removeConfirmed }
}

export type SetupListModel = ReturnType<typeof createSetupListModel>
export const setupLists: SetupListModel[] = SETUP_LISTS.map(createSetupListModel)

sample({ clock: setupOpened, fn: () => undefined, target: [folderTypes.opened, ...setupLists.map((m) => m.rows.opened)] })
