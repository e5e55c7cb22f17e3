/**
 * A new user's welcome link (spec part1 §4): a password twice and a name. The
 * API answers no token, so the user signs in afterwards with the new password.
 */
import { createForm } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { welcomeFx } from '../api'
import { newPasswordFields, passwordsReady } from '../new-password'
import { type Notice, errorNotice, success } from '../notice'

interface WelcomeValues extends Record<string, unknown> {
  password: string
  repeatPassword: string
  firstName: string
  lastName: string
}

/** The page opened with the token from its path. */
export const welcomeOpened = createEvent<string>()

export const $token = createStore('').on(welcomeOpened, (_, token) => token)

const sendFx = attach({
  source: $token,
  effect: welcomeFx,
  mapParams: (values: WelcomeValues, token) => ({
    token,
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  }),
})

const nameRules = { required: true, maxLength: 100 }

export const welcomeForm = createForm<WelcomeValues>({
  fields: {
    firstName: { initial: '', rules: nameRules },
    lastName: { initial: '', rules: nameRules },
    ...newPasswordFields<WelcomeValues>((values) => [values.firstName, values.lastName]),
  },
  submit: (values) => sendFx(values).then(() => undefined),
})

export const $canSubmit = welcomeForm.$values.map(
  (values) => passwordsReady(values) && values.firstName.trim() !== '' && values.lastName.trim() !== '',
)

export const $done = createStore(false)
  .on(sendFx.done, () => true)
  .reset(welcomeOpened)

export const $notice = createStore<Notice | null>(null)
  .on(sendFx, () => null)
  .on(sendFx.done, () => success('welcome.done'))
  .on(sendFx.failData, (_, error) => errorNotice(error))
  .reset(welcomeOpened)

sample({ clock: welcomeOpened, target: welcomeForm.reset })
