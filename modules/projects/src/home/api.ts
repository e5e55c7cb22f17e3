/** The home panel's calls: the caller's recent projects and the projects with a position. */
import { apiRequest } from '@app/module-kit'
import { type ProjectPosition, type ProjectPositions, type RecentProjectPage, type RecentProjectRow, projectPositionsUrl, recentProjectsUrl } from '@app/plugin-projects/shared'
import { createEffect } from 'effector'

/** A project as the recent list shows it. */
export type RecentProject = RecentProjectRow

/** A project as the map marks it. */
export type MapProject = ProjectPosition

/** GET /dashboard/projects: the caller's last visited projects, newest visit first, then by name. */
export const fetchRecentProjectsFx = createEffect(async (limit: number): Promise<RecentProject[]> => {
  return (await apiRequest<RecentProjectPage>('GET', recentProjectsUrl(), { query: { $limit: limit } })).data
})

/**
 * The map's projects: GET /projects/positions, every project with a position the caller
 * may open (the project access filter in SQL), five fields each, up to POSITIONS_MAX
 * (10,000) by number.
 */
export const fetchMapProjectsFx = createEffect(async (): Promise<MapProject[]> => {
  return (await apiRequest<ProjectPositions>('GET', projectPositionsUrl())).data
})
