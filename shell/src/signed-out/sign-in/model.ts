/**
 * Sign-in (spec part1 §4): credentials, then the two-factor step for users who
 * have it, then the kit's signedIn with the full sign-in result. The sign-in page
 * and the dialog over an expired session share it (never both on screen).
 */
import { ApiError, type AuthResult, createForm, signedIn } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { type SignInAnswer, isChallenge, signInFx, silentSignInFx, twoFactorFx } from '../api'
import { emailProblem } from '../email'
import { type Notice, errorNotice, failure } from '../notice'

export type SignInStep = 'credentials' | 'twoFactor'

export const signInOpened = createEvent()
export const twoFactorCancelled = createEvent()

export const $step = createStore<SignInStep>('credentials')
export const $challengeToken = createStore<string | null>(null)
export const $notice = createStore<Notice | null>(null)

export const signInForm = createForm<{ email: string; password: string }>({
  fields: {
    email: { initial: '', rules: { required: true, maxLength: 254, validate: emailProblem } },
    password: { initial: '', rules: { required: true, maxLength: 100 } },
  },
  // Called synchronously so the effect runs in the caller's scope; the outcome is handled below.
  submit: (values) => signInFx({ username: values.email.trim(), password: values.password }).then(() => undefined),
})

const sendCodeFx = attach({
  source: $challengeToken,
  effect: twoFactorFx,
  mapParams: (code: string, challengeToken) => ({ challengeToken: challengeToken ?? '', code }),
})

export const twoFactorForm = createForm<{ code: string }>({
  fields: {
    code: {
      initial: '',
      rules: {
        required: true,
        pattern: { regex: /^\s*[0-9]{6}\s*$/, message: 'validation.digits' },
      },
    },
  },
  submit: (values) => sendCodeFx(values.code.trim()).then(() => undefined),
})

const credentialsAccepted = sample({ clock: signInFx.doneData, filter: (answer: SignInAnswer) => !isChallenge(answer) })
const challenged = sample({ clock: signInFx.doneData, filter: isChallenge })

sample({ clock: credentialsAccepted, fn: (answer) => answer as AuthResult, target: signedIn })

sample({ clock: challenged, fn: (answer) => answer.challengeToken, target: $challengeToken })
sample({ clock: challenged, fn: (): SignInStep => 'twoFactor', target: $step })

// The two-factor answer holds only a token: a silent sign-in with it yields the principal and flags.
sample({
  clock: sendCodeFx.doneData,
  filter: (answer) => answer.valid,
  fn: (answer) => (answer.valid ? answer.accessToken : ''),
  target: silentSignInFx,
})
sample({ clock: silentSignInFx.doneData, target: signedIn })

$notice
  .on(signInFx, () => null)
  .on(sendCodeFx, () => null)
  .on(signInFx.failData, (_, error) => errorNotice(error))
  .on(sendCodeFx.doneData, (current, answer) => (answer.valid ? current : failure('twoFactor.invalid')))
  .on(sendCodeFx.failData, (_, error) => errorNotice(error))
  .on(silentSignInFx.failData, (_, error) => errorNotice(error))

// A spent or expired challenge cannot be retried: back to the credentials.
const challengeRefused = sample({ clock: sendCodeFx.failData, filter: (error) => error instanceof ApiError && error.status === 401 })
const challengeEnded = sample({ clock: [twoFactorCancelled, signInOpened, challengeRefused] })
$step.on(challengeEnded, () => 'credentials')
$challengeToken.on(challengeEnded, () => null)
$notice.on([twoFactorCancelled, signInOpened], () => null)

sample({ clock: signInOpened, target: [signInForm.reset, twoFactorForm.reset] })
sample({ clock: challenged, target: twoFactorForm.reset })
