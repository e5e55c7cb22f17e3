/** GET /projects/export: the projects the caller sees as projects.xlsx (see export.class.ts). */
import type { ServiceDefinition } from '@app/plugin-kit'
import { projectExportPath } from '../projects/projects.shared'
import { ProjectExportService } from './export.class'
import { projectExportQuerySchema } from './export.schema'

export const projectExportService: ServiceDefinition = {
  path: projectExportPath,
  methods: ['find'],
  scope: { kind: 'tenant' },
  // Spec part2 §6: "Export to excel needs manage-accounts or manage-settings".
  flags: { find: ['canManageAccounts', 'canManageSettings'] },
  schemas: { query: projectExportQuerySchema },
  service: (app) => new ProjectExportService(app),
}
