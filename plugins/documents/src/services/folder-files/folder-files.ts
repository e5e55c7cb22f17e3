/**
 * A document's files (spec part1 §7 "Folder files"): GET /folders/{folderId}/files lists
 * them (VIEW on the document's project; ?revisionId= those kept with an archived revision),
 * POST uploads one with a multipart form (EDIT; query type, ATTACHMENT unless said), POST
 * /folders/{folderId}/files/register registers the caller's completed chunked upload (EDIT).
 * DELETE /folders/{folderId}/files/{id} deletes one, DELETE …/files?filesIds=… several and
 * DELETE …/files/clear all; PUT …/{id}/rename renames one (EDIT). POST
 * …/files/lock/{docFileId} checks a file out and …/files/unlock/{docFileId} checks it in
 * (EDIT; checking in another's needs ADMINISTER; a file kept with a revision is checked in
 * too); POST …/files/{folderFileId}/copy copies one into this document or another (EDIT on
 * both); POST …/files/merge?ids=…&ids=… merges 2 to 50 of its PDF files into a new one
 * (EDIT). An archived document's files stay as they are.
 */
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { FolderFilesService } from './folder-files.class'
import { folderFileCopySchema, folderFileMergeQuerySchema, folderFileQuerySchema, folderFileRegisterSchema, folderFileRenameSchema, folderFileSchema } from './folder-files.schema'
import { folderFileCopyPath, folderFileLockPath, folderFileMergePath, folderFileRegisterPath, folderFileRenamePath, folderFileUnlockPath, folderFilesPath } from './folder-files.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [folderFilesPath]: FolderFilesService
  }
}

const inFolder = { rowParam: 'folderId', table: 'folders' } as const

export const folderFileServices: ServiceDefinition[] = [
  {
    path: folderFilesPath,
    methods: ['find', 'create', 'remove'],
    scope: { kind: 'project', level: { find: 'VIEW', create: 'EDIT', remove: 'EDIT' }, projectIdFrom: inFolder },
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
  {
    path: folderFileRenamePath,
    methods: ['update'],
    scope: { kind: 'project', level: { update: 'EDIT' }, projectIdFrom: inFolder },
    schemas: { update: folderFileRenameSchema, result: folderFileSchema },
    service: (app: Application) => ({ update: (_id: unknown, data: any, params: AppParams) => app.service(folderFilesPath).rename(data, params) }),
  },
  defineAction({
    path: folderFileLockPath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: inFolder },
    result: folderFileSchema,
    run: ({ app, params }) => app.service(folderFilesPath).lock(params),
  }),
  defineAction({
    path: folderFileUnlockPath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: inFolder },
    result: folderFileSchema,
    run: ({ app, params }) => app.service(folderFilesPath).unlock(params),
  }),
  defineAction({
    path: folderFileCopyPath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: inFolder },
    data: folderFileCopySchema,
    result: folderFileSchema,
    run: ({ app, data, params }) => app.service(folderFilesPath).copy(data, params),
  }),
  defineAction({
    path: folderFileMergePath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: inFolder },
    query: folderFileMergeQuerySchema,
    result: folderFileSchema,
    run: ({ app, params }) => app.service(folderFilesPath).merge(params),
  }),
]
