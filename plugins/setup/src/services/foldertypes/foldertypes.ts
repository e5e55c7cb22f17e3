/**
 * Folder (document) type calls of spec part1 §7:
 * GET /foldertypes/{accountId}/manage (paged), /create (active ones), /{id};
 * POST and PUT /foldertypes/{accountId}; PATCH and PUT /foldertypes/{accountId}/{id};
 * POST /foldertypes/{accountId}/toggle/{folderTypeId}; DELETE /foldertypes/{accountId}/{id}.
 */
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors'
import { FOLDER_TYPES_TABLE, ensureBuiltInTypes } from '../../builtins'
import { AccountScopedService, validateAfterScope } from '../../scoped-service'
import {
  FOLDER_TYPE_MESSAGES,
  folderTypeDataSchema,
  folderTypePatchSchema,
  folderTypeQuerySchema,
  folderTypeSchema,
} from './foldertypes.schema'

const SCOPE = { kind: 'tenant', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' } as const

export class FolderTypesService extends AccountScopedService {
  constructor(app: Application) {
    super(
      app,
      { name: FOLDER_TYPES_TABLE, result: folderTypeSchema },
      { field: 'typeId', column: 'type_id', message: FOLDER_TYPE_MESSAGES.duplicate },
      ['name', 'typeId'],
    )
  }

  protected override async scoped(params?: AppParams) {
    const scoped = await super.scoped(params)
    await ensureBuiltInTypes(this.knex, scoped.accountId)
    return scoped
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

  async toggle(id: any, params?: AppParams) {
    const row = await this._get(id, params)
    return super._patch(id, { active: !row.active }, params)
  }
}

const folderTypeId = (params: AppParams) => {
  const raw = params.route?.folderTypeId
  if (!raw || !/^\d+$/.test(raw)) throw new NotFound(`No record found for id '${String(raw)}'`)
  return Number(raw)
}

const manage = { find: ['canManageSettings' as const] }

export const folderTypeServices: ServiceDefinition[] = [
  {
    path: 'foldertypes/:accountId',
    methods: ['get', 'create', 'update', 'patch', 'remove'],
    scope: SCOPE,
    // Reading one type is for everyone in the account (document forms show it); changing is for settings managers.
    flags: { create: ['canManageSettings'], update: ['canManageSettings'], patch: ['canManageSettings'], remove: ['canManageSettings'] },
    schemas: { result: folderTypeSchema },
    hooks: validateAfterScope({ data: folderTypeDataSchema, patch: folderTypePatchSchema }),
    service: (app) => new FolderTypesService(app),
  },
  {
    path: 'foldertypes/:accountId/manage',
    methods: ['find'],
    scope: SCOPE,
    flags: manage,
    schemas: { query: folderTypeQuerySchema, result: folderTypeSchema },
    service: (app) => {
      const types = new FolderTypesService(app)
      return { find: (params: AppParams) => types._find(params) }
    },
  },
  {
    path: 'foldertypes/:accountId/create',
    methods: ['find'],
    scope: SCOPE,
    schemas: { result: folderTypeSchema },
    service: (app) => {
      const types = new FolderTypesService(app)
      // What a new document may be: the active types, by name, all of them (an account has few).
      return {
        find: (params: AppParams) =>
          types._find({ ...params, paginate: false, query: { active: true, $sort: { name: 1 } } } as AppParams),
      }
    },
  },
  {
    path: 'foldertypes/:accountId/toggle/:folderTypeId',
    methods: ['create'],
    scope: SCOPE,
    flags: { create: ['canManageSettings'] },
    service: (app) => {
      const types = new FolderTypesService(app)
      return { create: (_data: unknown, params: AppParams) => types.toggle(folderTypeId(params), params) }
    },
  },
]
