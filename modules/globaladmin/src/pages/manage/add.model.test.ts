import { VALIDATION_DEBOUNCE_MS } from '@app/module-kit'
import { type Scope, allSettled, fork } from 'effector'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { type AccountCreate, type AccountListRow, createAccountFx, fetchAccountsFx } from '../../api'
import { notifyFx } from '../../notify'
import { addForm, closeAddFx } from './add.model'

const FORM: AccountCreate = {
  company: 'Fjord Builders AS',
  website: '',
  phone: '',
  email: '',
  address: '',
  zip: '',
  city: 'Bergen',
  country: 'NO',
  adminEmail: 'hanna@fjord-builders.test',
  adminFirstName: 'Hanna',
  adminLastName: 'Fjord',
}

const setup = () => {
  const created: AccountCreate[] = []
  const scope = fork({
    handlers: [
      [
        createAccountFx,
        async (data: AccountCreate) => {
          created.push(data)
          return { id: 9, company: data.company } as AccountListRow
        },
      ],
      [fetchAccountsFx, async () => ({ total: 0, limit: 50, skip: 0, data: [] })],
      [closeAddFx, () => undefined],
      [notifyFx, () => undefined],
    ],
  })
  return { scope, created }
}

const fill = async (scope: Scope, values: Partial<AccountCreate>) => {
  for (const [name, value] of Object.entries(values)) {
    const changed = allSettled(addForm.fieldChanged, { scope, params: { name, value } })
    await vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS)
    await changed
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

test('the account needs a country: without one nothing is sent', async () => {
  const { scope, created } = setup()
  await fill(scope, { ...FORM, country: '' })
  await allSettled(addForm.submitted, { scope })
  expect(created).toEqual([])
  expect(scope.getState(addForm.$errors).country).toEqual({ key: 'validation.required' })
})

test('with a country the account is created with it', async () => {
  const { scope, created } = setup()
  await fill(scope, FORM)
  await allSettled(addForm.submitted, { scope })
  expect(created).toEqual([FORM])
})
