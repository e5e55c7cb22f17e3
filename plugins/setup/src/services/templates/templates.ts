/**
 * Document templates at /templates/{accountId}: upload (multipart, field `file`,
 * with `appendable`), paged list, download (GET …/{id}), the appendable switch
 * (PATCH) and delete. The file lives in the app's storage under a server-made key.
 */
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { FileDownload, claimUpload, currentUser } from '@app/plugin-kit'
import { BadRequest } from '@feathersjs/errors'
import { AccountScopedService, validateAfterScope } from '../../scoped-service'
import { isTemplateName, mimeTypeOf, readHead, signatureMatches } from './format'
import { TEMPLATE_INVALID_FORMAT, templateDataSchema, templatePatchSchema, templateQuerySchema, templateSchema } from './templates.schema'

const TABLE = 'setup_templates'
const invalidFormat = () => new BadRequest(TEMPLATE_INVALID_FORMAT, { errors: { file: TEMPLATE_INVALID_FORMAT } })

class TemplatesService extends AccountScopedService {
  constructor(app: Application) {
    super(app, { name: TABLE, result: templateSchema }, undefined, ['name'])
  }

  private get storage() {
    return this.app.get('storage')
  }

  /** The row as the API shows it: the storage key stays on the server. */
  private async row(id: any, params?: AppParams) {
    const scoped = await this.scoped(params)
    const found = await this.knex(TABLE).where({ id: Number(id) || 0, account_id: scoped.accountId }).first('storage_key', 'name', 'mime_type', 'size')
    if (!found) await super._get(id, params) // answers the adapter's 404
    return found as { storage_key: string; name: string; mime_type: string; size: number }
  }

  override async _find(params?: AppParams) {
    return super._find({ ...params, query: { $select: Object.keys(templateSchema.properties), ...params?.query } })
  }

  /** GET /templates/{accountId}/{id} downloads the file (the adapter's own _get still reads rows). */
  override async get(id: any, params?: AppParams): Promise<any> {
    const row = await this.row(id, params)
    const stored = await this.storage.get(row.storage_key)
    return new FileDownload(stored.body, row.name, row.mime_type, stored.size)
  }

  override async _create(data: any, params?: AppParams) {
    const file = claimUpload(params!)
    // A claimed file is ours to remove when it is refused.
    const refuse = async () => {
      await this.storage.remove(file.key)
      throw invalidFormat()
    }
    if (!isTemplateName(file.filename) || file.size === 0) return refuse()
    if (!signatureMatches(file.filename, await readHead((await this.storage.get(file.key)).body))) return refuse()
    try {
      const created = await super._create(
        {
          name: file.filename,
          storageKey: file.key,
          mimeType: mimeTypeOf(file.filename),
          size: file.size,
          appendable: data.appendable === true || data.appendable === 'true',
          createdBy: currentUser(params!).id,
        },
        params,
      )
      const { storageKey: _key, ...shown } = created
      return shown
    } catch (error) {
      await this.storage.remove(file.key)
      throw error
    }
  }

  override async _patch(id: any, data: any, params?: AppParams) {
    await this.row(id, params)
    const { storageKey: _key, ...shown } = await super._patch(id, { appendable: data.appendable }, params)
    return shown
  }

  override async _remove(id: any, params?: AppParams) {
    const row = await this.row(id, params)
    const { storageKey: _key, ...shown } = await super._remove(id, params)
    await this.storage.remove(row.storage_key)
    return shown
  }
}

export const templateServices: ServiceDefinition[] = [
  {
    path: 'templates/:accountId',
    methods: ['find', 'get', 'create', 'patch', 'remove'],
    scope: { kind: 'tenant', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' },
    // Everyone in the account lists and downloads templates (documents are made from them); settings managers change them.
    flags: { create: ['canManageSettings'], patch: ['canManageSettings'], remove: ['canManageSettings'] },
    schemas: { query: templateQuerySchema, result: templateSchema },
    uploads: { methods: ['create'] },
    hooks: validateAfterScope({ data: templateDataSchema, patch: templatePatchSchema }),
    service: (app) => new TemplatesService(app),
  },
]
