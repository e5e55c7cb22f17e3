/** Toasts (spec part1 §9): stacked bottom-right, each closing itself after 4 s. */
import { createEffect, createEvent, createStore, sample } from 'effector'

export const TOAST_DURATION_MS = 4000

export type ToastKind = 'success' | 'error' | 'info'
export interface Toast {
  id: number
  kind: ToastKind
  /** Already translated. */
  text: string
}

export const showToast = createEvent<{ kind: ToastKind; text: string }>()
export const toastClosed = createEvent<number>()
const toastAdded = createEvent<Toast>()

const $nextId = createStore(1)
export const $toasts = createStore<Toast[]>([])

sample({ clock: showToast, source: $nextId, fn: (id, toast) => ({ ...toast, id }), target: toastAdded })
$nextId.on(toastAdded, (id) => id + 1)
$toasts
  .on(toastAdded, (toasts, toast) => [...toasts, toast])
  .on(toastClosed, (toasts, id) => toasts.filter((toast) => toast.id !== id))

const expireFx = createEffect(
  (id: number) => new Promise<number>((resolve) => setTimeout(() => resolve(id), TOAST_DURATION_MS)),
)
sample({ clock: toastAdded, fn: (toast) => toast.id, target: expireFx })
sample({ clock: expireFx.doneData, target: toastClosed })
