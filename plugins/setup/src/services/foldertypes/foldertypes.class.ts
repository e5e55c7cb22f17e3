/** Document types of one account: the account's own, and the built-in ones it may only switch off. */
import type { AppParams, Application } from '@app/plugin-kit'
import { TableService } from '@app/plugin-kit'
import { BadRequest, Forbidden } from '@feathersjs/errors'
import { FOLDER_TYPES_TABLE } from '../../builtins'
import { FOLDER_TYPE_MESSAGES, folderTypeSchema } from './foldertypes.schema'

export class FolderTypesService extends TableService {
  constructor(app: Application) {
    super({
      Model: app.get('knex'),
      name: FOLDER_TYPES_TABLE,
      result: folderTypeSchema,
      unique: [{ field: 'typeId', message: FOLDER_TYPE_MESSAGES.duplicate }],
      search: { filter: { columns: ['name', 'type_id'] } },
      stampCreatedAt: true,
    })
  }

  /** Built-in types keep their name and type id; only their active switch changes. */
  private async editable(id: any, params?: AppParams) {
    const row = await this._get(id, params)
    if (row.global) throw new Forbidden(FOLDER_TYPE_MESSAGES.builtIn)
    return row
  }

  override async _create(data: any, params?: AppParams) {
    const { id: _id, ...fields } = data
    return super._create({ active: true, ...fields, deletable: true, global: false }, params)
  }

  override async _patch(id: any, data: any, params?: AppParams) {
    const { id: _id, ...fields } = data
    await this.editable(id, params)
    return super._patch(id, fields, params)
  }

  /** PUT with the id in the path or, as the spec's PUT /foldertypes/{accountId} does, in the body. */
  override async _update(id: any, data: any, params?: AppParams) {
    const target = id ?? data.id
    if (!target) throw new BadRequest('Validation failed', { errors: { id: 'This field is required' } })
    const { id: _id, ...fields } = data
    return this._patch(target, fields, params)
  }

  override async _remove(id: any, params?: AppParams) {
    const row = await this._get(id, params)
    if (!row.deletable) throw new BadRequest(FOLDER_TYPE_MESSAGES.notDeletable)
    return super._remove(id, params)
  }

  /** Switches a type on or off, built-in ones too. */
  async toggle(id: number, params: AppParams) {
    const row = await this._get(id, params)
    return super._patch(id, { active: !row.active }, params)
  }
}
