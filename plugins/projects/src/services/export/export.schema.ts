/**
 * The projects export's query: the list's filter box, so the file holds what the list
 * shows, and the viewer's time zone for its dates. Browser-safe.
 */
import { exportQueryFields } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export const projectExportQuerySchema = Type.Object(
  { filter: Type.Optional(Type.String({ maxLength: 200 })), ...exportQueryFields },
  { additionalProperties: false },
)
export type ProjectExportQuery = Static<typeof projectExportQuerySchema>
