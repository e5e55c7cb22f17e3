/**
 * Why the API refused a call, in the user's language. The API answers a refusal (4xx) with
 * the spec's English wording, which each plugin keeps as constants in its `./shared`; a
 * remote names the ones it may meet and the keys that translate them, and the kit's own
 * validation messages are known already. Anything else (an unknown text, a 5xx, no answer)
 * is no reason: the caller's own translated words stand alone, never the API's English.
 */
import { ApiError } from '../client'
import { i18n } from '../i18n'
import { fromServerMessage } from './rules'

/**
 * An API message and the i18n key (with its namespace) that says it: the exact text, or a
 * pattern whose named groups are the key's values (a file's name, a count).
 */
export type KnownRefusal = readonly [message: string | RegExp, key: string]

/** A refusal's message (a 400's field messages after it), translated when it is one of `known` or the kit's; otherwise undefined. */
export const refusalText = (error: unknown, known: readonly KnownRefusal[]): string | undefined => {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined
  for (const text of [error.message, ...Object.values(error.errors ?? {})]) {
    for (const [message, key] of known) {
      if (message === text) return i18n.t(key)
      const match = message instanceof RegExp ? message.exec(text) : null
      if (match) return i18n.t(key, { ...match.groups })
    }
    const kit = fromServerMessage(text)
    if (kit.key.startsWith('validation.')) return i18n.t(kit.key, { ns: 'kit', ...kit.values })
  }
  return undefined
}
