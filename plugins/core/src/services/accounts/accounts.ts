import type { ServiceDefinition } from '@app/plugin-kit'
import { currentUser, saveOnPut } from '@app/plugin-kit'
import { AccountsService } from './accounts.class'
import { accountListQuerySchema, accountPatchSchema, accountSaveSchema, accountSchema, signUpSchema } from './accounts.schema'
import { accountsMethods, accountsPath } from './accounts.shared'

/** GET the accounts (all for global admins, else one's own), POST signs up, PATCH and PUT save the details. */
export const accountsService: ServiceDefinition = {
  path: accountsPath,
  methods: [...accountsMethods],
  public: ['create'],
  scope: { kind: 'tenant', column: 'id', crossTenantFlag: 'canManageAccounts' },
  flags: { patch: ['canManageSettings'], update: ['canManageSettings'] },
  schemas: { data: signUpSchema, patch: accountPatchSchema, update: accountSaveSchema, query: accountListQuerySchema, result: accountSchema },
  service: (app) => saveOnPut(app, accountsPath, new AccountsService(app), { idWhenMissing: (params) => currentUser(params).accountId }),
}
