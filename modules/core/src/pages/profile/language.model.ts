/** Language: saved on the server, then the whole interface switches at once. */
import { type Locale, languageOf, localeChanged, localeOf, userUpdated } from '@app/module-kit'
import { createEvent, sample } from 'effector'
import { saveLanguageFx } from '../../api'
import { notifyFx } from '../../notify'
import { $userId } from '../../user'

export const languageSelected = createEvent<Locale>()

sample({
  clock: languageSelected,
  source: $userId,
  filter: (userId): userId is number => userId !== null,
  fn: (userId, locale) => ({ userId: userId!, language: languageOf(locale) }),
  target: saveLanguageFx,
})
sample({ clock: saveLanguageFx.done, fn: ({ params }) => localeOf(params.language), target: localeChanged })
sample({ clock: saveLanguageFx.done, fn: ({ params }) => ({ language: params.language }), target: userUpdated })
sample({ clock: saveLanguageFx.fail, fn: () => ({ kind: 'error' as const, key: 'language.failed' }), target: notifyFx })
