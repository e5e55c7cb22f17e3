/**
 * The documents remote's API calls, as effects (replaced in tests). Paths come from the
 * plugins' `/shared` entries; the list and favourites, not published there, are written
 * here once, beside the call.
 */
import { apiRequest, downloadFile, type ListPage, type ListQuery, feathersQuery } from '@app/module-kit'
import {
  type ControlRole,
  type ControlTick,
  controlUrls,
  type Folder,
  type FolderData,
  type FolderEvent,
  type FolderFile,
  type FolderPatch,
  type FolderAction,
  type FolderActionData,
  folderActionUrls,
  type FolderUrl,
  type FolderUrlData,
  type MaterialLine,
  type MaterialLineData,
  materialLineUrls,
  type FolderBulkRow,
  foldersBulkUrl,
  type Responsible,
  type Revision,
  responsiblesUrl,
} from '@app/plugin-documents/shared'
import type { FileView } from '@app/plugin-core/shared'
import { type Project, projectUrl } from '@app/plugin-projects/shared'
import { folderTypeUrls } from '@app/plugin-setup/shared'
import { createEffect } from 'effector'
import { personName } from './crumbs'

export const PAGE_SIZE = 25

export const LIST_TABS = ['all', 'my', 'favorites', 'recent'] as const
export type ListTab = (typeof LIST_TABS)[number]

/** A row of the documents list (GET /documents). */
export interface DocumentRow {
  id: number
  projectId: number
  projectName: string
  projectSymbol: string | null
  name: string
  symbol: string | null
  folderTypeId: number
  typeName: string
  state: Folder['state']
  revision: string | null
  responsible: { id: number; firstName: string; lastName: string } | null
  /** The numbers of a customer's handover (the Customer view). */
  customerNumber: string | null
  supplierNumber: string | null
  tagNumber: string | null
  provider: Folder['provider']
  fileCount: number
  changedAt: string
  favorite: boolean
  /** The caller holds EDIT on the document's project: its name is a link (part1 §6). */
  canEdit: boolean
}

export interface DocumentListQuery extends ListQuery {
  tab: ListTab
  projectId: number | null
}

export const fetchDocumentsFx = createEffect(({ tab, projectId, filter, sort, skip }: DocumentListQuery) =>
  apiRequest<ListPage<DocumentRow>>('GET', '/documents', {
    query: { ...feathersQuery({ filter, sort, skip, limit: PAGE_SIZE }), tab, ...(projectId ? { projectId } : {}) },
  }),
)

export const folderUrl = (id?: number) => `/folders${id === undefined ? '' : `/${id}`}`

export const fetchFolderFx = createEffect((id: number) => apiRequest<Folder>('GET', folderUrl(id)))
export const createFolderFx = createEffect((data: FolderData) => apiRequest<Folder>('POST', folderUrl(), { body: data }))
export const saveFolderFx = createEffect(({ id, patch }: { id: number; patch: FolderPatch }) => apiRequest<Folder>('PATCH', folderUrl(id), { body: patch }))
export const deleteFolderFx = createEffect((id: number) => apiRequest<Folder>('DELETE', folderUrl(id)))
/** Several documents of a project from a list, all or none (400 "Failed to create - invalid input" naming `rows.N.field`). */
export const createFoldersFx = createEffect(({ projectId, rows }: { projectId: number; rows: FolderBulkRow[] }) =>
  apiRequest<Folder[]>('POST', foldersBulkUrl(projectId), { body: { rows } }),
)

export const favoriteFx = createEffect(({ id, favorite }: { id: number; favorite: boolean }) =>
  favorite
    ? apiRequest<{ folderId: number; favorite: boolean }>('PUT', `${folderUrl(id)}/favorite`, { body: {} })
    : apiRequest<{ folderId: number; favorite: boolean }>('DELETE', `${folderUrl(id)}/favorite`),
)

/** The caller's own documents list view (part1 §3 "file-view preference"): read with an empty body, saved by its type. */
export const fetchFileViewFx = createEffect(async (userId: number) => (await apiRequest<{ fileView: FileView }>('POST', `/accountusers/${userId}/file-view`, { body: {} })).fileView)
export const saveFileViewFx = createEffect(async ({ userId, view }: { userId: number; view: FileView }) =>
  (await apiRequest<{ fileView: FileView }>('POST', `/accountusers/${userId}/file-view/${view}`, { body: {} })).fileView,
)

/** The project a document belongs to: its title for the crumbs and what the caller may do in it. */
export const fetchProjectFx = createEffect((id: number) => apiRequest<Project>('GET', projectUrl(id)))

