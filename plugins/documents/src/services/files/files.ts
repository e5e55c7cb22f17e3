/**
 * Downloads (spec part1 §7 "Files"): POST /folders/{folderId}/files/download-link {ids}
 * (DOWNLOAD on the document's project) answers a link that works for a minute; GET
 * /files/{fileId}?token=… and GET /files?id=…&id=…&token=… follow it (the second with several
 * ids answers one zip). The spec puts the bearer token in the download URL; a link scoped to
 * its files, session and minute replaces it (README, Deviations).
 */
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { FilesService } from './files.class'
import { downloadLinkRequestSchema, downloadLinkSchema, downloadQuerySchema } from './files.schema'
import { downloadLinkPath, filesPath } from './files.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [filesPath]: FilesService
  }
}

export const fileServices: ServiceDefinition[] = [
  {
    path: filesPath,
    methods: ['find', 'get'],
    public: ['find', 'get'],
    scope: {
      kind: 'none',
      why: "Followed from a download link: its signed token names the sign-in session (whose account confines every read), the document and the files; the session must live and still hold DOWNLOAD on the document's project.",
    },
    schemas: { query: downloadQuerySchema },
    service: (app) => new FilesService(app),
  },
  {
    path: downloadLinkPath,
    methods: ['create'],
    scope: { kind: 'project', level: { create: 'DOWNLOAD' }, projectIdFrom: { rowParam: 'folderId', table: 'folders' } },
    schemas: { data: downloadLinkRequestSchema, result: downloadLinkSchema },
    service: (app: Application) => ({ create: (data: any, params: AppParams) => app.service(filesPath).link(data, params) }),
  },
]
