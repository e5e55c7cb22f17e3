/** Toasts with texts from the 'projects' namespace, as one effect so tests can watch it. */
import { i18n, showToast } from '@app/module-kit'
import { createEffect } from 'effector'

export interface Notice {
  kind: 'success' | 'error' | 'info'
  /** A key in the 'projects' namespace. */
  key: string
  /** Already-translated text shown after the key's own (the API's message, such as a 409's reason). */
  detail?: string
}

export const notifyFx = createEffect(({ kind, key, detail }: Notice) => {
  const text = i18n.t(key, { ns: 'projects' })
  showToast({ kind, text: detail ? `${text}: ${detail}` : text })
})
