/**
 * /project/{projectId}/documents/{documentId}: the document, its project (crumbs and what
 * the caller may do), its files, favourite mark and delete; the metadata tab's form.
 * A 404 (missing, another account's, or not of this project) says so.
 */
import { ApiError, isForbidden, navigate } from '@app/module-kit'
import type { Folder, FolderFile } from '@app/plugin-documents/shared'
import type { Project } from '@app/plugin-projects/shared'
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector'
import {
  copyFileFx,
  deleteFilesFx,
  deleteFolderFx,
  downloadFx,
  favoriteFx,
  fetchFilesFx,
  fetchFolderFx,
  fetchProjectFx,
  fetchRevisionFilesFx,
  lockFileFx,
  mergeFilesFx,
  renameFileFx,
  saveFolderFx,
} from '../../api'
import { choicesRequested } from '../../choices'
import { createDocumentForm, toDocumentValues, toFolderPatch } from '../../document-form'
import { notifyFx, refusalOf } from '../../notify'
import { uploadFinished } from '../../upload/model'
import { folderChanged } from './control.model'

export const documentOpened = createEvent<{ projectId: number; documentId: number }>()
export const favoriteToggled = createEvent()
export const deleteConfirmed = createEvent()
export const filesRetried = createEvent()
export const downloadClicked = createEvent<number[]>()
export const deleteFilesConfirmed = createEvent<number[]>()
export const renameOpened = createEvent<FolderFile>()
export const renameClosed = createEvent()
export const renameSubmitted = createEvent<string>()
/** Check a file out (lock it), or in again. */
export const lockToggled = createEvent<FolderFile>()
export const copyClicked = createEvent<FolderFile>()
/** Some PDF files merged into a new one, in this order. */
export const mergeClicked = createEvent<number[]>()

/** This page's own readings: another page's answers never land here, nor a document's opened before this one. */
const loadFolderFx = attach({ effect: fetchFolderFx })
const loadFilesFx = attach({ effect: fetchFilesFx })
const loadProjectFx = attach({ effect: fetchProjectFx })
const starFx = attach({ effect: favoriteFx })

const $opened = createStore({ projectId: 0, documentId: 0 }).on(documentOpened, (_, opened) => opened)
const ofShown = <T>(done: { params: number; result: T }, opened: { documentId: number }) => done.params === opened.documentId

const folderLoaded = sample({ clock: loadFolderFx.done, source: $opened, filter: (opened, done) => ofShown(done, opened), fn: (_, { result }) => result })
export const $folder = createStore<Folder | null>(null)
  .on(folderLoaded, (_, folder) => folder)
  .on(saveFolderFx.doneData, (_, folder) => folder)
  .on(folderChanged, (shown, folder) => (shown?.id === folder.id ? folder : shown))
export const $project = createStore<Project | null>(null)
sample({ clock: loadProjectFx.done, source: $opened, filter: (opened, { params }) => params === opened.projectId, fn: (_, { result }) => result, target: $project })
export const $files = createStore<FolderFile[]>([])
sample({ clock: loadFilesFx.done, source: $opened, filter: (opened, done) => ofShown(done, opened), fn: (_, { result }) => result, target: $files })
export const $filesLoading = loadFilesFx.pending
export const $filesFailed = createStore(false)
sample({ clock: loadFilesFx.fail, source: $opened, filter: (opened, { params }) => params === opened.documentId, fn: () => true, target: $filesFailed })
$filesFailed.reset(loadFilesFx)
export const $favorite = createStore(false).on(folderLoaded, (_, folder) => folder.favorite)
sample({ clock: starFx.done, source: $opened, filter: (opened, { params }) => params.id === opened.documentId, fn: (_, { result }) => result.favorite, target: $favorite })

const otherOpened = sample({ clock: documentOpened, source: $folder, filter: (folder, { documentId }) => folder?.id !== documentId })
$folder.reset(otherOpened)
$files.reset(otherOpened)
$favorite.reset(otherOpened)

const folderFailed = sample({ clock: loadFolderFx.fail, source: $opened, filter: (opened, { params }) => params === opened.documentId, fn: (_, { error }) => error })
const projectFailed = sample({ clock: loadProjectFx.fail, source: $opened, filter: (opened, { params }) => params === opened.projectId, fn: (_, { error }) => error })
export const $loadError = createStore<'notFound' | 'forbidden' | 'failed' | null>(null)
  .on([folderFailed, projectFailed], (_, error) => (error instanceof ApiError && error.status === 404 ? 'notFound' : isForbidden(error) ? 'forbidden' : 'failed'))
  .reset(documentOpened)

