/**
 * Bulk creation (part1 §2, §4): POST /projects/{projectId}/folders-bulk {rows} creates
 * several documents of the project from a list, all or none, and answers them. As creating
 * one document, it needs EDIT on the project, under the kit's project scope.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { FoldersBulkService } from './folders-bulk.class'
import { folderBulkBodySchema } from './folders-bulk.schema'
import { foldersBulkPath } from './folders-bulk.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [foldersBulkPath]: FoldersBulkService
  }
}

export const foldersBulkService: ServiceDefinition = {
  path: foldersBulkPath,
  methods: ['create'],
  // `table`: the rows a refused call must leave as they were (the access test watches them).
  scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: { routeParam: 'projectId', table: 'folders' } },
  // The service checks the body against folderBulkDataSchema itself, to refuse it in the spec's words.
  schemas: { data: folderBulkBodySchema },
  service: (app) => new FoldersBulkService(app),
}
