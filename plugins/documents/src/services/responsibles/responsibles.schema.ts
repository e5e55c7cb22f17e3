/** A person the document form offers as responsible. Browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

/** The most the form lists: enough for any project's team, by name. */
export const RESPONSIBLES_LIMIT = 500

export const responsibleSchema = Type.Object(
  { id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), username: Type.String() },
  { additionalProperties: false },
)
export type Responsible = Static<typeof responsibleSchema>
