/**
 * Project calls of spec part2 §7: GET /projects (filter, sort, companyId, parentId, ids,
 * stats), PUT /projects (saves: no id creates, an id changes), GET /projects/new,
 * GET /projects/info, GET, PATCH, PUT, DELETE /projects/{projectId}.
 *
 * The list is tenant-scoped and confined to the caller's projects by whereProjectAccess;
 * one project is read and written under the kit's project scope (the row is the project):
 * reading needs ACCESS, changing EDIT, deleting EDIT with canManageProjects (part2 §6).
 * Creating needs canManageProjects, and the creator administers the new project.
 */
import type { AppParams, ProjectScope, ServiceDefinition } from '@app/plugin-kit'
import { currentUser, projectScope, saveOnPut } from '@app/plugin-kit'
import { ProjectsService } from './projects.class'
import { projectDataSchema, projectInfoSchema, projectPatchSchema, projectQuerySchema, projectSaveSchema, projectSchema } from './projects.schema'
import { projectInfoPath, projectsMethods, projectsPath, newProjectPath } from './projects.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [projectsPath]: ProjectsService
  }
}

/** The least level of each method on one project: the row named by the id is the project itself. */
export const PROJECT_LEVELS = { get: 'ACCESS', patch: 'EDIT', remove: 'EDIT' } as const
const ONE_PROJECT: ProjectScope = { kind: 'project', level: PROJECT_LEVELS, projectIdFrom: { field: 'id', table: 'projects' } }
const oneProject = projectScope(ONE_PROJECT, projectsPath)

export const projectsService: ServiceDefinition = {
  path: projectsPath,
  methods: [...projectsMethods],
  scope: { kind: 'tenant' },
  flags: {
    // The list is for those the Projects menu entry shows to; anyone else would list none.
    find: ['canSeeProjects'],
    create: ['canManageProjects'],
    remove: ['canManageProjects'],
  },
  schemas: { data: projectDataSchema, patch: projectPatchSchema, update: projectSaveSchema, query: projectQuerySchema, result: projectSchema },
  // After the tenant scope: the project must be the account's (else 404), and the caller's level enough (else 403).
  hooks: { around: { get: [oneProject], patch: [oneProject], remove: [oneProject] } },
  service: (app) => saveOnPut(app, projectsPath, new ProjectsService(app)),
}

/** GET /projects/new: the blank project the add form starts from. */
export const newProjectService: ServiceDefinition = {
  path: newProjectPath,
  methods: ['find'],
  scope: { kind: 'own-user', why: 'The blank form of a new project: constant values and the caller as its manager, no rows of any account.' },
  flags: { find: ['canManageProjects'] },
  service: () => ({
    async find(params: AppParams) {
      const caller = currentUser(params)
      return {
        name: '',
        symbol: '',
        companyId: null,
        masterNumber: null,
        parentId: null,
        managerId: caller.id,
        startDate: null,
        endDate: null,
        deliveryDate: null,
        shipmentDate: null,
        inspectionDate: null,
        value: null,
        area: null,
        squareMeters: null,
        geoPosition: null,
        address: null,
        additionalInfo: null,
        endCompanyName: null,
        endCompanyAddress: null,
        endCompanyCountry: null,
        endCompanyPlant: null,
      }
    },
  }),
}

/** GET /projects/info: the caller's project counts in their current account (each a count in SQL). */
export const projectInfoService: ServiceDefinition = {
  path: projectInfoPath,
  methods: ['find'],
  scope: { kind: 'own-user', why: "Counts of the caller's own projects in their current account, through whereProjectAccess: no row of another account is read." },
  schemas: { result: projectInfoSchema },
  service: (app) => ({
    async find(params: AppParams) {
      const caller = currentUser(params)
      const projects = app.service(projectsPath)
      const count = async (level: 'ACCESS' | 'EDIT' | 'ADMINISTER') => {
        const { query } = await projects.listQuery({ user: caller }, level)
        const [row] = await query.count({ total: '*' })
        return Number(row?.total ?? 0)
      }
      const flags = await app.get('access').flags(caller)
      return { total: await count('ACCESS'), editable: await count('EDIT'), administered: await count('ADMINISTER'), canCreate: flags.canManageProjects }
    },
  }),
}
