/** The companies export's query: the list's filter box, so the file holds what the list shows. Browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

export const companyExportQuerySchema = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false })
export type CompanyExportQuery = Static<typeof companyExportQuerySchema>
