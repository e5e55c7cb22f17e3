/** One account's info with its counts (spec part1 §3, the account info page). */
import { NotFound } from '@feathersjs/errors'
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { routeId } from '@app/plugin-kit'
import { accountWithCounts } from '../accounts/account-list'
import { accountDetailsMethods, accountDetailsPath } from './account-details.shared'

export const accountDetailsService: ServiceDefinition = {
  path: accountDetailsPath,
  methods: [...accountDetailsMethods],
  // Global admins see any account; an account's own admins only theirs (another id is 404).
  scope: { kind: 'tenant', column: 'id', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' },
  flags: { find: ['canManageAccounts', 'canManageSettings'] },
  service: (app) => ({
    async find(params: AppParams) {
      const accountId = routeId(params, 'accountId')
      const account = await accountWithCounts(app, accountId)
      if (!account) throw new NotFound(`No record found for id '${accountId}'`)
      return account
    },
  }),
}
