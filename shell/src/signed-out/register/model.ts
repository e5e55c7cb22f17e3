/**
 * Sign-up of a trial account (spec part1 §1, §5, §8): the API's rules mirrored
 * on the client; success says an e-mail is sent and another follows when the
 * account opens; failure shows status and message in a red box, and a 400's
 * field messages land on their fields (the form engine does that).
 */
import { type FieldRules, PATTERNS, createForm } from '@app/module-kit'
import { createEvent, createStore, sample } from 'effector'
import { type SignUpData, registerFx } from '../api'
import { emailProblem, trimmed } from '../email'
import { newPasswordFields } from '../new-password'
import { type Notice, errorNotice, success } from '../notice'

export type RegisterValues = SignUpData & Record<string, unknown>

export const registerOpened = createEvent()

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.trim().toLowerCase()

const text = (maxLength: number): FieldRules<RegisterValues> => ({ required: true, maxLength })

export const registerForm = createForm<RegisterValues>({
  fields: {
    firstName: { initial: '', rules: text(100) },
    lastName: { initial: '', rules: text(100) },
    email: { initial: '', rules: { required: true, maxLength: 254, validate: emailProblem } },
    repeatEmail: {
      initial: '',
      rules: {
        required: true,
        maxLength: 254,
        validate: (value, values) =>
          emailProblem(value) ?? (sameEmail(trimmed(value), values.email) ? null : 'validation.emailsMismatch'),
      },
    },
    ...newPasswordFields<RegisterValues>((values) => [values.email, values.firstName, values.lastName, values.company]),
    company: { initial: '', rules: text(200) },
    website: { initial: '', rules: { maxLength: 255, pattern: PATTERNS.website } },
    country: { initial: '', rules: { required: true } },
    phone: { initial: '', rules: { required: true, maxLength: 40, pattern: PATTERNS.phone } },
  },
  submit: (values) =>
    registerFx({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      repeatEmail: values.repeatEmail.trim(),
      password: values.password,
      repeatPassword: values.repeatPassword,
      company: values.company.trim(),
      website: values.website.trim(),
      country: values.country,
      phone: values.phone.trim(),
    }).then(() => undefined),
})

export const $done = createStore(false)
  .on(registerFx.done, () => true)
  .reset(registerOpened)

export const $notice = createStore<Notice | null>(null)
  .on(registerFx, () => null)
  .on(registerFx.done, () => success('register.done'))
  .on(registerFx.failData, (_, error) => errorNotice(error))
  .reset(registerOpened)

sample({ clock: registerOpened, target: registerForm.reset })
