/**
 * An account's document templates: the rows, and their files in the app's storage under
 * a server-made key that never leaves the server.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { FileDownload, TableService, claimUpload, currentUser, readHead } from '@app/plugin-kit'
import { BadRequest } from '@feathersjs/errors'
import { isTemplateName, mimeTypeOf, signatureMatches } from './format'
import { TEMPLATE_INVALID_FORMAT, templateSchema } from './templates.schema'

const TABLE = 'setup_templates'
const SHOWN = Object.keys(templateSchema.properties)
const invalidFormat = () => new BadRequest(TEMPLATE_INVALID_FORMAT, { errors: { file: TEMPLATE_INVALID_FORMAT } })

/** The row as the API shows it: without its storage key. */
const shown = ({ storageKey: _key, ...template }: Record<string, any>) => template

export class TemplatesService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: TABLE, result: templateSchema, search: { filter: { columns: ['name'] } }, stampCreatedAt: true })
  }

  private get storage() {
    return this.app.get('storage')
  }

  override async _find(params?: AppParams) {
    return super._find({ ...params, query: { $select: SHOWN, ...params?.query } })
  }

  /** GET /templates/{accountId}/{id} downloads the file (the adapter's own _get still reads rows). */
  override async get(id: any, params?: AppParams): Promise<any> {
    const row = await this._get(id, params)
    const stored = await this.storage.get(row.storageKey)
    return new FileDownload(stored.body, row.name, row.mimeType, stored.size)
  }

  override async _create(data: any, params?: AppParams) {
    const file = claimUpload(params!)
    try {
      // The name's extension and the file's first bytes must agree with a template format.
      const valid = isTemplateName(file.filename) && file.size > 0 && signatureMatches(file.filename, await readHead((await this.storage.get(file.key)).body, 8))
      if (!valid) throw invalidFormat()
      const created = await super._create(
        {
          accountId: data.accountId,
          name: file.filename,
          storageKey: file.key,
          mimeType: mimeTypeOf(file.filename),
          size: file.size,
          appendable: data.appendable === true || data.appendable === 'true',
          createdBy: currentUser(params!).id,
        },
        params,
      )
      return shown(created)
    } catch (error) {
      // A claimed file is ours to remove when it is refused.
      await this.storage.remove(file.key)
      throw error
    }
  }

  override async _patch(id: any, data: any, params?: AppParams) {
    return shown(await super._patch(id, { appendable: data.appendable }, params))
  }

  override async _remove(id: any, params?: AppParams) {
    const removed = await super._remove(id, params)
    await this.storage.remove(removed.storageKey)
    return shown(removed)
  }
}
