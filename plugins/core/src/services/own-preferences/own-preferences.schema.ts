/** Browser-safe: the caller's own folder list view. */
import { Type } from '@sinclair/typebox'

export const FILE_VIEWS = ['DEFAULT', 'FILE', 'CUSTOMER'] as const
export type FileView = (typeof FILE_VIEWS)[number]

/** POST /accountusers/{userId}/file-view: without a type it answers the current one. */
export const fileViewSchema = Type.Object({ type: Type.Optional(Type.String({ maxLength: 10 })) }, { additionalProperties: false })
