import { type Event, createEffect, createStore, sample } from 'effector'

/**
 * `clock`'s latest value once it has been quiet for `ms`: a box that asks the server as it is
 * typed in asks once typing pauses, for what it then says. Each value starts a wait; only the
 * latest one's wait fires.
 */
export const afterPause = <T>(clock: Event<T>, ms: number): Event<T> => {
  const $latest = createStore<{ n: number; value: T } | null>(null, { skipVoid: false }).on(clock, (latest, value) => ({ n: (latest?.n ?? 0) + 1, value }))
  const waitFx = createEffect((n: number) => new Promise<number>((resolve) => setTimeout(() => resolve(n), ms)))
  sample({ clock, source: $latest, fn: (latest) => latest?.n ?? 0, target: waitFx })
  return sample({
    clock: waitFx.doneData,
    source: $latest,
    filter: (latest, n) => latest?.n === n,
    fn: (latest) => latest!.value,
  })
}
