/**
 * Where checklists live (spec part2 §7 "Checklists"), for the server and the checklist
 * screens. Browser-safe.
 */
export const checklistsPath = 'checklists'
export const checklistStatusPath = 'checklists/:checklistId/status'
export const checklistResponsiblePath = 'checklists/:checklistId/responsible-user'
export const checklistItemsPath = 'checklists/:checklistId/items'
export const checklistChildrenPath = 'checklists/:checklistId/children'
export const projectChecklistsPath = 'checklists/project/:projectId'
export const checklistPeoplePath = 'checklists/project/:projectId/people'
export const checklistFolderPath = 'checklists/project/:projectId/checklist/:checklistId/createFolder'
export const checklistCopyPath = 'checklists/project/:projectId/checklist/:checklistId/copy'

export const checklistUrls = {
  create: '/checklists',
  one: (id: number) => `/checklists/${id}`,
  status: (id: number, status: string) => `/checklists/${id}/status?status=${encodeURIComponent(status)}`,
  responsible: (id: number, userId: number | null) => `/checklists/${id}/responsible-user${userId === null ? '' : `?responsibleUserId=${userId}`}`,
  items: (id: number) => `/checklists/${id}/items`,
  item: (id: number, itemId: number) => `/checklists/${id}/items/${itemId}`,
  children: (id: number) => `/checklists/${id}/children`,
  ofProject: (projectId: number) => `/checklists/project/${projectId}`,
  people: (projectId: number) => `/checklists/project/${projectId}/people`,
  createFolder: (projectId: number, id: number) => `/checklists/project/${projectId}/checklist/${id}/createFolder`,
  copy: (projectId: number, id: number) => `/checklists/project/${projectId}/checklist/${id}/copy`,
}
