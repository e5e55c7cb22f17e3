/**
 * A checklist as a file (issue 11, beyond the spec: "Export of a checklist to PDF and to
 * Excel", with the kit's writers, exceljs and pdfkit):
 *
 * - GET /checklists/{checklistId}/export.xlsx
 * - GET /checklists/{checklistId}/export.pdf
 *
 * One path a format, as the material list's exports are addressed
 * (/folders/{id}/material-lines/export.xlsx and …/export.pdf): the URL ends in the file's
 * extension and each path answers one type; a format there is no path for is 404, and any
 * query but `timeZone` (a `format=` too) is 400. Each answers a FileDownload, streamed as an
 * attachment named after the checklist (RFC 6266).
 *
 * Under the project scope as the checklist's other calls, its project read from its row: VIEW
 * exports (whoever may read a checklist on screen may take it as a file: unlike a document's
 * material list there is no file of the project in it, which is what DOWNLOAD guards); a
 * checklist of another account, or none, is 404; too low a level on its project 403.
 */
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { ChecklistExportService } from './checklist-export.class'
import { type ChecklistExportQuery, checklistExportQuerySchema } from './checklist-export.schema'
import { checklistExcelPath, checklistPdfPath } from './checklist-export.shared'

const scope = { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { rowParam: 'checklistId', table: 'checklists' } } as const

export const checklistExportServices: ServiceDefinition[] = [
  {
    path: checklistExcelPath,
    methods: ['find'],
    scope,
    schemas: { query: checklistExportQuerySchema },
    service: (app) => {
      const exports = new ChecklistExportService(app)
      return { find: (params: AppParams<ChecklistExportQuery>) => exports.excel(params) }
    },
  },
  {
    path: checklistPdfPath,
    methods: ['find'],
    scope,
    schemas: { query: checklistExportQuerySchema },
    service: (app) => {
      const exports = new ChecklistExportService(app)
      return { find: (params: AppParams<ChecklistExportQuery>) => exports.pdf(params) }
    },
  },
]
