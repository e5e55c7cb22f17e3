/** Toasts (spec part1 §9): stacked bottom-right, each closing itself after 4 s. */
import { createEffect, createEvent, createStore, sample } from 'effector'
import { i18n } from '../i18n'

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

/** A remote's notice: a key of its namespace, with the API's own words after it when given. */
export interface Notice {
  kind: ToastKind
  key: string
  /** Already-translated text shown after the key's own (the API's message, such as a 409's reason). */
  detail?: string
}

/** One effect per remote that toasts its own texts (tests watch it): `createNotifyFx('documents')`. */
export const createNotifyFx = (namespace: string) =>
  createEffect(({ kind, key, detail }: Notice) => {
    const text = i18n.t(key, { ns: namespace })
    showToast({ kind, text: detail ? `${text}: ${detail}` : text })
  })
