/** Browser-safe: one user of an account as the account-user calls answer it. */
import type { UserAccessLevel } from '@app/plugin-kit/shared'

/** GET /api/accountusers/{accountId} (a page of these) and GET /api/accountusers/user/{userId}. */
export interface AccountUser {
  id: number
  accountId: number
  username: string
  firstName: string
  lastName: string
  acronym: string
  language: string
  hasTwoFactor: boolean
  anonymous: boolean
  roleId: number | null
  roleName: string | null
  securityGroup: string | null
  companyId: number | null
  companyName: string | null
  accessLevel: UserAccessLevel
  enabled: boolean
  removalRequested: boolean
  createdAt: string
  createdBy: number | null
}
