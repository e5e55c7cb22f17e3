/** The projects remote's own crumbs: the projects list, and a project as "symbol - name" (spec part2 §2). */
import type { Crumb } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'

export const projectsCrumb = (): Crumb => ({ label: 'projects:list.title', href: '/projects' })

/** A project as the breadcrumb and the heading write it. */
export const projectTitle = (project: Pick<Project, 'symbol' | 'name'>) => (project.symbol ? `${project.symbol} - ${project.name}` : project.name)

export const projectCrumb = (project: Pick<Project, 'id' | 'symbol' | 'name'>, link = true): Crumb =>
  link ? { label: projectTitle(project), href: `/project/${project.id}` } : { label: projectTitle(project) }
