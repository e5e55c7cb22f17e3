/**
 * The signed-in session: who the user is, the current account, menu flags, the
 * account's enabled modules and contexts. The sign-in pages start it, the shell
 * resumes it from a stored token, and sign-out or a token removed in another tab
 * end it. A session that ends under the user (a 401) only expires: the page stays,
 * the shell asks them to sign in again over it, and the same person carries on.
 */
import { MENU_FLAGS, type Language, type MenuFlag, type MenuFlags } from '@app/plugin-kit/shared'
import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector'
import { ApiError, apiRequest, refusedCallsSettled, storedTokenRefused, tokenStorage } from './client'
import { type Locale, loadLocaleTexts, localeChanged, localeOf } from './i18n'
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
  /** The remote's module draws panels on the home page, for callers holding `flag` if named: the shell loads it there. */
  home?: { flag: MenuFlag | null } | null
  /** The remote's module draws side panels beside the pages under these prefixes (see `SidePanelDefinition`), for callers holding `flag` if named. */
  panels?: { path: string; flag: MenuFlag | null }[]
  /** Settings of this installation the remote needs (the map's tile URL). */
  config?: Record<string, string | number | boolean | null>
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

/** A sign-in form (the page, or the dialog over an expired session) calls this once sign-in (and two-factor) succeeded. */
export const signedIn = createEvent<AuthResult>()
/** A new session: the sign-in page's, or the dialog's when another person signed in there (see signedIn below). */
export const sessionStarted = createEvent<AuthResult>()
/** The shell's silent sign-in with a stored token succeeded: like a start, but the URL stays. */
export const sessionResumed = createEvent<AuthResult>()
export const signOutClicked = createEvent()
export const contextSwitched = createEvent<{ accessToken: string }>()
/** Sign-out or a token removed in another tab: state and token are cleared and the user lands on /. */
export const sessionEnded = createEvent()
/** The server no longer takes the session's token (a 401): the page stays and a sign-in dialog opens over it. */
export const sessionExpired = createEvent()
/** The same person signed in again over their expired session: the page carries on under the new token. */
export const sessionRestored = createEvent<AuthResult>()
/** The periodic token check (every 2 minutes while signed in). */
export const sessionChecked = createEvent()
/** Another tab removed the token (a storage event). */
export const tokenRemoved = createEvent()
/** A signed-out visitor opened a path that needs a session: followed after sign-in. */
export const targetRemembered = createEvent<string>()
/** The user changed their profile (name, language): the session follows. */
export const userUpdated = createEvent<Partial<Session['user']>>()

export const $session = createStore<Session | null>(null)
  .on([sessionStarted, sessionResumed, sessionRestored], (_, result) => sessionOf(result))
  .on(userUpdated, (session, user) => (session ? { ...session, user: { ...session.user, ...user } } : session))
  .reset(sessionEnded)
export const $flags = $session.map((session) => session?.flags ?? NO_FLAGS)
export const $enabledModules = createStore<EnabledModule[]>([]).reset(sessionEnded)
export const $contexts = createStore<Context[]>([]).reset(sessionEnded)

/**
 * A path of this app to follow after sign-in, normalised; null for anything else. Only a
 * relative path on this origin is accepted, so a crafted link cannot send the user away:
 * `//evil.example`, and `/\\evil.example` or `/<tab>/evil.example` (which URLs read as
 * the same), resolve to another origin and are refused.
 */
export const safeTarget = (target: unknown): string | null => {
  if (typeof target !== 'string' || !target.startsWith('/')) return null
  const origin = 'https://app.invalid'
  try {
    const url = new URL(target, origin)
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null
  } catch {
    return null
  }
}

const TARGET_KEY = 'signInTarget'

/** The remembered target outlives a reload of the sign-in page, in this tab only (sessionStorage). */
export const targetStorage = {
  get: (): string | null => {
    try {
      return safeTarget(globalThis.sessionStorage?.getItem(TARGET_KEY))
    } catch {
      return null
    }
  },
  set: (target: string) => {
    try {
      globalThis.sessionStorage?.setItem(TARGET_KEY, target)
    } catch {
      // Storage refused (a private window's quota): the target lives in memory only.
    }
  },
  clear: () => {
    try {
      globalThis.sessionStorage?.removeItem(TARGET_KEY)
    } catch {
      // As above.
    }
  },
}

