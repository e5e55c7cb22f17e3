import type { ServiceDefinition } from '@app/plugin-kit'
import { TableService } from '@app/plugin-kit'
import { querySyntax } from '@feathersjs/typebox'
import { privilegeSchema } from './privileges.schema'
import { privilegesMethods, privilegesPath } from './privileges.shared'

/** GET /privileges: the account's grants as rows, for settings managers. */
export const privilegesService: ServiceDefinition = {
  path: privilegesPath,
  methods: [...privilegesMethods],
  scope: { kind: 'tenant' },
  flags: { find: ['canManageSettings'], get: ['canManageSettings'] },
  schemas: { query: querySyntax(privilegeSchema) as any, result: privilegeSchema },
  service: (app) => new TableService({ Model: app.get('knex'), name: 'privileges', result: privilegeSchema }),
}
