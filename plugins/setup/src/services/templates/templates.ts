/**
 * Document templates at /templates/{accountId}: upload (multipart, field `file`,
 * with `appendable`), paged list, download (GET …/{id}), the appendable switch
 * (PATCH) and delete.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { TemplatesService } from './templates.class'
import { templateDataSchema, templatePatchSchema, templateQuerySchema, templateSchema } from './templates.schema'
import { templatesMethods, templatesPath } from './templates.shared'

export const templateServices: ServiceDefinition[] = [
  {
    path: templatesPath,
    methods: [...templatesMethods],
    scope: { kind: 'tenant', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' },
    // Everyone in the account lists and downloads templates (documents are made from them); settings managers change them.
    flags: { create: ['canManageSettings'], patch: ['canManageSettings'], remove: ['canManageSettings'] },
    schemas: { data: templateDataSchema, patch: templatePatchSchema, query: templateQuerySchema, result: templateSchema },
    uploads: { methods: ['create'] },
    service: (app) => new TemplatesService(app),
  },
]
