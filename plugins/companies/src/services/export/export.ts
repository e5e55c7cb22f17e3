/** GET /companies/export: every company of the account as companies.xlsx (see export.class.ts). */
import type { ServiceDefinition } from '@app/plugin-kit'
import { companySchema } from '../companies/companies.schema'
import { CompanyExportService } from './export.class'
import { companyExportQuerySchema } from './export.schema'
import { companyExportPath } from './export.shared'

export const companyExportService: ServiceDefinition = {
  path: companyExportPath,
  methods: ['find'],
  scope: { kind: 'tenant' },
  flags: { find: ['canManageAccounts', 'canManageSettings'] },
  schemas: { query: companyExportQuerySchema },
  service: (app) => new CompanyExportService({ Model: app.get('knex'), name: 'companies', result: companySchema }),
}
