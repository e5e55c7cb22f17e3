/**
 * Forgotten password (spec part1 §5, §8): the API answers the same whether the
 * address exists or not, and so does this screen.
 */
import { createForm } from '@app/module-kit'
import { createEvent, createStore, sample } from 'effector'
import { requestResetFx } from '../api'
import { trimmed } from '../email'
import { type Notice, errorNotice, success } from '../notice'

export const forgotPasswordOpened = createEvent()

/** The spec's rule: longer than 4 characters with an at-sign after the first one. */
export const looksLikeEmail = (value: string) => value.length > 4 && value.indexOf('@', 1) > 0

export const forgotPasswordForm = createForm<{ email: string }>({
  fields: {
    email: {
      initial: '',
      rules: {
        required: true,
        maxLength: 254,
        validate: (value) => (looksLikeEmail(trimmed(value)) ? null : 'validation.email'),
      },
    },
  },
  submit: (values) => requestResetFx(values.email.trim()).then(() => undefined),
})

export const $sent = createStore(false)
  .on(requestResetFx.done, () => true)
  .reset(forgotPasswordOpened)

export const $notice = createStore<Notice | null>(null)
  .on(requestResetFx, () => null)
  .on(requestResetFx.done, () => success('forgotPassword.sent'))
  .on(requestResetFx.failData, (_, error) => errorNotice(error))
  .reset(forgotPasswordOpened)

sample({ clock: forgotPasswordOpened, target: forgotPasswordForm.reset })
