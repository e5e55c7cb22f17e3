/**
 * Document calls (spec part1 §7; the paths are not shown there, so these): POST /folders
 * creates a document in a project, GET, PATCH and DELETE /folders/{folderId} read, change
 * and remove one. All under the kit's project scope: reading needs VIEW on the document's
 * project, creating, changing and deleting EDIT (part1 §6). A caller's GET records their
 * visit, for the documents list's Recent tab.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { FoldersService } from './folders.class'
import { folderDataSchema, folderPatchSchema, folderSchema } from './folders.schema'
import { foldersMethods, foldersPath } from './folders.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [foldersPath]: FoldersService
  }
}

/** The least level of each method on the document's project. */
export const FOLDER_LEVELS = { get: 'VIEW', create: 'EDIT', patch: 'EDIT', remove: 'EDIT' } as const

export const foldersService: ServiceDefinition = {
  path: foldersPath,
  methods: [...foldersMethods],
  scope: { kind: 'project', level: FOLDER_LEVELS, projectIdFrom: { field: 'projectId', table: 'folders' } },
  schemas: { data: folderDataSchema, patch: folderPatchSchema, result: folderSchema },
  service: (app) => new FoldersService(app),
}