export const $target = createStore<string | null>(targetStorage.get())

export const storeTokenFx = createEffect((token: string) => tokenStorage.set(token))
export const clearTokenFx = createEffect(() => tokenStorage.clear())
export const loadModulesFx = createEffect(() => apiRequest<EnabledModule[]>('GET', '/modules'))
export const loadContextsFx = createEffect(() => apiRequest<Context[]>('GET', '/contexts'))
export const signOutFx = createEffect(() => apiRequest('DELETE', '/authentication', { waitForSignIn: false }))
/** Throws ApiError 401 when the token has ended; a token gone from storage counts the same. */
export const validateTokenFx = createEffect(async () => {
  if (!tokenStorage.get()) throw new ApiError('Not authenticated', 401)
  await apiRequest('GET', '/authentication/validate', { waitForSignIn: false })
})
export const navigateFx = createEffect((to: string) => navigate(to, { replace: true }))
export const storeTargetFx = createEffect((target: string) => targetStorage.set(target))
export const forgetTargetFx = createEffect(() => targetStorage.clear())
/** The silent sign-in with a token another tab stored: who it belongs to decides what this tab does. */
export const adoptTokenFx = createEffect((token: string) =>
  apiRequest<AuthResult>('POST', '/authentication', { body: { username: '', password: '' }, token }),
)
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
const targetAccepted = targetRemembered.filterMap((target) => safeTarget(target) ?? undefined)
$target.on(targetAccepted, (_, target) => target).reset(navigateFx)
sample({ clock: targetAccepted, target: storeTargetFx })
sample({ clock: navigateFx, target: forgetTargetFx })
sample({ clock: sessionStarted, source: $target, fn: (target) => target ?? '/', target: navigateFx })

/*
 * An expired session keeps its state (the page, its unsaved forms) until someone signs in
 * over it. The same person in the same account carries on; anybody else starts over at
 * their home with a reload, so nothing of one person's page is ever shown to another.
 */
export const $sessionExpired = createStore(false)
  .on(sessionExpired, () => true)
  .reset([sessionStarted, sessionResumed, sessionRestored, sessionEnded])
/** The session a sign-in would continue: the expired one, else none. */
const $interrupted = combine($session, $sessionExpired, (session, expired) => (expired ? session : null))
const samePlace = (session: Session, result: AuthResult) => session.user.id === result.principal.id && session.accountId === result.currentAccountId

/** A sign-in carries on once the texts of the person's language are in, so their first page is drawn in it. */
const signedInTextsFx = createEffect((result: AuthResult) => loadLocaleTexts(localeOf(result.principal.language)))
sample({ clock: signedIn, target: signedInTextsFx })
const signedInReady = signedInTextsFx.finally.map(({ params }) => params)

sample({ clock: signedInReady, source: $interrupted, filter: (interrupted) => interrupted === null, fn: (_, result) => result, target: sessionStarted })
sample({
  clock: signedInReady,
  source: $interrupted,
  filter: (interrupted, result) => interrupted !== null && samePlace(interrupted, result),
  fn: (_, result) => result,
  target: sessionRestored,
})
const someoneElse = sample({
  clock: signedInReady,
  source: $interrupted,
  filter: (interrupted, result) => interrupted !== null && !samePlace(interrupted, result),
  fn: (_, result) => result.accessToken,
})
sample({ clock: someoneElse, target: storeTokenFx })
sample({ clock: someoneElse, target: reloadHomeFx })

/*
 * The calls the ended session refused wait for this sign-in (client.ts), so no page shows a
 * failure for them: the same person's go again once the new token is stored; anyone else's
 * page is left, and the calls with it.
 */
const storeRestoredTokenFx = attach({ effect: storeTokenFx })
sample({ clock: sessionRestored, fn: (result) => result.accessToken, target: storeRestoredTokenFx })
sample({ clock: storeRestoredTokenFx.finally, fn: () => 'resend' as const, target: refusedCallsSettled })
sample({ clock: [someoneElse, sessionEnded], fn: () => 'forget' as const, target: refusedCallsSettled })

