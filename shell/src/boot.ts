/**
 * Start-up and the session watch: a stored token signs in silently (on failure the
 * token is dropped and the app starts again at /, remembering the path it was opened
 * at, so signing in leads back there); while signed in the token is
 * checked every 2 minutes, a token removed in another tab signs out here too, and
 * what the user does is reported to the kit, which renews the token (sliding expiry).
 */
import {
  $location,
  type AuthResult,
  apiRequest,
  breadcrumbsSet,
  loadLocaleTexts,
  localeOf,
  sessionChecked,
  sessionResumed,
  sessionStarted,
  tokenRemoved,
  tokenReplaced,
  targetRemembered,
  tokenStorage,
  userActed,
} from '@app/module-kit'
import { createEffect, createEvent, createStore, sample } from 'effector'
import type { ComponentType } from 'react'

export const TOKEN_CHECK_MS = 2 * 60_000
/** Activity is reported at most this often: renewal needs to know only that the user is there. */
export const ACTIVITY_REPORT_MS = 10_000
/** What counts as the user doing something; mouse moves alone do not (a cursor resting on the page). */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel'] as const

export const appStarted = createEvent()

/**
 * The signed-in app's code, fetched with the session check when a stored token makes a
 * session likely (else once one starts), and shown once both are in. Behind React.lazy it
 * was asked for only after the check, then held back by React's Suspense reveal throttle:
 * about 350 ms of a cold load with nothing to do.
 */
export const signedInLoadFx = createEffect(() => import('./SignedIn').then((module) => module.default as ComponentType))
export const $signedInApp = createStore<ComponentType | null>(null).on(signedInLoadFx.doneData, (_, app) => app)
export const $signedInFailed = createStore(false)
  .on(signedInLoadFx.fail, () => true)
  .reset(signedInLoadFx)

/** POST /api/authentication with empty credentials and the bearer: the token's session again. */
export const resumeFx = createEffect(async () => {
  const token = tokenStorage.get()
  if (!token) return null
  const result = await apiRequest<AuthResult>('POST', '/authentication', { body: { username: '', password: '' }, token })
  // The first page is drawn in the person's language: its texts come before the session does.
  await loadLocaleTexts(localeOf(result.principal.language))
  return result
})

export const restartFx = createEffect(() => {
  tokenStorage.clear()
  window.location.assign('/')
})

/** True until we know whether a stored token still holds a session. */
export const $booting = createStore(true).on(resumeFx.finally, () => false)

sample({ clock: appStarted, target: resumeFx })
sample({ clock: appStarted, filter: () => tokenStorage.get() !== null, target: signedInLoadFx })
// A sign-in on the page (not the session's store: a split-screen pane keeps a copy of it in its own scope).
sample({
  clock: sessionStarted,
  source: { app: $signedInApp, loading: signedInLoadFx.pending },
  filter: ({ app, loading }) => app === null && !loading,
  target: signedInLoadFx,
})
sample({ clock: resumeFx.doneData, filter: (result): result is AuthResult => result !== null, target: sessionResumed })
sample({
  clock: resumeFx.fail,
  source: $location,
  filter: ({ pathname }) => pathname !== '/',
  fn: ({ pathname, search }) => `${pathname}${search}`,
  target: targetRemembered,
})
sample({ clock: resumeFx.fail, target: restartFx })

// A new page starts without the previous page's breadcrumbs; its model sets its own.
sample({
  clock: $location.map(({ pathname }) => pathname).updates,
  fn: () => [],
  target: breadcrumbsSet,
})

/** Browser wiring: the 2-minute check, the storage event and the user's activity. Returns the undo. */
export const watchSession = () => {
  const timer = window.setInterval(() => sessionChecked(), TOKEN_CHECK_MS)
  const onStorage = (event: StorageEvent) => {
    if (event.key === tokenStorage.key) {
      if (event.newValue) tokenReplaced(event.newValue)
      else tokenRemoved()
    }
    // localStorage.clear() in another tab reports key null.
    if (event.key === null && !tokenStorage.get()) tokenRemoved()
  }
  let reported = 0
  const onActivity = () => {
    const now = Date.now()
    if (now - reported < ACTIVITY_REPORT_MS) return
    reported = now
    userActed(now)
  }
  window.addEventListener('storage', onStorage)
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true })
  return () => {
    window.clearInterval(timer)
    window.removeEventListener('storage', onStorage)
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true })
  }
}
