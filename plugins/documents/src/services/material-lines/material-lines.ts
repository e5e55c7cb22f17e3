/**
 * A document's material list (spec part1 §2 "Material list (bill of materials, export to
 * PDF and Excel)", §3 "Material list line"): GET and POST /folders/{folderId}/material-lines,
 * GET, PUT and DELETE /folders/{folderId}/material-lines/{lineId}. Reading needs VIEW on the
 * document's project, changing EDIT; an archived document keeps its list.
 *
 * GET …/material-lines/export.xlsx and …/export.pdf need DOWNLOAD, as the document's files
 * do: an export takes the list out of the application as a file to keep and pass on, which
 * is what DOWNLOAD grants over VIEW (reading it on screen); a VIEW holder who may not take
 * the document's files may not take its list either.
 */
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { MaterialLinesService } from './material-lines.class'
import { materialExportQuerySchema, materialLineDataSchema, materialLineQuerySchema, materialLineSchema } from './material-lines.schema'
import { materialExcelPath, materialLinesPath, materialPdfPath } from './material-lines.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [materialLinesPath]: MaterialLinesService
  }
}

const inFolder = { rowParam: 'folderId', table: 'folders' } as const

export const materialLineServices: ServiceDefinition[] = [
  {
    path: materialLinesPath,
    methods: ['find', 'get', 'create', 'update', 'remove'],
    scope: { kind: 'project', level: { find: 'VIEW', get: 'VIEW', create: 'EDIT', update: 'EDIT', remove: 'EDIT' }, projectIdFrom: inFolder },
    schemas: { data: materialLineDataSchema, query: materialLineQuerySchema, result: materialLineSchema },
    service: (app) => new MaterialLinesService(app),
  },
  {
    path: materialExcelPath,
    methods: ['find'],
    scope: { kind: 'project', level: { find: 'DOWNLOAD' }, projectIdFrom: inFolder },
    schemas: { query: materialExportQuerySchema },
    service: (app) => ({ find: (params: AppParams) => new MaterialLinesService(app).excel(params) }),
  },
  {
    path: materialPdfPath,
    methods: ['find'],
    scope: { kind: 'project', level: { find: 'DOWNLOAD' }, projectIdFrom: inFolder },
    schemas: { query: materialExportQuerySchema },
    service: (app) => ({ find: (params: AppParams) => new MaterialLinesService(app).pdf(params) }),
  },
]
