/** The project event log (spec part2 §3 "Project event"), browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

/** Who made a change, as the log shows them; null for background work or a person no longer in the account. */
export const eventAuthorSchema = Type.Object(
  { id: Type.Integer(), firstName: Type.String(), lastName: Type.String(), username: Type.String() },
  { additionalProperties: false },
)

export const projectEventSchema = Type.Object(
  {
    id: Type.Integer(),
    modifiedBy: Field.nullable(eventAuthorSchema),
    /** The service's path and method, e.g. `projects/:projectId/users create`. */
    eventType: Type.String(),
    /** Created, Saved, Changed or Removed. */
    eventName: Type.String(),
    /** What changed, in a line: the row's "number - name", name, title or the person. */
    subject: Type.String(),
    /** When (ISO-8601 UTC). */
    creationDate: Type.String(),
  },
  { additionalProperties: false },
)
export type ProjectEvent = Static<typeof projectEventSchema>

/** A page of the log, newest first. */
export const projectEventPageSchema = Type.Object(
  { total: Type.Integer(), limit: Type.Integer(), skip: Type.Integer(), data: Type.Array(projectEventSchema) },
  { additionalProperties: false },
)
export type ProjectEventPage = Static<typeof projectEventPageSchema>

export const projectEventQuerySchema = Type.Object(
  { $limit: Type.Optional(Type.Integer({ minimum: 0 })), $skip: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
)
export type ProjectEventQuery = Static<typeof projectEventQuerySchema>
