/**
 * The checklists remote's API calls, as effects (replaced in tests). Paths come from the
 * plugins' `/shared` entries: the checklists' own (who may be responsible among them), the
 * project (for its name and the caller's level) and the projects a copy may go to.
 */
import { type ListPage, apiRequest, downloadFile, viewerTimeZone } from '@app/module-kit'
import {
  CHECKLIST_PAGE,
  type Checklist,
  type ChecklistData,
  type ChecklistItemData,
  type ChecklistItemPatch,
  type ChecklistPage,
  type ChecklistPeople,
  type ChecklistStatus,
  type ChecklistSummary,
  checklistExportUrls,
  checklistUrls,
} from '@app/plugin-checklists/shared'
import { type Project, projectUrl } from '@app/plugin-projects/shared'
import { createEffect } from 'effector'

/** The project's list pages by this many (the API's default page). */
export const PAGE_SIZE = CHECKLIST_PAGE.default

export const fetchProjectFx = createEffect((id: number) => apiRequest<Project>('GET', projectUrl(id)))

/** A page of the project's top-level checklists, in their order, with their progress. */
export const fetchChecklistsFx = createEffect(({ projectId, skip }: { projectId: number; skip: number }) =>
  apiRequest<ChecklistPage>('GET', checklistUrls.ofProject(projectId), { query: { $limit: PAGE_SIZE, $skip: skip } }),
)

export const fetchChecklistFx = createEffect((id: number) => apiRequest<Checklist>('GET', checklistUrls.one(id)))
export const fetchChildrenFx = createEffect((id: number) => apiRequest<ChecklistSummary[]>('GET', checklistUrls.children(id)))

/** POST /checklists (ADMINISTER): answers the new checklist. */
export const createChecklistFx = createEffect((data: ChecklistData) => apiRequest<Checklist>('POST', checklistUrls.create, { body: data }))

/** Title and description (EDIT). */
export const updateChecklistFx = createEffect(({ id, title, description }: { id: number; title: string; description: string }) =>
  apiRequest<Checklist>('PUT', checklistUrls.one(id), { body: { title, description } }),
)
export const setStatusFx = createEffect(({ id, status }: { id: number; status: ChecklistStatus }) => apiRequest<Checklist>('PUT', checklistUrls.status(id, status)))
/** null: nobody. */
export const setResponsibleFx = createEffect(({ id, userId }: { id: number; userId: number | null }) => apiRequest<Checklist>('PUT', checklistUrls.responsible(id, userId)))
/** ADMINISTER; one with sub-checklists is refused (409). */
export const deleteChecklistFx = createEffect((id: number) => apiRequest<Checklist>('DELETE', checklistUrls.one(id)))

export const addItemFx = createEffect(({ id, ...data }: ChecklistItemData & { id: number }) => apiRequest<Checklist>('POST', checklistUrls.items(id), { body: data }))
/** A tick, a rename, a move (sortOrder: the new place, 1 the first), a responsible person or a due date. */
export const patchItemFx = createEffect(({ id, itemId, patch }: { id: number; itemId: number; patch: ChecklistItemPatch }) =>
  apiRequest<Checklist>('PATCH', checklistUrls.item(id, itemId), { body: patch }),
)
export const removeItemFx = createEffect(({ id, itemId }: { id: number; itemId: number }) => apiRequest<Checklist>('DELETE', checklistUrls.item(id, itemId)))

/** A document folder made from the checklist (EDIT): answers the checklist with it. */
export const createFolderFx = createEffect(({ projectId, id }: { projectId: number; id: number }) => apiRequest<Checklist>('POST', checklistUrls.createFolder(projectId, id), { body: {} }))
/** A copy into another project (ADMINISTER on both): answers the copy. */
export const copyChecklistFx = createEffect(({ projectId, id, targetProjectId }: { projectId: number; id: number; targetProjectId: number }) =>
  apiRequest<Checklist>('POST', checklistUrls.copy(projectId, id), { body: { targetProjectId } }),
)

/** A person or project offered in a select. */
export interface Choice {
  id: number
  name: string
}

/** The most people a responsible person is chosen from at once (the first by name of those the filter finds). */
export const PEOPLE_LIMIT = 50

/** Who may be made responsible: enabled members who may view the project, by name, those whose names hold `filter` (asked with EDIT). */
export const fetchPeopleFx = createEffect(async ({ projectId, filter }: { projectId: number; filter: string }): Promise<Choice[]> => {
  const page = await apiRequest<ChecklistPeople>('GET', checklistUrls.people(projectId), { query: { $limit: PEOPLE_LIMIT, ...(filter && { filter }) } })
  return page.data.map((person) => ({ id: person.id, name: [person.firstName, person.lastName].filter(Boolean).join(' ') }))
})

/** The most projects the copy dialog offers at once: the caller's first by name of those the filter finds. */
export const TARGETS_LIMIT = 200

/** Projects a copy may go to: those the caller administers, by name, but this one; those whose number or name holds `filter`. */
export const fetchCopyTargetsFx = createEffect(async ({ projectId, filter }: { projectId: number; filter: string }): Promise<Choice[]> => {
  const page = await apiRequest<ListPage<Project>>('GET', projectUrl(), { query: { $limit: TARGETS_LIMIT, '$sort[name]': 1, ...(filter && { filter }) } })
  return page.data
    .filter((project) => project.id !== projectId && project.accessLevel.administer)
    .map((project) => ({ id: project.id, name: project.symbol ? `${project.symbol} - ${project.name}` : project.name }))
})

export type ChecklistExport = 'xlsx' | 'pdf'

/** The checklist as an Excel workbook or a PDF, its days in the viewer's time zone, saved under the server's name. */
export const exportChecklistFx = createEffect(({ id, format }: { id: number; format: ChecklistExport }) => {
  const urls = checklistExportUrls(id, viewerTimeZone())
  return downloadFile(format === 'xlsx' ? urls.excel : urls.pdf)
})
