/**
 * The signed-in session: who the user is, the current account, menu flags, the
 * account's enabled modules and contexts. The sign-in pages start it, the shell
 * resumes it from a stored token, and sign-out, a 401 or a removed token end it.
 */
import { MENU_FLAGS, type Language, type MenuFlag, type MenuFlags } from '@app/plugin-kit/shared'
import { createEffect, createEvent, createStore, sample } from 'effector'
import { ApiError, apiRequest, tokenStorage } from './client'
import { type Locale, localeChanged, localeOf } from './i18n'
import { navigate } from './router'

export type { Locale } from './i18n'

/** The body of a successful POST /api/authentication: the token, the principal and the menu flags. */
export interface AuthResult extends MenuFlags {
  accessToken: string
  principal: { id: number; firstName: string; lastName: string; acronym: string; language: Language }
  hasTwoFactor: boolean
  currentAccountId: number
  currentAccountName: string
}

export interface Session {
  user: { id: number; firstName: string; lastName: string; acronym: string; language: Language }
  accountId: number
  accountName: string
  hasTwoFactor: boolean
  flags: MenuFlags
}

export interface MenuEntry {
  id: string
  label: Record<Locale, string>
  path: string
  area: 'main' | 'configuration' | 'profile'
  flag?: MenuFlag
}

export interface TileEntry {
  id: string
  label: Record<Locale, string>
  path: string
  flag?: MenuFlag
}

/** One entry of GET /api/modules: a remote of an enabled module (a module may have several). */
export interface EnabledModule {
  /** The remote's name, unique. */
  id: string
  /** The tenant module it belongs to. */
  module: string
  remote: string
  entry: string
  version: string
  menu: MenuEntry[]
  routes: string[]
  tiles: TileEntry[]
  search: boolean
}

export interface Context {
  contextId: number
  name: string
}

const NO_FLAGS = Object.fromEntries(MENU_FLAGS.map((flag) => [flag, false])) as MenuFlags

export const sessionOf = (result: AuthResult): Session => ({
  user: { ...result.principal },
  accountId: result.currentAccountId,
  accountName: result.currentAccountName,
  hasTwoFactor: result.hasTwoFactor,
  flags: Object.fromEntries(MENU_FLAGS.map((flag) => [flag, Boolean(result[flag])])) as MenuFlags,
})

/** A sign-in page calls this once sign-in (and two-factor) succeeded. */
export const sessionStarted = createEvent<AuthResult>()
/** The shell's silent sign-in with a stored token succeeded: like a start, but the URL stays. */
export const sessionResumed = createEvent<AuthResult>()
export const signOutClicked = createEvent()
export const contextSwitched = createEvent<{ accessToken: string }>()
/** Sign-out, a 401 or a removed token: state and token are cleared and the user lands on /. */
export const sessionEnded = createEvent()
/** The periodic token check (every 2 minutes while signed in). */
export const sessionChecked = createEvent()
/** Another tab removed the token (a storage event). */
export const tokenRemoved = createEvent()
/** A signed-out visitor opened a path that needs a session: followed after sign-in. */
export const targetRemembered = createEvent<string>()
/** The user changed their profile (name, language): the session follows. */
export const userUpdated = createEvent<Partial<Session['user']>>()

export const $session = createStore<Session | null>(null)
  .on([sessionStarted, sessionResumed], (_, result) => sessionOf(result))
  .on(userUpdated, (session, user) => (session ? { ...session, user: { ...session.user, ...user } } : session))
  .reset(sessionEnded)
export const $flags = $session.map((session) => session?.flags ?? NO_FLAGS)
export const $enabledModules = createStore<EnabledModule[]>([]).reset(sessionEnded)
export const $contexts = createStore<Context[]>([]).reset(sessionEnded)
export const $target = createStore<string | null>(null)

export const storeTokenFx = createEffect((token: string) => tokenStorage.set(token))
export const clearTokenFx = createEffect(() => tokenStorage.clear())
export const loadModulesFx = createEffect(() => apiRequest<EnabledModule[]>('GET', '/modules'))
export const loadContextsFx = createEffect(() => apiRequest<Context[]>('GET', '/contexts'))
export const signOutFx = createEffect(() => apiRequest('DELETE', '/authentication'))
/** Throws ApiError 401 when the token has ended; a token gone from storage counts the same. */
export const validateTokenFx = createEffect(async () => {
  if (!tokenStorage.get()) throw new ApiError('Not authenticated', 401)
  await apiRequest('GET', '/authentication/validate')
})
export const navigateFx = createEffect((to: string) => navigate(to, { replace: true }))
/** A new account context: the whole app starts over with the new token. */
export const reloadHomeFx = createEffect(() => window.location.assign('/'))

