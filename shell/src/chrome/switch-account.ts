/** The switch-account dialog: pick one of the user's contexts; its new token restarts the app at /. */
import { $contexts, $session, apiRequest, contextSwitched, sessionEnded } from '@app/module-kit'
import { createEffect, createEvent, createStore, sample } from 'effector'

export const switchAccountOpened = createEvent()
export const switchAccountClosed = createEvent()
export const contextPicked = createEvent<number>()
export const switchSubmitted = createEvent()

export const $switchOpen = createStore(false)
  .on(switchAccountOpened, () => true)
  .reset([switchAccountClosed, sessionEnded])
export const $picked = createStore<number | null>(null).on(contextPicked, (_, id) => id)
export const $switchError = createStore<string | null>(null)

export const switchContextFx = createEffect((contextId: number) =>
  apiRequest<{ accessToken: string }>('POST', `/contexts/${contextId}`),
)

sample({ clock: switchAccountOpened, source: $session, fn: (session) => session?.accountId ?? null, target: $picked })
$switchError.reset(switchAccountOpened)
sample({ clock: switchSubmitted, source: $picked, filter: (id): id is number => id !== null, target: switchContextFx })
sample({ clock: switchContextFx.doneData, target: contextSwitched })
$switchError.on(switchContextFx.failData, (_, error) => error.message)

/** The menu entry shows only with 2 or more contexts (spec part1 §2). */
export const $canSwitch = $contexts.map((contexts) => contexts.length >= 2)
