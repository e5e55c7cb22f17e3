import { type ServiceDefinition, exportQuerySchema } from '@app/plugin-kit'
import { UsersExportService } from './users-export.class'
import { usersExportPath } from './users-export.shared'

export const usersExportService: ServiceDefinition = {
  path: usersExportPath,
  methods: ['find'],
  scope: { kind: 'tenant' },
  flags: { find: ['canManageAccounts', 'canManageSettings'] },
  schemas: { query: exportQuerySchema },
  service: (app) => new UsersExportService(app),
}
