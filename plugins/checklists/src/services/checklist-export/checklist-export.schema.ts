/**
 * A checklist's exports (GET /checklists/{id}/export.xlsx and …/export.pdf): the query is
 * the viewer's time zone only, as every export's (the kit's exportQueryFields), so the days
 * an item was ticked read as the screens show them. Any other key answers 400. Browser-safe.
 */
import { exportQueryFields } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const checklistExportQuerySchema = Type.Object({ ...exportQueryFields }, { additionalProperties: false })
export type ChecklistExportQuery = Static<typeof checklistExportQuerySchema>
