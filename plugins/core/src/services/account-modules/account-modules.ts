import type { ServiceDefinition } from '@app/plugin-kit'
import { AccountModulesService } from './account-modules.class'
import { moduleSwitchSchema } from './account-modules.schema'
import { accountModulesMethods, accountModulesPath } from './account-modules.shared'

/** GET an account's module switches, PUT some of them. */
export const accountModulesService: ServiceDefinition = {
  path: accountModulesPath,
  methods: [...accountModulesMethods],
  scope: { kind: 'platform', why: "Global admins switch any account's modules." },
  flags: { find: ['canManageAccounts'], update: ['canManageAccounts'] },
  schemas: { data: moduleSwitchSchema },
  service: (app) => new AccountModulesService(app),
}
