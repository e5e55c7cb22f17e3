/** The checklists remote's addresses and crumbs (spec part2 §2: /checklist/add, /checklists/{id} with its metadata and checklists tabs). */
import type { Crumb } from '@app/module-kit'

/** A checklist's sub-tabs, each a path of its own; the bare path shows `checklists`. */
export const TABS = ['checklists', 'metadata'] as const
export type Tab = (typeof TABS)[number]

export const checklistsPath = (projectId: number) => `/project/${projectId}/checklists`
/** A new checklist of the project; with `parentId`, a sub-checklist of that one. */
export const addPath = (projectId: number, parentId?: number) => `/project/${projectId}/checklist/add${parentId ? `?parent=${parentId}` : ''}`
export const checklistPath = (projectId: number, id: number, tab: Tab = 'checklists') => `/project/${projectId}/checklists/${id}/${tab}`
/** A document (the folder made from a checklist), on the documents remote's page. */
export const folderPath = (projectId: number, folderId: number) => `/project/${projectId}/documents/${folderId}`

/** A person as the checklist screens write them. */
export const personName = (person: { firstName: string; lastName: string } | null) => (person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : '')

export const projectCrumb = (project: { id: number; symbol: string | null; name: string }): Crumb => ({
  label: project.symbol ? `${project.symbol} - ${project.name}` : project.name,
  href: `/project/${project.id}`,
})

export const checklistsCrumb = (projectId: number): Crumb => ({ label: 'checklists:list.title', href: checklistsPath(projectId) })
