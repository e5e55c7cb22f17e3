/**
 * A document's action plan (spec part1 §2 "Actions" tab, §3 "Document action plan rows"):
 * GET and POST /folders/{folderId}/actions, GET, PUT and DELETE
 * /folders/{folderId}/actions/{actionId}. Reading needs VIEW on the document's project,
 * changing EDIT; an archived document keeps its plan. Each row is answered with its due
 * day and days overdue, reckoned when asked.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { FolderActionsService } from './folder-actions.class'
import { folderActionDataSchema, folderActionQuerySchema, folderActionSchema } from './folder-actions.schema'
import { folderActionsPath } from './folder-actions.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [folderActionsPath]: FolderActionsService
  }
}

export const folderActionsService: ServiceDefinition = {
  path: folderActionsPath,
  methods: ['find', 'get', 'create', 'update', 'remove'],
  scope: { kind: 'project', level: { find: 'VIEW', get: 'VIEW', create: 'EDIT', update: 'EDIT', remove: 'EDIT' }, projectIdFrom: { rowParam: 'folderId', table: 'folders' } },
  schemas: { data: folderActionDataSchema, query: folderActionQuerySchema, result: folderActionSchema },
  service: (app) => new FolderActionsService(app),
}
