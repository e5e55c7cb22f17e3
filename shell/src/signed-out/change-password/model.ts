/**
 * Reset password from the mailed link (spec part1 §5, §8): a new password twice,
 * then the spec's success or failure message.
 */
import { createForm } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { changePasswordFx } from '../api'
import { newPasswordFields, passwordsReady } from '../new-password'
import { type Notice, errorNotice, success } from '../notice'

/** The page opened with the token from its path. */
export const changePasswordOpened = createEvent<string>()

export const $token = createStore('').on(changePasswordOpened, (_, token) => token)

const sendFx = attach({
  source: $token,
  effect: changePasswordFx,
  mapParams: (password: string, token) => ({ token, password }),
})

export const changePasswordForm = createForm<{ password: string; repeatPassword: string }>({
  fields: newPasswordFields(),
  submit: (values) => sendFx(values.password).then(() => undefined),
})

export const $canSubmit = changePasswordForm.$values.map(passwordsReady)

export const $done = createStore(false)
  .on(sendFx.done, () => true)
  .reset(changePasswordOpened)

export const $notice = createStore<Notice | null>(null)
  .on(sendFx, () => null)
  .on(sendFx.done, () => success('changePassword.done'))
  .on(sendFx.failData, (_, error) => errorNotice(error))
  .reset(changePasswordOpened)

sample({ clock: changePasswordOpened, target: changePasswordForm.reset })
