/** The Yes/No question before anything is removed, with its title from the 'admin' namespace. */
import { confirm, i18n } from '@app/module-kit'
import { createEffect } from 'effector'

export const confirmRemoveFx = createEffect(({ key, name }: { key: string; name: string }) =>
  confirm({ title: i18n.t(key, { ns: 'admin', name }) }),
)
