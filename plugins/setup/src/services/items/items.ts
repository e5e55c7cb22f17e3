/**
 * One small CRUD service per setup list at /setup/{accountId}/{list}: everyone in
 * the account reads (document and material forms offer the values), settings
 * managers change them.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { toColumn } from '@app/plugin-kit'
import { AccountScopedService, validateAfterScope } from '../../scoped-service'
import {
  SETUP_LISTS,
  type SetupList,
  setupItemDataSchema,
  setupItemPatchSchema,
  setupItemQuerySchema,
  setupItemSchema,
} from './items.schema'

const listService = (list: SetupList): ServiceDefinition => {
  const result = setupItemSchema(list)
  return {
    path: `setup/:accountId/${list.id}`,
    methods: ['find', 'get', 'create', 'patch', 'remove'],
    scope: { kind: 'tenant', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' },
    flags: { create: ['canManageSettings'], patch: ['canManageSettings'], remove: ['canManageSettings'] },
    schemas: { query: setupItemQuerySchema(list), result },
    hooks: validateAfterScope({ data: setupItemDataSchema(list), patch: setupItemPatchSchema(list) }),
    service: (app) =>
      new AccountScopedService(
        app,
        { name: list.table, result },
        { field: list.unique, column: toColumn(list.unique), message: list.duplicate },
        list.fields.map((f) => f.name),
      ),
  }
}

export const setupListServices: ServiceDefinition[] = SETUP_LISTS.map(listService)
