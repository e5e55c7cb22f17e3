/**
 * Folder (document) type calls of spec part1 §7:
 * GET /foldertypes/{accountId}/manage (paged), /create (active ones), /{id};
 * POST and PUT /foldertypes/{accountId}; PATCH and PUT /foldertypes/{accountId}/{id};
 * POST /foldertypes/{accountId}/toggle/{folderTypeId}; DELETE /foldertypes/{accountId}/{id}.
 */
import type { AppParams, Application, HookContext, ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { ensureBuiltInTypes } from '../../builtins'
import { FolderTypesService } from './foldertypes.class'
import { folderTypeDataSchema, folderTypePatchSchema, folderTypeQuerySchema, folderTypeSchema } from './foldertypes.schema'
import { folderTypesMethods, folderTypesPath } from './foldertypes.shared'

const SCOPE = { kind: 'tenant', routeParam: 'accountId', crossTenantFlag: 'canManageAccounts' } as const

/** The account types' one service instance, for the lists and the switch beside it. */
declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [folderTypesPath]: FolderTypesService
  }
}

const typesOf = (app: Application) => app.service(folderTypesPath)

/** Every call on an account's types finds the built-in ones there (builtins.ts). */
const builtInsFirst = {
  before: {
    all: [
      async (context: HookContext) => {
        const accountId = (context.params as AppParams).tenant?.accountId
        if (accountId !== undefined) await ensureBuiltInTypes(context.app.get('knex'), accountId)
      },
    ],
  },
}

export const folderTypeServices: ServiceDefinition[] = [
  {
    path: folderTypesPath,
    methods: [...folderTypesMethods],
    scope: SCOPE,
    // Reading one type is for everyone in the account (document forms show it); changing is for settings managers.
    flags: { create: ['canManageSettings'], update: ['canManageSettings'], patch: ['canManageSettings'], remove: ['canManageSettings'] },
    schemas: { data: folderTypeDataSchema, patch: folderTypePatchSchema, result: folderTypeSchema },
    hooks: builtInsFirst,
    service: (app) => new FolderTypesService(app),
  },
  {
    path: `${folderTypesPath}/manage`,
    methods: ['find'],
    scope: SCOPE,
    flags: { find: ['canManageSettings'] },
    schemas: { query: folderTypeQuerySchema, result: folderTypeSchema },
    hooks: builtInsFirst,
    service: (app) => ({ find: (params: AppParams) => typesOf(app)._find(params) }),
  },
  {
    path: `${folderTypesPath}/create`,
    methods: ['find'],
    scope: SCOPE,
    schemas: { result: folderTypeSchema },
    hooks: builtInsFirst,
    // What a new document may be: the active types of the account, by name, all of them (an account has few).
    service: (app) => ({
      find: (params: AppParams) => typesOf(app)._find({ ...params, paginate: false, query: { ...params.query, active: true, $sort: { name: 1 } } } as AppParams),
    }),
  },
  defineAction({
    path: `${folderTypesPath}/toggle/:folderTypeId`,
    scope: SCOPE,
    flags: ['canManageSettings'],
    result: folderTypeSchema,
    hooks: builtInsFirst,
    run: ({ app, ids, params }) => typesOf(app).toggle(ids.folderTypeId, params),
  }),
]