/** A session in use: one that a refused token expires. */
const $live = combine($session, $sessionExpired, (session, expired) => session !== null && !expired)
const refused = (error: unknown) => error instanceof ApiError && error.status === 401
sample({ clock: storedTokenRefused, filter: $live, target: sessionExpired })
// No session for a sign-in to continue: the refused call fails as it came.
sample({ clock: storedTokenRefused, source: $session, filter: (session) => session === null, fn: () => 'fail' as const, target: refusedCallsSettled })

sample({ clock: signOutClicked, target: signOutFx })
// Signed out locally even when the server could not be told (the token is dropped either way).
sample({ clock: signOutFx.finally, target: sessionEnded })

sample({ clock: sessionChecked, filter: $live, target: validateTokenFx })
sample({ clock: validateTokenFx.failData, source: $live, filter: (live, error) => live && refused(error), fn: () => undefined, target: sessionExpired })
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

/** A JWT's claims, unverified (the server checks the signature): what the client plans by. */
const claimsOf = (token: string): Record<string, unknown> => {
  try {
    const payload = token.split('.')[1] ?? ''
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof claims === 'object' && claims ? claims : {}
  } catch {
    return {}
  }
}

/** The life a JWT states; null for anything that is not one. */
export const tokenLife = (token: string): TokenLife | null => {
  const { iat, exp } = claimsOf(token)
  return typeof iat === 'number' && typeof exp === 'number' ? { issuedAt: iat * 1000, expiresAt: exp * 1000 } : null
}

/** Whether a token is for this session's person in this session's account (its sub and acc claims). */
export const tokenContinues = (session: Session, token: string) => {
  const { sub, acc } = claimsOf(token)
  return String(sub) === String(session.user.id) && Number(acc) === session.accountId
}

/** Whether a token is past half its life at `now`: the point from which activity renews it. */
export const renewalDue = (life: TokenLife, now: number) => now >= (life.issuedAt + life.expiresAt) / 2

/** The user did something in this tab, at this time (ms); the shell reports it. */
export const userActed = createEvent<number>()
/** Another tab stored a new token (renewed it, or signed in): this tab uses it too, or starts over when it is another person's. */
export const tokenReplaced = createEvent<string>()

export const renewTokenFx = createEffect(() =>
  apiRequest<{ accessToken: string; expiresAt: number }>('POST', '/authentication/renew', { body: {}, waitForSignIn: false }),
)

export const $tokenLife = createStore<TokenLife | null>(null)
  .on([sessionStarted, sessionResumed, sessionRestored, renewTokenFx.doneData], (_, { accessToken }) => tokenLife(accessToken))
  .on(tokenReplaced, (_, token) => tokenLife(token))
  .reset(sessionEnded)
/** The server will not renew this session again (SESSION_MAX_AGE). */
const $renewalRefused = createStore(false)
  .on(renewTokenFx.failData, (refused, error) => refused || (error instanceof ApiError && error.status === 403))
  .reset([sessionStarted, sessionResumed, sessionRestored, sessionEnded])

sample({
  clock: userActed,
  source: { live: $live, life: $tokenLife, refused: $renewalRefused, pending: renewTokenFx.pending },
  filter: ({ live, life, refused, pending }, now) => live && life !== null && !refused && !pending && renewalDue(life, now),
  fn: () => undefined,
  target: renewTokenFx,
})
sample({ clock: renewTokenFx.doneData, fn: ({ accessToken }) => accessToken, target: storeTokenFx })
sample({ clock: renewTokenFx.failData, source: $live, filter: (live, error) => live && refused(error), fn: () => undefined, target: sessionExpired })

// Someone signed in in another tab while this one waits: their token decides, as a sign-in here would.
sample({ clock: tokenReplaced, filter: $sessionExpired, target: adoptTokenFx })
sample({ clock: adoptTokenFx.doneData, target: signedIn })
// Another person, or another account (a switch in another tab): this page is not theirs.
sample({
  clock: tokenReplaced,
  source: { session: $session, live: $live },
  filter: ({ session, live }, token) => live && session !== null && !tokenContinues(session, token),
  fn: () => undefined,
  target: reloadHomeFx,
})