export interface Choice {
  id: number
  name: string
}

/** The types a document may be: the account's active ones. */
export const fetchTypeChoicesFx = createEffect(async (accountId: number) => {
  const types = await apiRequest<{ id: number; name: string }[]>('GET', folderTypeUrls(accountId).active)
  return types.map(({ id, name }) => ({ id, name }))
})

/** Who may be responsible: the members who reach the project. */
export const fetchResponsibleChoicesFx = createEffect(async (projectId: number) => {
  const people = await apiRequest<Responsible[]>('GET', responsiblesUrl(projectId))
  return people.map((person) => ({ id: person.id, name: personName(person) || person.username }))
})

/** A document's files, by name (COMMENT files are not listed). */
export const FILES_LIMIT = 500
const filesOf = async (folderId: number, revisionId?: number) =>
  (await apiRequest<ListPage<FolderFile>>('GET', `${folderUrl(folderId)}/files`, { query: { $limit: FILES_LIMIT, ...(revisionId ? { revisionId } : {}) } })).data
export const fetchFilesFx = createEffect((folderId: number) => filesOf(folderId))
/** The files kept with an archived revision (read only). */
export const fetchRevisionFilesFx = createEffect(({ folderId, revisionId }: { folderId: number; revisionId: number }) => filesOf(folderId, revisionId))

/** Deletes some of a document's files (DELETE …/files?filesIds=…). */
export const deleteFilesFx = createEffect(({ folderId, ids }: { folderId: number; ids: number[] }) =>
  apiRequest<FolderFile[]>('DELETE', `${folderUrl(folderId)}/files`, { query: { filesIds: ids } }),
)

export const renameFileFx = createEffect(({ folderId, fileId, name }: { folderId: number; fileId: number; name: string }) =>
  apiRequest<FolderFile>('PUT', `${folderUrl(folderId)}/files/${fileId}/rename`, { body: { name } }),
)

/** Checks a file out (locks it) or in again: only who checked it out, or the project's administrator, checks it in. */
export const lockFileFx = createEffect(({ folderId, fileId, locked }: { folderId: number; fileId: number; locked: boolean }) =>
  apiRequest<FolderFile>('POST', `${folderUrl(folderId)}/files/${locked ? 'lock' : 'unlock'}/${fileId}`, { body: {} }),
)

/** A copy of a file in the same document, named "name (copy).ext". */
export const copyFileFx = createEffect(({ folderId, fileId }: { folderId: number; fileId: number }) =>
  apiRequest<FolderFile>('POST', `${folderUrl(folderId)}/files/${fileId}/copy`, { body: {} }),
)

/** Some of a document's PDF files merged, in this order, into a new one ("plan (merged).pdf"). */
export const mergeFilesFx = createEffect(({ folderId, ids }: { folderId: number; ids: number[] }) =>
  apiRequest<FolderFile>('POST', `${folderUrl(folderId)}/files/merge`, { query: { ids }, body: {} }),
)

/** A document's links (part1 §3 "Folder URL"), by name. */
export const LINKS_LIMIT = 500
const linksUrl = (folderId: number, id?: number) => `${folderUrl(folderId)}/urls${id === undefined ? '' : `/${id}`}`
export const fetchLinksFx = createEffect(async (folderId: number) => (await apiRequest<ListPage<FolderUrl>>('GET', linksUrl(folderId), { query: { $limit: LINKS_LIMIT } })).data)
/** A new link (no id) or a link changed. */
export const saveLinkFx = createEffect(({ folderId, id, data }: { folderId: number; id: number | null; data: FolderUrlData }) =>
  id === null ? apiRequest<FolderUrl>('POST', linksUrl(folderId), { body: data }) : apiRequest<FolderUrl>('PUT', linksUrl(folderId, id), { body: data }),
)
export const deleteLinkFx = createEffect(async ({ folderId, id }: { folderId: number; id: number }) => {
  await apiRequest('DELETE', linksUrl(folderId, id))
  return id
})

/** A one-minute link for some of a document's files (several: one zip), followed by the browser. */
export const followDownloadLink = async ({ folderId, ids }: { folderId: number; ids: number[] }) => {
  const link = await apiRequest<{ url: string }>('POST', `${folderUrl(folderId)}/files/download-link`, { body: { ids } })
  const anchor = document.createElement('a')
  anchor.href = link.url
  anchor.rel = 'noopener'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
}
export const downloadFx = createEffect(followDownloadLink)

