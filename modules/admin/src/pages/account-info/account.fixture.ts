import type { AccountDetails } from '../../api'

/** An account's details as the API answers them, for the account info tests. */
export const ACCOUNT: AccountDetails = {
  id: 4,
  accountNo: '100004',
  company: 'Demo Engineering',
  website: null,
  phone: null,
  email: 'office@demo.test',
  address: null,
  zip: null,
  city: 'Helsinki',
  country: 'FI',
  createdAt: '2024-03-05T10:00:00.000Z',
  enabled: true,
  userCount: 12,
  fileCount: 345,
  mbUsed: 123.44,
}
