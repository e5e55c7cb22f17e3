/** The documents remote's crumbs: the list, a project as "symbol - name", a document as "number - title" (part1 §2). */
import type { Crumb } from '@app/module-kit'

/** A document as the breadcrumb, the heading and the lists write it. */
export const documentTitle = (folder: { symbol: string | null; name: string }) => (folder.symbol ? `${folder.symbol} - ${folder.name}` : folder.name)

/** A person as the document screens write them (a responsible, an author): first and last name. */
export const personName = (person: { firstName: string; lastName: string } | null) => (person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : '')

export const documentsCrumb = (): Crumb => ({ label: 'documents:list.title', href: '/documents' })

export const projectCrumb = (project: { id: number; symbol: string | null; name: string }): Crumb => ({
  label: project.symbol ? `${project.symbol} - ${project.name}` : project.name,
  href: `/project/${project.id}`,
})

export const documentPath = (projectId: number, documentId: number, tab = 'files') => `/project/${projectId}/documents/${documentId}/${tab}`
