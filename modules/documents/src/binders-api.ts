/**
 * The binders' API calls (document lists, part1 §3 "Document list (binder)"), as effects
 * replaced in tests: a project's binders, one binder with its documents in order, and the
 * binders a document is in. Beside api.ts, which holds the documents' own calls.
 */
import { type ListPage, apiRequest } from '@app/module-kit'
import { type Binder, type BinderDetail, type FolderBinder, binderUrls, folderBindersUrl } from '@app/plugin-documents/shared'
import { createEffect } from 'effector'

/** The most binders one page of the API answers; a project with more is read page by page. */
export const BINDERS_PAGE = 500

/** Every binder of the project, by name. */
export const fetchBindersFx = createEffect(async (projectId: number) => {
  const binders: Binder[] = []
  for (;;) {
    const page = await apiRequest<ListPage<Binder>>('GET', binderUrls(projectId).lists, { query: { $limit: BINDERS_PAGE, $skip: binders.length } })
    binders.push(...page.data)
    if (page.data.length === 0 || binders.length >= page.total) return binders
  }
})

export interface BinderRef {
  projectId: number
  listId: number
}

export const fetchBinderFx = createEffect(({ projectId, listId }: BinderRef) => apiRequest<BinderDetail>('GET', binderUrls(projectId).list(listId)))
export const createBinderFx = createEffect(({ projectId, name }: { projectId: number; name: string }) =>
  apiRequest<BinderDetail>('POST', binderUrls(projectId).lists, { body: { name } }),
)
export const renameBinderFx = createEffect(({ projectId, listId, name }: BinderRef & { name: string }) =>
  apiRequest<BinderDetail>('PATCH', binderUrls(projectId).list(listId), { body: { name } }),
)
/** The binder goes; its documents stay in the project. */
export const deleteBinderFx = createEffect(({ projectId, listId }: BinderRef) => apiRequest<BinderDetail>('DELETE', binderUrls(projectId).list(listId)))

/** A document of the project put last in the binder; the binder answers in its new order. */
export const addToBinderFx = createEffect(({ projectId, listId, folderId }: BinderRef & { folderId: number }) =>
  apiRequest<BinderDetail>('POST', binderUrls(projectId).items(listId), { body: { folderId } }),
)
/** A document moved to a place of the binder (1 the first). */
export const moveInBinderFx = createEffect(({ projectId, listId, folderId, position }: BinderRef & { folderId: number; position: number }) =>
  apiRequest<BinderDetail>('PATCH', binderUrls(projectId).item(listId, folderId), { body: { position } }),
)
/** A document taken out of the binder (it stays in the project). */
export const removeFromBinderFx = createEffect(({ projectId, listId, folderId }: BinderRef & { folderId: number }) =>
  apiRequest<BinderDetail>('DELETE', binderUrls(projectId).item(listId, folderId)),
)

/** The binders a document is in, by name. */
export const fetchFolderBindersFx = createEffect((folderId: number) => apiRequest<FolderBinder[]>('GET', folderBindersUrl(folderId)))

/** The binders' screens: the project's list of binders and one binder. */
export const bindersPath = (projectId: number) => `/project/${projectId}/documents/binders`
export const binderPath = (projectId: number, listId: number) => `/project/${projectId}/documents/binders/${listId}`
