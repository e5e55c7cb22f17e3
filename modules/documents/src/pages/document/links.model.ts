/**
 * The Files tab's links (part1 §3 "Folder URL"): the document's web addresses by name; a
 * new or changed one in a dialog (name and address both required, http or https only, as
 * the API checks); a removal after a Yes. An archived document's links stay as they are.
 */
import { createForm } from '@app/module-kit'
import { FOLDER_URL_LIMITS, type FolderUrl, WEB_URL_PATTERN } from '@app/plugin-documents/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { deleteLinkFx, fetchLinksFx, saveLinkFx } from '../../api'
import { notifyFx, refusalOf } from '../../notify'

/** The document whose links are shown. */
export const linksOpened = createEvent<number>()
export const linksRetried = createEvent()
/** A link to change, or null for a new one. */
export const linkEditStarted = createEvent<FolderUrl | null>()
export const linkEditClosed = createEvent()
export const linkRemoveConfirmed = createEvent<FolderUrl>()

const loadFx = attach({ effect: fetchLinksFx })
const $folderId = createStore(0).on(linksOpened, (_, id) => id)

export const $links = createStore<FolderUrl[] | null>(null).reset(linksOpened)
sample({ clock: loadFx.done, source: $folderId, filter: (folderId, { params }) => params === folderId, fn: (_, { result }) => result, target: $links })
export const $linksFailed = createStore(false).reset(loadFx, linksOpened)
sample({ clock: loadFx.fail, source: $folderId, filter: (folderId, { params }) => params === folderId, fn: () => true, target: $linksFailed })

/** The link in the dialog: its id, or null while adding one; no dialog when the store is null. */
export const $editing = createStore<{ id: number | null } | null>(null)
  .on(linkEditStarted, (_, link) => ({ id: link?.id ?? null }))
  .reset(linkEditClosed, linksOpened)

export interface LinkValues extends Record<string, unknown> {
  description: string
  url: string
}

export const linkForm = createForm<LinkValues>({
  fields: {
    description: { initial: '', rules: { required: true, maxLength: FOLDER_URL_LIMITS.description } },
    url: { initial: '', rules: { required: true, maxLength: FOLDER_URL_LIMITS.url, pattern: { regex: new RegExp(WEB_URL_PATTERN), message: 'documents:links.badUrl' } } },
  },
  submit: async (values) => {
    const editing = $editing.getState()
    if (!editing) return
    await saveLinkFx({ folderId: $folderId.getState(), id: editing.id, data: { description: values.description.trim(), url: values.url.trim() } })
  },
})

sample({ clock: linkEditStarted, target: linkForm.reset })
sample({ clock: linkEditStarted, filter: (link): link is FolderUrl => link !== null, fn: (link) => ({ description: link!.description, url: link!.url }), target: linkForm.filled })
sample({ clock: linkForm.submitFx.done, target: [linkEditClosed, linkForm.reset] })

sample({ clock: deleteLinkFx.done, fn: () => ({ kind: 'success' as const, key: 'links.deleted' }), target: notifyFx })
sample({ clock: saveLinkFx.done, fn: () => ({ kind: 'success' as const, key: 'links.saved' }), target: notifyFx })
sample({
  clock: deleteLinkFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'links.deleteFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

sample({ clock: linkRemoveConfirmed, source: $folderId, fn: (folderId, link) => ({ folderId, id: link.id }), target: deleteLinkFx })
// Opened, retried, or changed: the list read again (by name, as the API sorts it).
sample({ clock: [linksOpened, linksRetried, saveLinkFx.done, deleteLinkFx.finally], source: $folderId, filter: (folderId) => folderId > 0, target: loadFx })
