import type { ServiceDefinition } from '@app/plugin-kit'
import { querySyntax } from '@feathersjs/typebox'
import { RolesService } from './roles.class'
import { roleColumnsSchema, roleDataSchema, rolePatchSchema, roleSchema } from './roles.schema'
import { rolesMethods, rolesPath } from './roles.shared'

/**
 * The caller's account's roles: listed by every member, changed by settings managers.
 * A role's privileges are switched through the privileges calls; a user's role through
 * /accountusers/{accountId}/securitygroups.
 */
export const rolesService: ServiceDefinition = {
  path: rolesPath,
  methods: [...rolesMethods],
  scope: { kind: 'tenant' },
  flags: { create: ['canManageSettings'], patch: ['canManageSettings'], remove: ['canManageSettings'] },
  schemas: { data: roleDataSchema, patch: rolePatchSchema, query: querySyntax(roleColumnsSchema) as any, result: roleSchema },
  service: (app) => new RolesService(app.get('knex')),
}