/** The control process and revisions (part1 §4), and the change log. */
export const fetchControlFx = createEffect((folderId: number) => apiRequest<ControlTick[]>('GET', controlUrls(folderId).control))
export const tickFx = createEffect(({ folderId, role, doneOn }: { folderId: number; role: ControlRole; doneOn: number }) =>
  apiRequest<ControlTick[]>('PUT', controlUrls(folderId).role(role), { body: { doneOn } }),
)
export const clearTickFx = createEffect(({ folderId, role }: { folderId: number; role: ControlRole }) => apiRequest<ControlTick[]>('DELETE', controlUrls(folderId).role(role)))
export const archiveFx = createEffect(({ folderId, revision }: { folderId: number; revision: string }) =>
  apiRequest<Folder>('POST', controlUrls(folderId).archive, { body: revision.trim() ? { revision: revision.trim() } : {} }),
)
export const unarchiveFx = createEffect((folderId: number) => apiRequest<Folder>('POST', controlUrls(folderId).unarchive, { body: {} }))
export const newRevisionFx = createEffect((folderId: number) => apiRequest<Folder>('POST', controlUrls(folderId).revisions, { body: {} }))
export const fetchRevisionsFx = createEffect((folderId: number) => apiRequest<Revision[]>('GET', controlUrls(folderId).revisions))
/** An older revision removed with its kept files (ADMINISTER; not the revision the document is archived in). */
export const deleteRevisionFx = createEffect(({ folderId, revisionId }: { folderId: number; revisionId: number }) =>
  apiRequest<Revision>('DELETE', controlUrls(folderId).revision(revisionId)),
)
/** The newest changes of the document. */
export const EVENTS_LIMIT = 50
export const fetchEventsFx = createEffect((folderId: number) =>
  apiRequest<ListPage<FolderEvent>>('GET', controlUrls(folderId).events, { query: { $limit: EVENTS_LIMIT } }),
)

/** A document's material list (part1 §3 "Material list line"), in its order: every page of it. */
export const MATERIAL_PAGE = 500
export const fetchMaterialLinesFx = createEffect(async (folderId: number) => {
  const lines: MaterialLine[] = []
  for (;;) {
    const page = await apiRequest<ListPage<MaterialLine>>('GET', materialLineUrls(folderId).lines, { query: { $limit: MATERIAL_PAGE, $skip: lines.length } })
    lines.push(...page.data)
    if (page.data.length === 0 || lines.length >= page.total) return lines
  }
})
/** A new line (no id: it goes last) or a line changed. */
export const saveMaterialLineFx = createEffect(({ folderId, id, data }: { folderId: number; id: number | null; data: MaterialLineData }) =>
  id === null
    ? apiRequest<MaterialLine>('POST', materialLineUrls(folderId).lines, { body: data })
    : apiRequest<MaterialLine>('PUT', materialLineUrls(folderId).line(id), { body: data }),
)
export const deleteMaterialLineFx = createEffect(async ({ folderId, id }: { folderId: number; id: number }) => {
  await apiRequest('DELETE', materialLineUrls(folderId).line(id))
  return id
})
export type MaterialExport = 'xlsx' | 'pdf'
/** The list as a file (DOWNLOAD), saved under the name the API gives it (the document's number). */
export const exportMaterialsFx = createEffect(({ folderId, format }: { folderId: number; format: MaterialExport }) =>
  downloadFile(format === 'xlsx' ? materialLineUrls(folderId).excel : materialLineUrls(folderId).pdf),
)

/** A document's action plan (part1 §3 "Document action plan rows"), by planned day: every page of it. */
export const ACTIONS_PAGE = 500
export const fetchActionsFx = createEffect(async (folderId: number) => {
  const actions: FolderAction[] = []
  for (;;) {
    const page = await apiRequest<ListPage<FolderAction>>('GET', folderActionUrls(folderId).actions, { query: { $limit: ACTIONS_PAGE, $skip: actions.length } })
    actions.push(...page.data)
    if (page.data.length === 0 || actions.length >= page.total) return actions
  }
})
/** A new row (no id) or a row changed (the whole row). */
export const saveActionFx = createEffect(({ folderId, id, data }: { folderId: number; id: number | null; data: FolderActionData }) =>
  id === null
    ? apiRequest<FolderAction>('POST', folderActionUrls(folderId).actions, { body: data })
    : apiRequest<FolderAction>('PUT', folderActionUrls(folderId).action(id), { body: data }),
)
export const deleteActionFx = createEffect(async ({ folderId, id }: { folderId: number; id: number }) => {
  await apiRequest('DELETE', folderActionUrls(folderId).action(id))
  return id
})
