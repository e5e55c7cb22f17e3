/**
 * Two-factor enrolment: the API gives a secret and its otpauth URI, shown as a QR
 * code and as text; a code from the app confirms it and turns two-factor on.
 * Starting again turns it off on the server until the new set-up is confirmed.
 */
import { $session, createForm } from '@app/module-kit'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import QRCode from 'qrcode'
import { confirmEnrolmentFx, type Enrolment, startEnrolmentFx } from '../../api'
import { notifyFx } from '../../notify'
import { $userId } from '../../user'

export const enrolmentStarted = createEvent()
export const enrolmentCancelled = createEvent()

export const qrCodeFx = createEffect((uri: string) => QRCode.toDataURL(uri, { margin: 1, width: 200 }))

interface CodeValues extends Record<string, unknown> {
  code: string
}

export const codeForm = createForm<CodeValues>({
  fields: {
    code: {
      initial: '',
      rules: { required: true, minLength: 6, maxLength: 6, pattern: { regex: /^\d+$/, message: 'validation.digits' } },
    },
  },
  submit: async (values) => {
    await confirmEnrolmentFx(values.code)
  },
})

export const $enrolment = createStore<Enrolment | null>(null)
  .on(startEnrolmentFx.doneData, (_, enrolment) => enrolment)
  .reset(enrolmentCancelled, codeForm.submitFx.done, $userId.updates)
export const $qrCode = createStore<string | null>(null)
  .on(qrCodeFx.doneData, (_, dataUrl) => dataUrl)
  .reset(enrolmentStarted, enrolmentCancelled, codeForm.submitFx.done, $userId.updates)

/** What this page learnt since sign-in; the session's flag until then. */
const $changedHere = createStore<boolean | null>(null)
  .on(startEnrolmentFx.done, () => false)
  .on(codeForm.submitFx.done, () => true)
  .reset($userId.updates)
export const $twoFactorOn = combine($session, $changedHere, (session, changed) => changed ?? session?.hasTwoFactor ?? false)

sample({ clock: enrolmentStarted, target: startEnrolmentFx })
sample({ clock: startEnrolmentFx.doneData, fn: (enrolment) => enrolment.otpauthUri, target: qrCodeFx })
sample({ clock: [enrolmentCancelled, codeForm.submitFx.done], target: codeForm.reset })

sample({ clock: startEnrolmentFx.fail, fn: () => ({ kind: 'error' as const, key: 'twoFactor.startFailed' }), target: notifyFx })
sample({ clock: codeForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'twoFactor.confirmed' }), target: notifyFx })
sample({ clock: codeForm.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'twoFactor.failed' }), target: notifyFx })
