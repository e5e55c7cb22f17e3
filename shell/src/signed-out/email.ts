/**
 * The e-mail check of the signed-out forms: the spec's pattern on the trimmed value,
 * because a pasted address often carries a space and the API trims it too.
 */
import { PATTERNS } from '@app/module-kit'

export const trimmed = (value: unknown) => String(value ?? '').trim()

export const emailProblem = (value: unknown): string | null =>
  PATTERNS.email.regex.test(trimmed(value)) ? null : PATTERNS.email.message