/** The document as this route names it: one of another project is not found here. */
export const $shown = combine($folder, $opened, (folder, opened) => (folder && folder.id === opened.documentId && folder.projectId === opened.projectId ? folder : null))
export const $misplaced = combine($folder, $opened, (folder, opened) => folder !== null && folder.id === opened.documentId && folder.projectId !== opened.projectId)

sample({ clock: documentOpened, fn: ({ documentId }) => documentId, target: [loadFolderFx, loadFilesFx] })
sample({ clock: documentOpened, fn: ({ projectId }) => projectId, target: [loadProjectFx, choicesRequested] })

// A file registered into the document shown: its list again (the form being edited stays as it is).
sample({ clock: uploadFinished, source: $opened, filter: ({ documentId }) => documentId > 0, fn: ({ documentId }) => documentId, target: loadFilesFx })

sample({ clock: favoriteToggled, source: { folder: $shown, favorite: $favorite }, filter: ({ folder }) => folder !== null, fn: ({ folder, favorite }) => ({ id: folder!.id, favorite: !favorite }), target: starFx })
sample({ clock: starFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.favoriteFailed' }), target: notifyFx })

sample({ clock: downloadClicked, source: $opened, filter: (_, ids) => ids.length > 0, fn: ({ documentId }, ids) => ({ folderId: documentId, ids }), target: downloadFx })
sample({ clock: downloadFx.fail, fn: () => ({ kind: 'error' as const, key: 'toast.downloadFailed' }), target: notifyFx })

const openProjectFx = createEffect((projectId: number) => navigate(`/project/${projectId}`))
sample({ clock: deleteConfirmed, source: $shown, filter: Boolean, fn: (folder) => folder.id, target: deleteFolderFx })
sample({ clock: deleteFolderFx.done, source: $opened, fn: ({ projectId }) => projectId, target: openProjectFx })
sample({ clock: deleteFolderFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.deleted' }), target: notifyFx })
// A refusal (files still in it) says why, in the API's words.
sample({
  clock: deleteFolderFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'toast.deleteFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

/** The metadata tab: the saved document in the form, saved as a patch. */
export const metadataForm = createDocumentForm(async (values) => {
  const folder = $shown.getState()
  if (!folder) return
  try {
    await saveFolderFx({ id: folder.id, patch: toFolderPatch(folder, values) })
  } catch (error) {
    throw error instanceof ApiError && error.status < 500 && error.errors && Object.keys(error.errors).length > 0 ? error : new Error('documents:toast.saveFailed')
  }
})
sample({ clock: folderLoaded, fn: toDocumentValues, target: [metadataForm.reset, metadataForm.filled] })
sample({ clock: saveFolderFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.saved' }), target: notifyFx })

// Files deleted: the list read again (what is left), with a word of how it went.
sample({ clock: deleteFilesConfirmed, source: $opened, filter: (_, ids) => ids.length > 0, fn: ({ documentId }, ids) => ({ folderId: documentId, ids }), target: deleteFilesFx })
sample({ clock: deleteFilesFx.finally, source: $opened, fn: ({ documentId }) => documentId, target: loadFilesFx })
sample({ clock: deleteFilesFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.filesDeleted' }), target: notifyFx })
sample({
  clock: deleteFilesFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'toast.filesDeleteFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

/** The file being renamed, and why the last try failed: the API's reason in the user's language, else "Something wrong happened" (part1 §8). */
export const $renaming = createStore<FolderFile | null>(null).on(renameOpened, (_, file) => file).reset(renameClosed, renameFileFx.done, otherOpened)
export const $renameError = createStore<string | null>(null)
  .on(renameFileFx.failData, (_, error) => refusalOf(error) ?? 'files.renameFailed')
  .reset(renameOpened, renameClosed, renameFileFx)
export const $renamePending = renameFileFx.pending
const renameAsked = sample({ clock: renameSubmitted, source: { file: $renaming, opened: $opened }, filter: ({ file }) => file !== null, fn: ({ file, opened }, name) => ({ file: file!, folderId: opened.documentId, name: name.trim() }) })
// The same name just closes (part1 §7).
sample({ clock: renameAsked, filter: ({ file, name }) => name === file.name, target: renameClosed })
sample({ clock: renameAsked, filter: ({ file, name }) => name !== file.name, fn: ({ file, folderId, name }) => ({ folderId, fileId: file.id, name }), target: renameFileFx })
$files.on(renameFileFx.doneData, (files, renamed) => files.map((file) => (file.id === renamed.id ? renamed : file)))

sample({ clock: filesRetried, source: $opened, fn: ({ documentId }) => documentId, target: loadFilesFx })
// Archived, unarchived or a new revision begun: its files again (a new revision starts with none).
sample({ clock: folderChanged, source: $opened, filter: (opened, folder) => folder.id === opened.documentId, fn: ({ documentId }) => documentId, target: loadFilesFx })

// Checked out or in: the file's row as the API answers it (who holds it, since when).
sample({ clock: lockToggled, source: $opened, fn: ({ documentId }, file) => ({ folderId: documentId, fileId: file.id, locked: !file.locked }), target: lockFileFx })
$files.on(lockFileFx.doneData, (files, changed) => files.map((file) => (file.id === changed.id ? changed : file)))
sample({ clock: lockFileFx.done, fn: ({ params }) => ({ kind: 'success' as const, key: params.locked ? 'toast.checkedOut' : 'toast.checkedIn' }), target: notifyFx })
sample({ clock: lockFileFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'toast.lockFailed', detail: refusalOf(error) }), target: notifyFx })

// A copy beside the file ("Copying failed" when refused, part1 §8): the list again, with it.
sample({ clock: copyClicked, source: $opened, fn: ({ documentId }, file) => ({ folderId: documentId, fileId: file.id }), target: copyFileFx })
sample({ clock: copyFileFx.done, source: $opened, filter: (opened, { params }) => params.folderId === opened.documentId, fn: ({ documentId }) => documentId, target: loadFilesFx })
sample({ clock: copyFileFx.done, fn: () => ({ kind: 'success' as const, key: 'toast.copied' }), target: notifyFx })
sample({ clock: copyFileFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'toast.copyFailed', detail: refusalOf(error) }), target: notifyFx })

// PDFs merged into a new file beside them: the list again, with it, and its name in the toast; a refusal says why (not a PDF, too large, checked out).
export const $merging = mergeFilesFx.pending
sample({ clock: mergeClicked, source: $opened, filter: (_, ids) => ids.length >= 2, fn: ({ documentId }, ids) => ({ folderId: documentId, ids }), target: mergeFilesFx })
sample({ clock: mergeFilesFx.done, source: $opened, filter: (opened, { params }) => params.folderId === opened.documentId, fn: ({ documentId }) => documentId, target: loadFilesFx })
sample({ clock: mergeFilesFx.doneData, fn: (file) => ({ kind: 'success' as const, key: 'toast.merged', detail: file.name }), target: notifyFx })
sample({ clock: mergeFilesFx.failData, fn: (error) => ({ kind: 'error' as const, key: 'toast.mergeFailed', detail: refusalOf(error) }), target: notifyFx })

/**
 * An archived revision's files, viewed from the Revisions tab (…/files?revision={id}): read
 * only, until the person returns to the current revision. Only the answer for the
 * revision asked last is kept.
 */
export const revisionViewed = createEvent<{ folderId: number; revisionId: number }>()
const loadRevisionFilesFx = attach({ effect: fetchRevisionFilesFx })
const $revisionAsked = createStore(0).on(revisionViewed, (_, { revisionId }) => revisionId)
export const $revisionFiles = createStore<{ revisionId: number; files: FolderFile[] } | null>(null).reset(otherOpened)
sample({
  clock: loadRevisionFilesFx.done,
  source: $revisionAsked,
  filter: (asked, { params }) => params.revisionId === asked,
  fn: (_, { params, result }) => ({ revisionId: params.revisionId, files: result }),
  target: $revisionFiles,
})
export const $revisionFilesFailed = createStore(false).on(loadRevisionFilesFx.fail, () => true).reset(loadRevisionFilesFx)
sample({ clock: revisionViewed, target: loadRevisionFilesFx })
