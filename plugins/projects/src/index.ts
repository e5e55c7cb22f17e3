/**
 * Projects (module `project`): the projects table and its calls, the directory the kit's
 * project scope asks which account a project belongs to, and what the projects give the
 * home page, the search page and the companies (their delete blockers).
 */
import {
  type ProjectDirectory,
  commentTargets,
  companyDeleteBlockers,
  dashboardCounts,
  dashboardFigures,
  definePlugin,
  linkTargets,
  projectChangeLogs,
  resourceNames,
  resourceNamesOf,
  searchProviders,
} from '@app/plugin-kit'
import type { Knex } from 'knex'
import packageJson from '../package.json' with { type: 'json' }
import { projectComments } from './comment-target'
import { projectLinks } from './link-target'
import { projectsTable } from './migrations/001-projects'
import { projectFields } from './migrations/002-project-fields'
import { projectClientIndex } from './migrations/003-project-client-index'
import { timelineMarks } from './migrations/004-timeline-marks'
import { timelineMarkIds } from './migrations/005-timeline-mark-ids'
import { squareMetersIndex } from './migrations/006-square-meters-index'
import { searchCoverIndex } from './migrations/007-search-cover-index'
import { dashboardServices } from './services/dashboard/dashboard'
import { projectEventLog } from './services/project-events/project-events.class'
import { projectEventsService } from './services/project-events/project-events'
import { projectLiveService } from './services/live/live'
import { clientProjects, projectCount, projectsSearch, squareMeters } from './contributions'
import { seedProjects } from './seed'
import { billingNotificationService } from './services/billing-notification/billing-notification'
import { projectCopyService } from './services/copy/copy'
import { documentGroupServices } from './services/document-groups/document-groups'
import { projectExportService } from './services/export/export'
import { projectPositionsService } from './services/project-positions/project-positions'
import { newProjectService, projectInfoService, projectsService } from './services/projects/projects'
import { projectPrivilegesService, projectUsersService, projectUsersWithAccessService } from './services/project-users/project-users'

/**
 * Which account owns a project: one primary-key read (a project never changes account);
 * its client, read afresh each time (it can change); the projects of some clients, as a
 * subquery for core's granted projects (the company-client rule of part1 §6); the numbers
 * and names of some projects, for other plugins' lists.
 */
/** The least level of each call on one project (the projects service's own scope), for the access matrix. */
export { PROJECT_LEVELS } from './services/projects/projects'

export const projectDirectory = (knex: Knex): ProjectDirectory => ({
  async accountOf(projectId) {
    const row = await knex('projects').where({ id: projectId }).first('account_id')
    return row ? Number(row.account_id) : undefined
  },
  async clientOf(projectId) {
    const row = await knex('projects').where({ id: projectId }).first('company_id')
    if (!row) return undefined
    return row.company_id === null ? null : Number(row.company_id)
  },
  projectsOfClients: (accountId, companyIds) =>
    knex('projects')
      .select('id as granted_project_id')
      .where('account_id', accountId)
      .whereIn('company_id', Array.isArray(companyIds) ? [...companyIds] : (companyIds as Knex.QueryBuilder)),
  async refs(accountId, ids) {
    if (!ids.length) return new Map()
    const rows = await knex('projects').where('account_id', accountId).whereIn('id', [...new Set(ids)]).select('id', 'symbol', 'name')
    return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), accountId, symbol: row.symbol as string, name: row.name as string }]))
  },
})

// Menu and tile labels travel in every language: the shell draws them before the remote loads.
const PROJECTS = { 'en-GB': 'Projects', 'fi-FI': 'Projektit', 'no-NO': 'Prosjekter', 'pl-PL': 'Projekty', 'se-SE': 'Projekt' }
const NEW_PROJECT = { 'en-GB': 'New project', 'fi-FI': 'Uusi projekti', 'no-NO': 'Nytt prosjekt', 'pl-PL': 'Nowy projekt', 'se-SE': 'Nytt projekt' }

export default definePlugin({
  id: 'projects',
  module: 'project',
  version: packageJson.version,
  remotes: [
    {
      // modules/projects: the list (/projects), a new project and each project's pages (/project/...).
      name: 'projects',
      routes: ['/projects', '/project'],
      menu: [
        { id: 'projects', label: PROJECTS, path: '/projects', area: 'configuration', flag: 'canSeeProjects' },
        { id: 'newProject', label: NEW_PROJECT, path: '/project/add', area: 'configuration', flag: 'canManageProjects' },
      ],
      tiles: [{ id: 'projects', label: PROJECTS, path: '/projects', flag: 'canSeeProjects' }],
      // Recent projects and the map of projects on the home page.
      home: { flag: 'canSeeProjects' },
      // The map's base layer: tiles from MAP_TILE_URL, or (null) the country outlines shipped with the remote.
      config: (app) => ({ mapTileUrl: app.get('config').mapTileUrl ?? null }),
    },
  ],
  migrations: [projectsTable, projectFields, projectClientIndex, timelineMarks, timelineMarkIds, squareMetersIndex, searchCoverIndex],
  permissions: [],
  services: [
    projectEventsService,
    projectLiveService,
    newProjectService,
    projectInfoService,
    projectPositionsService,
    projectExportService,
    projectsService,
    billingNotificationService,
    projectCopyService,
    ...documentGroupServices,
    projectUsersService,
    projectUsersWithAccessService,
    projectPrivilegesService,
    ...dashboardServices,
  ],
  configure(app) {
    app.set('projects', projectDirectory(app.get('knex')))
    // Privileges name projects by id: core asks whether they exist, and their names, here.
    app.get('extensions').contribute(resourceNames, resourceNamesOf(app.get('knex'), 'PROJECT', 'projects'))
    // Every project-scoped write is recorded here (the kit's project scope tells the change logs).
    app.get('extensions').contribute(projectChangeLogs, projectEventLog(app.get('knex')))
    // Projects take comments (the comments plugin's /comments/project/:projectId).
    app.get('extensions').contribute(commentTargets, projectComments)
    // Projects are ends of links (the links plugin's /links/project/…).
    app.get('extensions').contribute(linkTargets, projectLinks)
    const extensions = app.get('extensions')
    extensions.contribute(dashboardCounts, projectCount)
    extensions.contribute(dashboardFigures, squareMeters)
    extensions.contribute(searchProviders, projectsSearch)
    extensions.contribute(companyDeleteBlockers, clientProjects)
  },
  seed: seedProjects,
})
