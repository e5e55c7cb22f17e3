/**
 * A split-screen pane's own effector scope. A module's models are created once, when
 * the remote is imported, so without a scope the main area and a pane showing the
 * same module would share every store (one list filter typed into both). Each pane
 * forks: the module's stores get their own values there, its effects run there.
 *
 * What is app-wide stays outside: the pane's copies of the stores below start with
 * the app's values and follow the app's changes, and the events below, when a pane's
 * model fires them, are passed on to the app (the shell's toasts, confirmation
 * dialog, URL and language are the app's, not the pane's). Breadcrumbs are not
 * passed on: they belong to the main area's page.
 */
import { createEvent, createWatch, type EventCallable, fork, launch, type Scope, type StoreWritable } from 'effector'
import { inspect } from 'effector/inspect'
import { Provider } from 'effector-react'
import { createElement, type ReactNode, useEffect, useState } from 'react'
import { $background, backgroundChosen } from '../appearance'
import { $fileManager, $fileManagerShown, fileManagerDocked, fileManagerOpened } from '../file-manager/model'
import { storedTokenRefused } from '../client'
import { $locale, localeChanged } from '../i18n'
import { $location, locationChanged } from '../router'
import { $contexts, $enabledModules, $modulesLoaded, $session, userUpdated } from '../session'
import { confirmRequested } from '../ui/confirm'
import { showToast } from '../ui/toasts'

/** The app's state a pane reads but never owns. Stores derived from these ($flags) follow by themselves. */
const APP_STORES: StoreWritable<any>[] = [$location, $session, $enabledModules, $modulesLoaded, $contexts, $locale, $background, $fileManager, $fileManagerShown]

/**
 * What a pane's model may ask of the app: navigation (as the location it led to), toasts,
 * confirmations, profile changes, and the sign-in dialog when a pane's call finds the session ended.
 */
const APP_EVENTS: EventCallable<any>[] = [locationChanged, showToast, confirmRequested, userUpdated, localeChanged, backgroundChosen, fileManagerOpened, fileManagerDocked, storedTokenRefused]

/*
 * effector 23 leaves its current scope set once an effect called inside a scoped handler
 * settles (createEffect: `finally(() => setForkPage(savedFork))`, so the rest of the handler
 * stays in the scope), and nothing sets it back. With only the panes scoped, the app's next
 * plain call (the main area's list filter, a link's navigation) would then run in the pane.
 * A launch into another scope starts and ends with none current, so each turn in which a
 * pane ran is followed by one.
 */
const elsewhere = fork()
const scopeLeft = createEvent()
const leaveScope = () => launch({ target: scopeLeft, params: undefined, scope: elsewhere })

/** A new scope holding the app's current values of its app-wide stores. */
export const createPaneScope = (): Scope => fork({ values: APP_STORES.map((store): [StoreWritable<unknown>, unknown] => [store, store.getState()]) })

/**
 * Keeps a pane's scope tied to the app until the returned function is called:
 * app-wide stores follow the app, app-wide events go to the app.
 */
export const connectPaneScope = (scope: Scope): (() => void) => {
  const follow = (store: StoreWritable<unknown>) => {
    const value = store.getState()
    // launch, not allSettled, which also leaves its caller's scope current when it settles.
    if (scope.getState(store) !== value) launch({ target: store, params: value, scope, defer: true })
  }
  for (const store of APP_STORES) follow(store)
  let leaving = false
  const leaveAfterThisTurn = () => {
    if (leaving) return
    leaving = true
    queueMicrotask(() => {
      leaving = false
      leaveScope()
    })
  }
  const subscriptions = [
    inspect({ scope, fn: leaveAfterThisTurn }),
    ...APP_STORES.map((store) => createWatch({ unit: store, fn: () => follow(store) })),
    // From inside the pane's run a call would stay in the pane: a microtask later, with no scope current, it runs in the app.
    ...APP_EVENTS.map((event) =>
      createWatch({
        unit: event,
        scope,
        fn: (payload) =>
          queueMicrotask(() => {
            leaveScope()
            event(payload)
          }),
      }),
    ),
  ]
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
}

/** Gives what it wraps (a pane's outlet) a scope of its own for as long as it is mounted. */
export function PaneScope({ children }: { children: ReactNode }) {
  const [scope] = useState(createPaneScope)
  useEffect(() => connectPaneScope(scope), [scope])
  return createElement(Provider, { value: scope }, children)
}
