/** Toasts and confirmations with texts from the 'users' namespace, as effects tests can replace. */
import { confirm, i18n, showToast } from '@app/module-kit'
import { createEffect } from 'effector'

export interface Notice {
  kind: 'success' | 'error' | 'info'
  /** A key in the 'users' namespace. */
  key: string
  values?: Record<string, unknown>
}

export const notifyFx = createEffect(({ kind, key, values }: Notice) => {
  showToast({ kind, text: i18n.t(key, { ns: 'users', ...values }) })
})

/** Asks Yes/No with a title and text from the 'users' namespace. */
export const confirmFx = createEffect(({ title, text, values }: { title: string; text?: string; values?: Record<string, unknown> }) =>
  confirm({
    title: i18n.t(title, { ns: 'users', ...values }),
    text: text ? i18n.t(text, { ns: 'users', ...values }) : undefined,
  }),
)
