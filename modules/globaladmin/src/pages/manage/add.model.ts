/**
 * The new-account modal at /global-admin/manage/add: the account's name, contact
 * fields and country, and its first admin, who gets the welcome e-mail.
 */
import { PATTERNS, createForm, navigate } from '@app/module-kit'
import { createEffect, sample } from 'effector'
import { type AccountCreate, createAccountFx } from '../../api'
import { notifyFx } from '../../notify'
import { accountsChanged } from './model'

export const MANAGE_PATH = '/global-admin/manage'
export const ADD_PATH = `${MANAGE_PATH}/add`

type AddValues = Required<AccountCreate> & Record<string, unknown>

/** Empty is fine for optional contact fields; anything typed must match. */
const optional = (pattern: { regex: RegExp; message: string }) => (value: unknown) =>
  typeof value === 'string' && value.trim() && !pattern.regex.test(value.trim()) ? pattern.message : null

export const addForm = createForm<AddValues>({
  fields: {
    company: { initial: '', rules: { required: true, maxLength: 200 } },
    email: { initial: '', rules: { maxLength: 254, validate: optional(PATTERNS.email) } },
    phone: { initial: '', rules: { maxLength: 40, validate: optional(PATTERNS.phone) } },
    website: { initial: '', rules: { maxLength: 255, validate: optional(PATTERNS.website) } },
    address: { initial: '', rules: { maxLength: 200 } },
    zip: { initial: '', rules: { maxLength: 20 } },
    city: { initial: '', rules: { maxLength: 100 } },
    // Required, as in the sign-up's account form (spec part1 §5); the API checks the code too.
    country: { initial: '', rules: { required: true } },
    adminEmail: { initial: '', rules: { required: true, email: true, maxLength: 254 } },
    adminFirstName: { initial: '', rules: { required: true, minLength: 2, maxLength: 100 } },
    adminLastName: { initial: '', rules: { required: true, minLength: 2, maxLength: 100 } },
  },
  submit: async (values) => {
    await createAccountFx(values)
  },
})

/** Closing the modal is going back to the table's own address. */
export const closeAddFx = createEffect(() => navigate(MANAGE_PATH))

sample({ clock: addForm.submitFx.done, target: [addForm.reset, accountsChanged, closeAddFx] })
sample({
  clock: createAccountFx.doneData,
  fn: (account) => ({ kind: 'success' as const, key: 'add.created', values: { company: account.company } }),
  target: notifyFx,
})
