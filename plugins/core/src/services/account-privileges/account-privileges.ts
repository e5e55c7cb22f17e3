/** An account's grants, and a role's switches of the catalogue's global privileges. */
import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { currentUser, defineAction } from '@app/plugin-kit'
import type { PrivilegeResource } from '@app/plugin-kit/shared'
import { privilegeCatalog } from '../privilege-catalog/privilege-catalog'
import { PRIVILEGE_MESSAGES, grantRow } from '../user-privileges/user-privileges.class'
import { accountGrantsQuerySchema, roleToggleSchema } from './account-privileges.schema'
import { accountGrantsPath, toggleRoleGrantPath } from './account-privileges.shared'

const PLATFORM: PrivilegeResource[] = ['GLOBAL_ADMIN', 'SYSTEM']

/** The catalogue's global privilege in the path, or 404. */
const globalEntry = (app: Application, privilegeId: number) => {
  const entry = privilegeCatalog(app).find((p) => p.id === privilegeId && p.global)
  if (!entry) throw new NotFound(`No record found for id '${privilegeId}'`)
  return entry
}

/** GET /accounts/{accountId}/privileges: the account's grants, paged. */
const accountGrants = (app: Application) => ({
  async find(params: AppParams) {
    const caller = currentUser(params)
    const query = params.query ?? {}
    const limit = Math.min(Number(query.$limit ?? 50), 500)
    const skip = Number(query.$skip ?? 0)
    const q = app.get('knex')('privileges').where('account_id', caller.accountId)
    if (query.resourceSpecific === false || query.resourceSpecific === 'false') q.whereNull('resource_id')
    else q.whereNotNull('resource_id')
    if (query.roleId) q.andWhere('role_id', Number(query.roleId))
    if (query.userId) q.andWhere('user_id', Number(query.userId))
    const counted = await q.clone().count({ total: '*' }).first()
    const rows = limit === 0 ? [] : await q.orderBy('id').limit(limit).offset(skip)
    return { total: Number(counted?.total ?? 0), limit, skip, data: rows.map(grantRow) }
  },
})

/**
 * POST /accounts/{accountId}/privileges/toggle/{privilegeId} with { roleId }: gives the
 * role the catalogue's global privilege, or takes it away when the role holds it.
 */
const toggleRoleGrant = defineAction({
  path: toggleRoleGrantPath,
  scope: { kind: 'tenant', routeParam: 'accountId' },
  flags: ['canManageSettings'],
  data: roleToggleSchema,
  exists: async ({ app, ids }) => {
    globalEntry(app, ids.privilegeId!)
  },
  run: async ({ app, caller, data: { roleId }, ids }) => {
    const entry = globalEntry(app, ids.privilegeId!)
    const knex = app.get('knex')
    if (!(await knex('roles').where({ id: roleId, account_id: caller.accountId }).first('id')))
      throw new BadRequest('Validation failed', { errors: { roleId: `No role ${roleId} in this account` } })
    if (PLATFORM.includes(entry.resource) && !(await app.get('access').flags(caller)).canManageAccounts) throw new Forbidden(PRIVILEGE_MESSAGES.globalAdminOnly)
    const match = { account_id: caller.accountId, role_id: roleId, name: entry.name, resource: entry.resource, resource_id: null }
    const held = await knex('privileges').where(match).first('id')
    if (held) await knex('privileges').where({ id: held.id, account_id: caller.accountId }).delete()
    else await knex('privileges').insert({ ...match, action: 'ADMINISTER' })
    return { privilegeId: entry.id, roleId, granted: !held }
  },
})

export const accountPrivilegeServices: ServiceDefinition[] = [
  {
    path: accountGrantsPath,
    methods: ['find'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { find: ['canManageSettings'] },
    schemas: { query: accountGrantsQuerySchema },
    service: (app) => accountGrants(app),
  },
  toggleRoleGrant,
]
