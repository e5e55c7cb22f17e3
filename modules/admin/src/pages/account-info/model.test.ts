import { ApiError } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { type AccountInfo, fetchAccountFx, saveAccountFx } from '../../api'
import { notifyFx } from '../../notify'
import { accountInfoForm, accountInfoOpened, changeOf } from './model'

const ACCOUNT: AccountInfo = {
  id: 4,
  company: 'Demo Engineering',
  website: null,
  phone: '+358 40 123 4567',
  email: 'office@demo.test',
  address: null,
  zip: null,
  city: 'Helsinki',
  country: 'FI',
}

const open = async (save: (p: { accountId: number; change: object }) => Promise<unknown>) => {
  const notify = vi.fn()
  const saveFn = vi.fn(save)
  const scope = fork({
    handlers: [
      [fetchAccountFx, async () => ACCOUNT],
      [saveAccountFx, saveFn],
      [notifyFx, notify],
      [accountInfoForm.scrollToFieldFx, () => undefined],
    ],
  })
  await allSettled(accountInfoOpened, { scope, params: 4 })
  return { scope, notify, save: saveFn }
}

describe('account info', () => {
  test('the form is filled from the account and saves the change to it', async () => {
    const { scope, save, notify } = await open(async () => ACCOUNT)
    expect(scope.getState(accountInfoForm.$values)).toMatchObject({ company: 'Demo Engineering', city: 'Helsinki', website: '' })
    await allSettled(accountInfoForm.fieldChanged, { scope, params: { name: 'city', value: 'Espoo' } })
    await allSettled(accountInfoForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith({ accountId: 4, change: expect.objectContaining({ city: 'Espoo', company: 'Demo Engineering' }) })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'accountInfo.saved' })
  })

  test('a failure says the account info could not be saved', async () => {
    const { scope, notify } = await open(() => Promise.reject(new ApiError('Forbidden', 403)))
    await allSettled(accountInfoForm.submitted, { scope })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'accountInfo.failed' })
  })

  test('a company name that is too short is refused before any call', async () => {
    const { scope, save } = await open(async () => ACCOUNT)
    await allSettled(accountInfoForm.fieldChanged, { scope, params: { name: 'company', value: 'D' } })
    await allSettled(accountInfoForm.submitted, { scope })
    expect(save).not.toHaveBeenCalled()
    expect(scope.getState(accountInfoForm.$errors).company?.key).toBe('validation.minLength')
  })

  test('an emptied phone or e-mail is left out; other fields may be emptied', () => {
    const values = { company: ' Co ', website: '', phone: '', email: '', address: '', zip: '', city: '', country: 'FI' }
    expect(changeOf(values)).toEqual({ company: 'Co', website: '', address: '', zip: '', city: '', country: 'FI' })
  })
})
