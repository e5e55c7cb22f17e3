/** Toasts with texts from the 'companies' namespace, as one effect so tests can watch it. */
import { i18n, showToast } from '@app/module-kit'
import { createEffect } from 'effector'

export interface Notice {
  kind: 'success' | 'error' | 'info'
  /** A key in the 'companies' namespace. */
  key: string
}

export const notifyFx = createEffect(({ kind, key }: Notice) => {
  showToast({ kind, text: i18n.t(key, { ns: 'companies' }) })
})
