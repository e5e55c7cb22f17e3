/** Rows the model tests share. */
import type { AccountUser } from './api'

export const user = (id: number, extra: Partial<AccountUser> = {}): AccountUser => ({
  id,
  accountId: 5,
  username: `u${id}@demo.test`,
  firstName: 'First',
  lastName: `Last${id}`,
  acronym: `U${id}`,
  language: 'ENGLISH',
  hasTwoFactor: false,
  anonymous: false,
  roleId: 1,
  roleName: 'Basic',
  securityGroup: 'USER',
  companyId: null,
  companyName: null,
  accessLevel: 'ACCESS',
  enabled: true,
  removalRequested: false,
  createdAt: '2026-11-23T08:00:00.000Z',
  createdBy: null,
  ...extra,
})
