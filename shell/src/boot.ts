/**
 * Start-up and the session watch: a stored token signs in silently (on failure the
 * token is dropped and the app starts again at /); while signed in the token is
 * checked every 2 minutes and a token removed in another tab signs out here too.
 */
import {
  $location,
  type AuthResult,
  apiRequest,
  breadcrumbsSet,
  sessionChecked,
  sessionResumed,
  tokenRemoved,
  tokenStorage,
} from '@app/module-kit'
import { createEffect, createEvent, createStore, sample } from 'effector'

export const TOKEN_CHECK_MS = 2 * 60_000

export const appStarted = createEvent()

/** POST /api/authentication with empty credentials and the bearer: the token's session again. */
export const resumeFx = createEffect(async () => {
  const token = tokenStorage.get()
  if (!token) return null
  return apiRequest<AuthResult>('POST', '/authentication', { body: { username: '', password: '' }, token })
})

export const restartFx = createEffect(() => {
  tokenStorage.clear()
  window.location.assign('/')
})

/** True until we know whether a stored token still holds a session. */
export const $booting = createStore(true).on(resumeFx.finally, () => false)

sample({ clock: appStarted, target: resumeFx })
sample({ clock: resumeFx.doneData, filter: (result): result is AuthResult => result !== null, target: sessionResumed })
sample({ clock: resumeFx.fail, target: restartFx })

// A new page starts without the previous page's breadcrumbs; its model sets its own.
sample({
  clock: $location.map(({ pathname }) => pathname).updates,
  fn: () => [],
  target: breadcrumbsSet,
})

/** Browser wiring: the 2-minute check and the storage event. Returns the undo. */
export const watchSession = () => {
  const timer = window.setInterval(() => sessionChecked(), TOKEN_CHECK_MS)
  const onStorage = (event: StorageEvent) => {
    if (event.key === tokenStorage.key && !event.newValue) tokenRemoved()
    // localStorage.clear() in another tab reports key null.
    if (event.key === null && !tokenStorage.get()) tokenRemoved()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    window.clearInterval(timer)
    window.removeEventListener('storage', onStorage)
  }
}
