import { BadRequest } from '@feathersjs/errors'
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { TableService, currentUser, nowIso } from '@app/plugin-kit'
import { querySyntax } from '@feathersjs/typebox'
import { companyDataSchema, companyPatchSchema, companySchema } from './companies.schema'

/** Text filters match anywhere in the field, case-insensitively on both databases. */
export const companyQuerySchema = querySyntax(companySchema, { name: { $like: { type: 'string', maxLength: 200 } } } as any)

class CompaniesService extends TableService {
  /** A parent company must be one of the same account's companies. */
  private async checkParent(parentId: number | null | undefined, params?: AppParams) {
    if (!parentId) return
    const accountId = params?.tenant?.accountId
    const row = await this.Model('companies').where({ id: parentId, ...(accountId ? { account_id: accountId } : {}) }).first('id')
    if (!row) throw new BadRequest('Validation failed', { errors: { parentId: 'The parent company does not exist' } })
  }

  override async _create(data: any, params?: any) {
    await this.checkParent(data.parentId, params)
    const user = params?.user
    return super._create({ skymapEnabled: false, ...data, createdAt: nowIso(), createdBy: user ? currentUser(params).id : null }, params)
  }

  override async _patch(id: any, data: any, params?: any) {
    await this.checkParent(data.parentId, params)
    if (id !== null && data.parentId === Number(id)) throw new BadRequest('Validation failed', { errors: { parentId: 'A company cannot be its own parent' } })
    return super._patch(id, data, params)
  }
}

export const companiesService: ServiceDefinition = {
  path: 'companies',
  methods: ['find', 'get', 'create', 'patch', 'remove'],
  scope: { kind: 'tenant' },
  flags: {
    find: ['canSeeCompany'],
    get: ['canSeeCompany'],
    create: ['canManageCompany'],
    patch: ['canManageCompany'],
    remove: ['canManageCompany'],
  },
  schemas: { data: companyDataSchema, patch: companyPatchSchema, query: companyQuerySchema as any, result: companySchema },
  service: (app) => new CompaniesService({ Model: app.get('knex'), name: 'companies', result: companySchema }),
}
