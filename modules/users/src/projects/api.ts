/**
 * The projects a grant can name (the projects plugin's GET /projects, filter and sort),
 * for the new-user wizard's project step and the access tab: only the projects the caller
 * holds a level on are listed (an account admin: all of the account's).
 */
import { $enabledModules, $flags, type ListPage, type ListQuery, apiRequest, feathersQuery } from '@app/module-kit'
import { combine } from 'effector'
import { type Project, projectUrl } from '@app/plugin-projects/shared'

export interface ProjectChoice {
  id: number
  symbol: string
  name: string
}

export const fetchProjectChoices = async (query: ListQuery): Promise<ListPage<ProjectChoice>> => {
  const page = await apiRequest<ListPage<Project>>('GET', projectUrl(), { query: feathersQuery(query) })
  return { ...page, data: page.data.map(({ id, symbol, name }) => ({ id, symbol, name })) }
}

/**
 * Whether projects can be named here: the account has the projects module on and the caller
 * may open the projects list (canSeeProjects, as its menu entry); without either no project can be found.
 */
export const $projectsOn = combine($enabledModules, $flags, (modules, flags) => flags.canSeeProjects && modules.some((m) => m.module === 'project'))

/** A project as lists name it: "symbol - name" (spec part1 §2, the breadcrumb's form). */
export const projectLabel = (project: Pick<ProjectChoice, 'symbol' | 'name'>) => `${project.symbol} - ${project.name}`
