/** Toasts and confirmations with texts from the 'globaladmin' namespace, as effects tests can replace. */
import { confirm, i18n, showToast } from '@app/module-kit'
import { createEffect } from 'effector'

export interface Notice {
  kind: 'success' | 'error' | 'info'
  /** A key in the 'globaladmin' namespace. */
  key: string
  values?: Record<string, unknown>
}

export const notifyFx = createEffect(({ kind, key, values }: Notice) => {
  showToast({ kind, text: i18n.t(key, { ns: 'globaladmin', ...values }) })
})

/** Asks Yes/No with a title and text from the 'globaladmin' namespace. */
export const confirmFx = createEffect(({ title, text, values }: { title: string; text?: string; values?: Record<string, unknown> }) =>
  confirm({
    title: i18n.t(title, { ns: 'globaladmin', ...values }),
    text: text ? i18n.t(text, { ns: 'globaladmin', ...values }) : undefined,
  }),
)
