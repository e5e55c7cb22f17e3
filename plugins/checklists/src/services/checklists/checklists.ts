/**
 * Checklists (spec part2 §7 "Checklists"), each call under the kit's project scope:
 * VIEW reads; EDIT works in a checklist (its title and description, status, responsible
 * person, items) and makes its document folder; ADMINISTER creates, copies and removes
 * checklists. The spec gives two readings for adding (part2 §6); this one follows
 * /checklist/add, which is for administrators.
 *
 * - POST /checklists; GET, PUT, DELETE /checklists/{id}
 * - PUT /checklists/{id}/status?status= and …/responsible-user?responsibleUserId=
 * - POST /checklists/{id}/items; PUT, PATCH, DELETE …/items/{itemId}
 * - GET /checklists/{id}/children; GET /checklists/project/{projectId}; …/project/{projectId}/people (who may be responsible)
 * - POST /checklists/project/{projectId}/checklist/{id}/createFolder and …/copy
 */
import { type ServiceDefinition, defineAction } from '@app/plugin-kit'
import {
  ChecklistChildrenService,
  ChecklistItemsService,
  ChecklistPeopleService,
  ChecklistResponsibleService,
  ChecklistStatusService,
  ChecklistsService,
  ProjectChecklistsService,
  copyChecklist,
  createFolder,
} from './checklists.class'
import {
  checklistCopyDataSchema,
  checklistDataSchema,
  checklistItemDataSchema,
  checklistItemPatchSchema,
  checklistListQuerySchema,
  checklistPeopleQuerySchema,
  checklistPeopleSchema,
  checklistPageSchema,
  checklistResponsibleQuerySchema,
  checklistSchema,
  checklistStatusQuerySchema,
  checklistUpdateSchema,
  emptyBodySchema,
} from './checklists.schema'
import {
  checklistChildrenPath,
  checklistCopyPath,
  checklistFolderPath,
  checklistItemsPath,
  checklistPeoplePath,
  checklistResponsiblePath,
  checklistStatusPath,
  checklistsPath,
  projectChecklistsPath,
} from './checklists.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [checklistsPath]: ChecklistsService
    [checklistStatusPath]: ChecklistStatusService
    [checklistResponsiblePath]: ChecklistResponsibleService
    [checklistItemsPath]: ChecklistItemsService
    [checklistChildrenPath]: ChecklistChildrenService
    [projectChecklistsPath]: ProjectChecklistsService
    [checklistPeoplePath]: ChecklistPeopleService
  }
}

/** The calls addressed by a checklist in their path: its project is the checklist's (another account's, or none: 404). */
const byChecklist = (level: Partial<Record<'find' | 'create' | 'update' | 'patch' | 'remove', 'VIEW' | 'EDIT' | 'ADMINISTER'>>) =>
  ({ kind: 'project', level, projectIdFrom: { rowParam: 'checklistId', table: 'checklists' } }) as const

export const checklistServices: ServiceDefinition[] = [
  {
    path: checklistsPath,
    methods: ['create', 'get', 'update', 'remove'],
    // The body names the project as parentId (spec part2 §3); the rows keep it in project_id.
    scope: {
      kind: 'project',
      level: { create: 'ADMINISTER', get: 'VIEW', update: 'EDIT', remove: 'ADMINISTER' },
      projectIdFrom: { field: 'parentId', column: 'project_id', table: 'checklists' },
    },
    schemas: { data: checklistDataSchema, update: checklistUpdateSchema, result: checklistSchema },
    service: (app) => new ChecklistsService(app),
  },
  {
    path: checklistStatusPath,
    methods: ['update'],
    scope: byChecklist({ update: 'EDIT' }),
    schemas: { update: emptyBodySchema, query: checklistStatusQuerySchema, result: checklistSchema },
    service: (app) => new ChecklistStatusService(app),
  },
  {
    path: checklistResponsiblePath,
    methods: ['update'],
    scope: byChecklist({ update: 'EDIT' }),
    schemas: { update: emptyBodySchema, query: checklistResponsibleQuerySchema, result: checklistSchema },
    service: (app) => new ChecklistResponsibleService(app),
  },
  {
    path: checklistItemsPath,
    methods: ['create', 'update', 'patch', 'remove'],
    scope: byChecklist({ create: 'EDIT', update: 'EDIT', patch: 'EDIT', remove: 'EDIT' }),
    schemas: { data: checklistItemDataSchema, update: checklistItemPatchSchema, patch: checklistItemPatchSchema, result: checklistSchema },
    service: (app) => new ChecklistItemsService(app),
  },
  {
    path: checklistChildrenPath,
    methods: ['find'],
    scope: byChecklist({ find: 'VIEW' }),
    service: (app) => new ChecklistChildrenService(app),
  },
  {
    path: projectChecklistsPath,
    methods: ['find'],
    scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { routeParam: 'projectId', table: 'checklists' } },
    schemas: { query: checklistListQuerySchema, result: checklistPageSchema },
    service: (app) => new ProjectChecklistsService(app),
  },
  {
    // For choosing a responsible person: those who assign them (EDIT) may list them.
    path: checklistPeoplePath,
    methods: ['find'],
    scope: { kind: 'project', level: { find: 'EDIT' }, projectIdFrom: { routeParam: 'projectId' } },
    schemas: { query: checklistPeopleQuerySchema, result: checklistPeopleSchema },
    service: (app) => new ChecklistPeopleService(app),
  },
  defineAction({
    path: checklistFolderPath,
    scope: byChecklist({ create: 'EDIT' }),
    data: emptyBodySchema,
    result: checklistSchema,
    run: ({ app, params }) => createFolder(app, params),
  }),
  defineAction({
    path: checklistCopyPath,
    scope: byChecklist({ create: 'ADMINISTER' }),
    data: checklistCopyDataSchema,
    result: checklistSchema,
    run: ({ app, params, data }) => copyChecklist(app, params, data),
  }),
]
