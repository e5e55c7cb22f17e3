/**
 * Shared by the signed-out model tests: API failures as the kit's client throws
 * them, the text a user would read, and no-op handlers for the kit's own effects
 * (token storage, module loading, navigation) so a started session stays in memory.
 */
import { ApiError, type Form, i18n, loadContextsFx, loadModulesFx, navigateFx, storeTokenFx, type AuthResult } from '@app/module-kit'
import { type Scope, allSettled } from 'effector'
import { registerSignedOutLocales } from './locales'
import type { Notice } from './notice'

registerSignedOutLocales()

export const apiError = (status: number, message: string, errors?: Record<string, string>, data?: unknown) =>
  new ApiError(message, status, errors, data)

/** What the user reads for a notice, in English. */
export const textOf = (notice: Notice | null) => (notice ? i18n.t(notice.key, { ...notice.values, lng: 'en-GB' }) : null)

/** What the user reads for a field's message, in English. */
export const fieldText = (message: { key: string; values?: Record<string, unknown> } | undefined) =>
  message ? i18n.t(message.key, { ns: 'kit', ...message.values, lng: 'en-GB' }) : undefined

const noop = async () => undefined

export const kitHandlers = [
  [storeTokenFx, noop],
  [loadModulesFx, async () => []],
  [loadContextsFx, async () => []],
  [navigateFx, noop],
] as const

export const authResult = (overrides: Partial<AuthResult> = {}): AuthResult => ({
  accessToken: 'access-token',
  principal: { id: 7, firstName: 'Anna', lastName: 'Admin', acronym: 'AAD', language: 'ENGLISH' },
  hasTwoFactor: false,
  currentAccountId: 3,
  currentAccountName: 'Demo Oy',
  canSeeCompany: true,
  canSeeProjects: true,
  canManageUsers: true,
  canManageCompanyUsers: false,
  canManageCompany: true,
  canManageProjects: true,
  canManageSettings: true,
  canManageAccounts: false,
  ...overrides,
})

/** Types every value into its field, as a user would, and waits for validation. */
export const fill = <V extends Record<string, unknown>>(scope: Scope, form: Form<V>, values: NoInfer<Partial<V>>) =>
  Promise.all(
    Object.entries(values).map(([name, value]) => allSettled(form.fieldChanged, { scope, params: { name, value } })),
  )