sample({ clock: [sessionStarted, sessionResumed], fn: (result) => result.accessToken, target: storeTokenFx })
sample({ clock: [sessionStarted, sessionResumed], fn: (result) => localeOf(result.principal.language), target: localeChanged })
sample({ clock: [sessionStarted, sessionResumed], target: [loadModulesFx, loadContextsFx] })
$enabledModules.on(loadModulesFx.doneData, (_, modules) => modules)
/** Whether GET /api/modules has answered for this session: before it, no path can be called not found. */
export const $modulesLoaded = createStore(false)
  .on(loadModulesFx.finally, () => true)
  .reset(sessionEnded)
$contexts.on(loadContextsFx.doneData, (_, contexts) => contexts)

// Followed once: any navigation the session makes (to the target, or to / when it ends) spends it.
$target.on(targetRemembered, (_, target) => target).reset(navigateFx)
sample({ clock: sessionStarted, source: $target, fn: (target) => target ?? '/', target: navigateFx })

sample({ clock: signOutClicked, target: signOutFx })
// Signed out locally even when the server could not be told (the token is dropped either way).
sample({ clock: signOutFx.finally, target: sessionEnded })

sample({ clock: sessionChecked, source: $session, filter: Boolean, target: validateTokenFx })
sample({ clock: validateTokenFx.failData, filter: (error) => error instanceof ApiError && error.status === 401, target: sessionEnded })
sample({ clock: tokenRemoved, source: $session, filter: Boolean, target: sessionEnded })

sample({ clock: sessionEnded, target: clearTokenFx })
sample({ clock: sessionEnded, fn: () => '/', target: navigateFx })

sample({ clock: contextSwitched, fn: ({ accessToken }) => accessToken, target: storeTokenFx })
sample({ clock: contextSwitched, target: reloadHomeFx })

/*
 * Sliding expiry. A token is renewed when the user acts (a key, a click, a scroll) and it is
 * past half its life, so it lives at most its whole lifetime past the last thing the user
 * did: an idle tab never renews and its session ends. The server keeps every session
 * within SESSION_MAX_AGE of its sign-in; once it refuses (403), the token lives out its time.
 */

/** A token's life in the client's clock, from its own claims (iat, exp). */
export interface TokenLife {
  issuedAt: number
  expiresAt: number
}

/** The life a JWT states; null for anything that is not one. */
export const tokenLife = (token: string): TokenLife | null => {
  try {
    const payload = token.split('.')[1] ?? ''
    const { iat, exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof iat === 'number' && typeof exp === 'number' ? { issuedAt: iat * 1000, expiresAt: exp * 1000 } : null
  } catch {
    return null
  }
}

/** Whether a token is past half its life at `now`: the point from which activity renews it. */
export const renewalDue = (life: TokenLife, now: number) => now >= (life.issuedAt + life.expiresAt) / 2

/** The user did something in this tab, at this time (ms); the shell reports it. */
export const userActed = createEvent<number>()
/** Another tab stored a new token (renewed it): this tab uses it too. */
export const tokenReplaced = createEvent<string>()

export const renewTokenFx = createEffect(() => apiRequest<{ accessToken: string; expiresAt: number }>('POST', '/authentication/renew', { body: {} }))

export const $tokenLife = createStore<TokenLife | null>(null)
  .on([sessionStarted, sessionResumed, renewTokenFx.doneData], (_, { accessToken }) => tokenLife(accessToken))
  .on(tokenReplaced, (_, token) => tokenLife(token))
  .reset(sessionEnded)
/** The server will not renew this session again (SESSION_MAX_AGE). */
const $renewalRefused = createStore(false)
  .on(renewTokenFx.failData, (refused, error) => refused || (error instanceof ApiError && error.status === 403))
  .reset([sessionStarted, sessionResumed, sessionEnded])

sample({
  clock: userActed,
  source: { life: $tokenLife, refused: $renewalRefused, pending: renewTokenFx.pending },
  filter: ({ life, refused, pending }, now) => life !== null && !refused && !pending && renewalDue(life, now),
  fn: () => undefined,
  target: renewTokenFx,
})
sample({ clock: renewTokenFx.doneData, fn: ({ accessToken }) => accessToken, target: storeTokenFx })
sample({ clock: renewTokenFx.failData, filter: (error) => error instanceof ApiError && error.status === 401, target: sessionEnded })
