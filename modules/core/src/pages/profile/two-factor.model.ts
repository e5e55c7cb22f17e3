/**
 * Two-factor enrolment: the API gives a secret and its otpauth URI, shown as a QR
 * code and as text; a code from the app confirms it and turns two-factor on.
 * Switching it off (also the way to a new phone) needs the current password.
 */
import { $session, createForm } from '@app/module-kit'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import QRCode from 'qrcode'
import { confirmEnrolmentFx, type Enrolment, startEnrolmentFx, switchTwoFactorOffFx } from '../../api'
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

interface SwitchOffValues extends Record<string, unknown> {
  currentPassword: string
}

export const switchOffForm = createForm<SwitchOffValues>({
  fields: { currentPassword: { initial: '', rules: { required: true, maxLength: 100 } } },
  submit: async (values) => {
    await switchTwoFactorOffFx(values.currentPassword)
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
  .on(switchOffForm.submitFx.done, () => false)
  .reset($userId.updates)
export const $twoFactorOn = combine($session, $changedHere, (session, changed) => changed ?? session?.hasTwoFactor ?? false)

sample({ clock: enrolmentStarted, target: startEnrolmentFx })
sample({ clock: startEnrolmentFx.doneData, fn: (enrolment) => enrolment.otpauthUri, target: qrCodeFx })
sample({ clock: [enrolmentCancelled, codeForm.submitFx.done], target: codeForm.reset })
sample({ clock: [switchOffForm.submitFx.done, $userId.updates], target: switchOffForm.reset })

sample({ clock: startEnrolmentFx.fail, fn: () => ({ kind: 'error' as const, key: 'twoFactor.startFailed' }), target: notifyFx })
sample({ clock: codeForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'twoFactor.confirmed' }), target: notifyFx })
sample({ clock: codeForm.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'twoFactor.failed' }), target: notifyFx })
sample({ clock: switchOffForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'twoFactor.switchedOff' }), target: notifyFx })
sample({ clock: switchOffForm.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'twoFactor.switchOffFailed' }), target: notifyFx })
