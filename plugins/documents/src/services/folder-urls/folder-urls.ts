/**
 * A document's links (spec part1 §7 "Folder URLs"): GET and POST /folders/{folderId}/urls,
 * GET, PUT and DELETE /folders/{folderId}/urls/{folderUrlId} (description, url). Reading
 * needs VIEW on the document's project, changing EDIT; an archived document keeps its links.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { FolderUrlsService } from './folder-urls.class'
import { folderUrlDataSchema, folderUrlQuerySchema, folderUrlSchema } from './folder-urls.schema'
import { folderUrlsPath } from './folder-urls.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [folderUrlsPath]: FolderUrlsService
  }
}

export const folderUrlsService: ServiceDefinition = {
  path: folderUrlsPath,
  methods: ['find', 'get', 'create', 'update', 'remove'],
  scope: { kind: 'project', level: { find: 'VIEW', get: 'VIEW', create: 'EDIT', update: 'EDIT', remove: 'EDIT' }, projectIdFrom: { rowParam: 'folderId', table: 'folders' } },
  schemas: { data: folderUrlDataSchema, query: folderUrlQuerySchema, result: folderUrlSchema },
  service: (app) => new FolderUrlsService(app),
}
