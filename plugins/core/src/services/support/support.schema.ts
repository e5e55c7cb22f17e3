/** The help page's support manuals (spec part1 §9), browser-safe. */
import { Field } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'

/** A manual as GET /support lists it. */
export interface SupportManualRow {
  id: number
  name: string
  /** Where the browser downloads it (with its bearer token). */
  link: string
}

/** POST (multipart, with its file): the name shown, else the file's own. */
export const supportNameSchema = Type.Object({ name: Type.Optional(Field.optionalText(255)) }, { additionalProperties: false })
