/**
 * The confirmation dialog that precedes deletes and removals (spec part1 §8): an
 * awaitable `confirm()`; requests made while one is open wait their turn.
 */
import { createEffect, createEvent, createStore, sample } from 'effector'

export interface ConfirmOptions {
  /** Already translated. */
  title: string
  text?: string
}

interface ConfirmRequest extends ConfirmOptions {
  answer: (yes: boolean) => void
}

/** Exported for split-screen panes, which pass it on to the app; callers use `confirm()`. */
export const confirmRequested = createEvent<ConfirmRequest>()
/** The user's answer to the open dialog: Yes is true, No or Escape false. */
export const confirmAnswered = createEvent<boolean>()
const answerTaken = createEvent<{ request: ConfirmRequest; yes: boolean }>()

const $queue = createStore<ConfirmRequest[]>([])
/** The dialog on screen, if any. */
export const $openConfirm = $queue.map((queue): ConfirmOptions | null => queue[0] ?? null)

/** How many questions were answered: the next one is a dialog of its own, its focus starting over. */
export const $confirmTurn = createStore(0)

$queue
  .on(confirmRequested, (queue, request) => [...queue, request])
  .on(answerTaken, (queue, { request }) => queue.filter((queued) => queued !== request))

sample({
  clock: confirmAnswered,
  source: $queue,
  filter: (queue) => queue.length > 0,
  fn: (queue, yes) => ({ request: queue[0]!, yes }),
  target: answerTaken,
})
$confirmTurn.on(answerTaken, (turn) => turn + 1)
const answerFx = createEffect(({ request, yes }: { request: ConfirmRequest; yes: boolean }) => request.answer(yes))
sample({ clock: answerTaken, target: answerFx })

/** Asks a Yes/No question; resolves true for Yes. */
export const confirm = (options: ConfirmOptions): Promise<boolean> =>
  new Promise((resolve) => confirmRequested({ ...options, answer: resolve }))
