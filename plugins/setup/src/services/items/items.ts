/**
 * One small CRUD service per setup list at /setup/{accountId}/{list}: everyone in
 * the account reads (document and material forms offer the values), settings
 * managers change them. The kit's TableService does it all: the account from the
 * path, the unique entry (409), the `filter` over the list's fields.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { TableService, toColumn } from '@app/plugin-kit'
import { SETUP_LISTS, type SetupList, setupItemDataSchema, setupItemPatchSchema, setupItemQuerySchema, setupItemSchema } from './items.schema'
import { setupListMethods, setupListPath } from './items.shared'

const listService = (list: SetupList): ServiceDefinition => {
  const result = setupItemSchema(list)
  return {
    path: setupListPath(list.id),
    methods: [...setupListMethods],
    scope: { kind: 'tenant', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' },
    flags: { create: ['canManageSettings'], patch: ['canManageSettings'], remove: ['canManageSettings'] },
    schemas: { data: setupItemDataSchema(list), patch: setupItemPatchSchema(list), query: setupItemQuerySchema(list), result },
    service: (app) =>
      new TableService({
        Model: app.get('knex'),
        name: list.table,
        result,
        unique: [{ field: list.unique, message: list.duplicate }],
        search: { filter: { columns: list.fields.map((field) => toColumn(field.name)) } },
        stampCreatedAt: true,
      }),
  }
}

export const setupListServices: ServiceDefinition[] = SETUP_LISTS.map(listService)
