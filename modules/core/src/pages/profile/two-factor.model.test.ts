import { $session, ApiError, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { confirmEnrolmentFx, startEnrolmentFx, switchTwoFactorOffFx } from '../../api'
import { notifyFx } from '../../notify'
import { $enrolment, $qrCode, $twoFactorOn, codeForm, enrolmentCancelled, enrolmentStarted, switchOffForm } from './two-factor.model'

const session = { user: { id: 7 }, accountId: 1, hasTwoFactor: false } as unknown as Session
const enrolment = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Business%20Cloud:user%40demo.test?secret=JBSWY3DPEHPK3PXP' }

const setup = (confirm: (code: string) => Promise<{ hasTwoFactor: boolean }>) => {
  const notify = vi.fn()
  const confirmFn = vi.fn(confirm)
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [startEnrolmentFx, async () => enrolment],
      [confirmEnrolmentFx, confirmFn],
      [notifyFx, notify],
      [codeForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, notify, confirm: confirmFn }
}

const enterCode = async (scope: ReturnType<typeof fork>, code: string) => {
  await allSettled(codeForm.fieldChanged, { scope, params: { name: 'code', value: code } })
  await allSettled(codeForm.submitted, { scope })
}

describe('two-factor enrolment', () => {
  test('starting shows the secret and a QR code of its otpauth URI', async () => {
    const { scope } = setup(async () => ({ hasTwoFactor: true }))
    await allSettled(enrolmentStarted, { scope })
    expect(scope.getState($enrolment)).toEqual(enrolment)
    expect(scope.getState($qrCode)).toMatch(/^data:image\/png;base64,/)
  })

  test('a confirmed code turns it on and closes the set-up', async () => {
    const { scope, notify, confirm } = setup(async () => ({ hasTwoFactor: true }))
    expect(scope.getState($twoFactorOn)).toBe(false)
    await allSettled(enrolmentStarted, { scope })
    await enterCode(scope, '123456')
    expect(confirm).toHaveBeenCalledWith('123456')
    expect(scope.getState($twoFactorOn)).toBe(true)
    expect(scope.getState($enrolment)).toBeNull()
    expect(scope.getState($qrCode)).toBeNull()
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'twoFactor.confirmed' })
  })

  test('a code must be six digits before it is sent', async () => {
    const { scope, confirm } = setup(async () => ({ hasTwoFactor: true }))
    await allSettled(enrolmentStarted, { scope })
    await enterCode(scope, '12a456')
    expect(scope.getState(codeForm.$errors).code?.key).toBe('validation.digits')
    await enterCode(scope, '12345')
    expect(scope.getState(codeForm.$errors).code?.key).toBe('validation.minLength')
    expect(confirm).not.toHaveBeenCalled()
  })

  test('a wrong code keeps the set-up open, with the message on the field and a toast', async () => {
    const { scope, notify } = setup(async () =>
      Promise.reject(new ApiError('Validation failed', 400, { code: 'The code is not valid, try the current one' })),
    )
    await allSettled(enrolmentStarted, { scope })
    await enterCode(scope, '000000')
    expect(scope.getState($enrolment)).toEqual(enrolment)
    expect(scope.getState($twoFactorOn)).toBe(false)
    expect(scope.getState(codeForm.$errors).code).toBeTruthy()
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'twoFactor.failed' })
  })

  test('cancel closes the set-up', async () => {
    const { scope } = setup(async () => ({ hasTwoFactor: true }))
    await allSettled(enrolmentStarted, { scope })
    await allSettled(enrolmentCancelled, { scope })
    expect(scope.getState($enrolment)).toBeNull()
  })
})

describe('switching two-factor off', () => {
  const on = (switchOff: (currentPassword: string) => Promise<{ userId: number; hasTwoFactor: boolean }>) => {
    const notify = vi.fn()
    const switchOffFn = vi.fn(switchOff)
    const scope = fork({
      values: [[$session, { ...session, hasTwoFactor: true }]],
      handlers: [
        [switchTwoFactorOffFx, switchOffFn],
        [notifyFx, notify],
        [switchOffForm.scrollToFieldFx, () => undefined],
      ],
    })
    return { scope, notify, switchOff: switchOffFn }
  }
  const submit = async (scope: ReturnType<typeof fork>, currentPassword: string) => {
    await allSettled(switchOffForm.fieldChanged, { scope, params: { name: 'currentPassword', value: currentPassword } })
    await allSettled(switchOffForm.submitted, { scope })
  }

  test('needs the current password; with it, it is off and a toast says so', async () => {
    const { scope, notify, switchOff } = on(async () => ({ userId: 7, hasTwoFactor: false }))
    expect(scope.getState($twoFactorOn)).toBe(true)
    await submit(scope, '')
    expect(switchOff).not.toHaveBeenCalled()
    expect(scope.getState(switchOffForm.$errors).currentPassword?.key).toBe('validation.required')
    await submit(scope, 'my-secret-1')
    expect(switchOff).toHaveBeenCalledWith('my-secret-1')
    expect(scope.getState($twoFactorOn)).toBe(false)
    expect(scope.getState(switchOffForm.$values).currentPassword).toBe('')
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'twoFactor.switchedOff' })
  })

  test('a wrong password keeps it on, with the message on the field', async () => {
    const { scope, notify } = on(async () =>
      Promise.reject(new ApiError('Validation failed', 400, { currentPassword: 'The current password is not correct' })),
    )
    await submit(scope, 'not-it')
    expect(scope.getState($twoFactorOn)).toBe(true)
    expect(scope.getState(switchOffForm.$errors).currentPassword?.key).toBe('validation.currentPasswordWrong')
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'twoFactor.switchOffFailed' })
  })
})
