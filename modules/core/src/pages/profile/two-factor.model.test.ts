import { $session, ApiError, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { confirmEnrolmentFx, startEnrolmentFx } from '../../api'
import { notifyFx } from '../../notify'
import { $enrolment, $qrCode, $twoFactorOn, codeForm, enrolmentCancelled, enrolmentStarted } from './two-factor.model'

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

  test('starting again while on turns it off until confirmed; cancel closes the set-up', async () => {
    const { scope } = setup(async () => ({ hasTwoFactor: true }))
    const on = fork({ values: [[$session, { ...session, hasTwoFactor: true }]], handlers: [[startEnrolmentFx, async () => enrolment]] })
    expect(on.getState($twoFactorOn)).toBe(true)
    await allSettled(enrolmentStarted, { scope: on })
    expect(on.getState($twoFactorOn)).toBe(false)
    await allSettled(enrolmentStarted, { scope })
    await allSettled(enrolmentCancelled, { scope })
    expect(scope.getState($enrolment)).toBeNull()
  })
})
