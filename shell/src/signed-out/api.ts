/**
 * The calls the signed-out screens make. Each is an effect, so tests replace its
 * handler with fork({ handlers }) and never reach the network. Every call but the
 * silent sign-in sends no bearer: a stale token must not decide who signs in.
 */
import { type AuthResult, apiRequest } from '@app/module-kit'
import { createEffect } from 'effector'

/** A two-factor user gets a challenge instead of a session. */
export interface TwoFactorChallenge {
  hasTwoFactor: true
  challengeToken: string
}
export type SignInAnswer = AuthResult | TwoFactorChallenge

export const isChallenge = (answer: SignInAnswer): answer is TwoFactorChallenge => 'challengeToken' in answer

export const signInFx = createEffect((credentials: { username: string; password: string }) =>
  apiRequest<SignInAnswer>('POST', '/authentication', { body: credentials, token: null }),
)

/** Silent sign-in: empty credentials and a bearer answer the full sign-in result for that token. */
export const silentSignInFx = createEffect((accessToken: string) =>
  apiRequest<AuthResult>('POST', '/authentication', { body: { username: '', password: '' }, token: accessToken }),
)

export type TwoFactorAnswer = { valid: false } | { valid: true; accessToken: string }

export const twoFactorFx = createEffect((data: { challengeToken: string; code: string }) =>
  apiRequest<TwoFactorAnswer>('POST', '/authentication/two-factor', { body: data, token: null }),
)

export const requestResetFx = createEffect((email: string) =>
  apiRequest<{ message: string }>('POST', '/passwordreset/requestReset', { query: { email }, body: {}, token: null }),
)

export const changePasswordFx = createEffect((data: { token: string; password: string }) =>
  apiRequest<{ message: string }>('POST', '/passwordreset/changePassword', { body: data, token: null }),
)

/** The names stay as the new-user wizard gave them; the API checks the password against them. */
export const welcomeFx = createEffect((data: { token: string; password: string }) =>
  apiRequest<{ message: string }>('POST', '/passwordreset/changePasswordAndUserDetails', { body: data, token: null }),
)

/** The link mailed to a new login e-mail: applies the change and ends every session of the user. */
export const confirmEmailFx = createEffect((data: { token: string }) =>
  apiRequest<{ message: string; username: string }>('POST', '/emailchange/confirm', { body: data, token: null }),
)

/** A type literal, not an interface: form values need its implicit index signature. */
export type SignUpData = {
  firstName: string
  lastName: string
  email: string
  repeatEmail: string
  password: string
  repeatPassword: string
  company: string
  website: string
  country: string
  phone: string
}

/** Answers alike whether the e-mail was new or registered: sign-up does not tell who is registered. */
export const registerFx = createEffect((data: SignUpData) =>
  apiRequest<{ message: string }>('POST', '/accounts', { body: data, token: null }),
)
