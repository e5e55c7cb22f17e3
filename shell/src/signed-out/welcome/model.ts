/**
 * A new user's welcome link (spec part1 §4): a password twice. Their name was given in
 * the new-user wizard, which requires it, so it is not asked again. The API answers no
 * token, so the user signs in afterwards with the new password.
 */
import { createForm } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { welcomeFx } from '../api'
import { newPasswordFields, passwordsReady } from '../new-password'
import { type Notice, errorNotice, success } from '../notice'

interface WelcomeValues extends Record<string, unknown> {
  password: string
  repeatPassword: string
}

/** The page opened with the token from its path. */
export const welcomeOpened = createEvent<string>()

export const $token = createStore('').on(welcomeOpened, (_, token) => token)

const sendFx = attach({
  source: $token,
  effect: welcomeFx,
  mapParams: (values: WelcomeValues, token) => ({ token, password: values.password }),
})

export const welcomeForm = createForm<WelcomeValues>({
  fields: newPasswordFields<WelcomeValues>(),
  submit: (values) => sendFx(values).then(() => undefined),
})

export const $canSubmit = welcomeForm.$values.map(passwordsReady)

export const $done = createStore(false)
  .on(sendFx.done, () => true)
  .reset(welcomeOpened)

export const $notice = createStore<Notice | null>(null)
  .on(sendFx, () => null)
  .on(sendFx.done, () => success('welcome.done'))
  .on(sendFx.failData, (_, error) => errorNotice(error))
  .reset(welcomeOpened)

sample({ clock: welcomeOpened, target: welcomeForm.reset })
