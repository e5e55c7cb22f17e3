/**
 * What the signed-out screens tell the user, as i18n keys: the API answers in
 * English, so its known messages are mapped to translated keys here.
 */
import { ApiError, statusText } from '@app/module-kit'

export interface Notice {
  tone: 'success' | 'error'
  /** A fully qualified i18n key ('shell:…' or 'kit:…'). */
  key: string
  values?: Record<string, string | number>
  /** The HTTP status of a failed call (0: the network failed); absent for other notices. */
  status?: number
}

const KEY = 'shell:signedOut.'

export const success = (key: string, values?: Notice['values']): Notice => ({ tone: 'success', key: KEY + key, values })
export const failure = (key: string, values?: Notice['values'], status?: number): Notice => ({
  tone: 'error',
  key: KEY + key,
  values,
  status,
})

/** The API's English messages that the signed-out screens can meet, by their translated key. */
const KNOWN_MESSAGES: Record<string, string> = {
  'User does not exist or wrong password': 'errors.signInFailed',
  'Unable to reset your password, please try to get a new password-reset email by using the forgotten password page':
    'errors.resetFailed',
  'Your account is waiting for activation': 'errors.awaitingActivation',
  'Your session has ended, please sign in again': 'errors.sessionEnded',
  'Validation failed': 'errors.validationFailed',
  'This link is no longer valid: ask for the change again on your profile page': 'errors.emailLinkFailed',
  // Only the e-mail confirmation meets it now: sign-up answers a registered e-mail like a new one.
  'Email is already registered': 'errors.emailTaken',
}

/** Seconds to wait from a 429's body ({ retryAfter }), wherever the client kept it. */
const retryAfterOf = (data: unknown): number | undefined => {
  if (!data || typeof data !== 'object') return undefined
  const { retryAfter, data: inner } = data as { retryAfter?: unknown; data?: unknown }
  return typeof retryAfter === 'number' ? retryAfter : retryAfterOf(inner)
}

/** Turns a failed call into the message a user should read. */
export const errorNotice = (error: unknown): Notice => {
  if (!(error instanceof ApiError)) return failure('errors.unexpected', { message: String(error) }, 0)
  const { status } = error
  if (status === 429) {
    const seconds = retryAfterOf(error.data) ?? 60
    return failure('errors.tooManyAttempts', { minutes: Math.max(1, Math.ceil(seconds / 60)) }, status)
  }
  const known = KNOWN_MESSAGES[error.message]
  if (known) return failure(known, undefined, status)
  if (status === 0) return { tone: 'error', key: statusText(0), status }
  return failure('errors.unexpected', { message: error.message }, status)
}
