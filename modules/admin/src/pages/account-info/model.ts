/**
 * Account info (spec part1 §3): company, website, phone, e-mail, address, zip, city
 * and country, through PATCH /api/accounts/{id}; beside them the account's facts and
 * counts (GET /api/accounts/{id}/details). A failure says the account info could
 * not be saved.
 */
import { createForm, PATTERNS } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { type AccountDetails, type AccountInfoChange, fetchAccountFx, saveAccountFx } from '../../api'
import { notifyFx } from '../../notify'

export interface AccountInfoValues extends Record<string, unknown> {
  company: string
  website: string
  phone: string
  email: string
  address: string
  zip: string
  city: string
  country: string
}

const FIELDS = ['company', 'website', 'phone', 'email', 'address', 'zip', 'city', 'country'] as const

export const accountInfoOpened = createEvent<number>()
export const $accountId = createStore<number | null>(null).on(accountInfoOpened, (_, id) => id)
export const $account = createStore<AccountDetails | null>(null)
export const $loadFailed = createStore(false)

/** Phone and e-mail cannot be emptied on the server: an empty one is left as it is. */
export const changeOf = (values: AccountInfoValues): AccountInfoChange => {
  const change: Record<string, string> = {}
  for (const field of FIELDS) {
    const value = values[field].trim()
    if (value || (field !== 'phone' && field !== 'email')) change[field] = value
  }
  return change
}

const submitFx = attach({
  source: $accountId,
  effect: saveAccountFx,
  mapParams: (values: AccountInfoValues, accountId) => ({ accountId: accountId ?? 0, change: changeOf(values) }),
})

export const accountInfoForm = createForm<AccountInfoValues>({
  fields: {
    company: { initial: '', rules: { required: true, minLength: 2, maxLength: 200 } },
    website: { initial: '', rules: { maxLength: 255, pattern: PATTERNS.website } },
    phone: { initial: '', rules: { maxLength: 40, pattern: PATTERNS.phone } },
    email: { initial: '', rules: { email: true, maxLength: 254 } },
    address: { initial: '', rules: { maxLength: 200 } },
    zip: { initial: '', rules: { maxLength: 20 } },
    city: { initial: '', rules: { maxLength: 100 } },
    country: { initial: '', rules: { pattern: { regex: /^[A-Z]{2}$/, message: 'admin:accountInfo.countryFormat' } } },
  },
  submit: async (values) => {
    await submitFx(values)
  },
})

sample({ clock: accountInfoOpened, target: [accountInfoForm.reset, fetchAccountFx] })
$account
  .on(fetchAccountFx.doneData, (_, account) => account)
  // A save answers the info without the counts, which it does not change.
  .on(saveAccountFx.doneData, (account, saved) => (account ? { ...account, ...saved } : account))
  .reset(accountInfoOpened)
$loadFailed.on(fetchAccountFx.fail, () => true).reset(accountInfoOpened)

sample({
  clock: fetchAccountFx.doneData,
  fn: (account) => Object.fromEntries(FIELDS.map((name) => [name, account[name] ?? ''])) as AccountInfoValues,
  target: accountInfoForm.filled,
})

sample({ clock: accountInfoForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'accountInfo.saved' }), target: notifyFx })
sample({ clock: accountInfoForm.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'accountInfo.failed' }), target: notifyFx })
