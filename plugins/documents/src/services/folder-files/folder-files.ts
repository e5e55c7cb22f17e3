/**
 * A document's files (spec part1 §7 "Folder files"): GET /folders/{folderId}/files lists
 * them (VIEW on the document's project), POST uploads one with a multipart form (EDIT; query
 * type, ATTACHMENT unless said), POST /folders/{folderId}/files/register registers the
 * caller's completed chunked upload (EDIT).
 */
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { FolderFilesService } from './folder-files.class'
import { folderFileQuerySchema, folderFileRegisterSchema, folderFileSchema } from './folder-files.schema'
import { folderFileRegisterPath, folderFilesPath } from './folder-files.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [folderFilesPath]: FolderFilesService
  }
}

const inFolder = { rowParam: 'folderId', table: 'folders' } as const

export const folderFileServices: ServiceDefinition[] = [
  {
    path: folderFilesPath,
    methods: ['find', 'create'],
    scope: { kind: 'project', level: { find: 'VIEW', create: 'EDIT' }, projectIdFrom: inFolder },
    schemas: { query: folderFileQuerySchema, result: folderFileSchema },
    uploads: { methods: ['create'] },
    service: (app) => new FolderFilesService(app),
  },
  {
    path: folderFileRegisterPath,
    methods: ['create'],
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: inFolder },
    schemas: { data: folderFileRegisterSchema, result: folderFileSchema },
    service: (app: Application) => ({ create: (data: any, params: AppParams) => app.service(folderFilesPath).register(data, params) }),
  },
]
