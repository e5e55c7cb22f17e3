/**
 * Roles (user groups, spec part1 §6): every account's built-in Administrators (ADMIN)
 * and Basic (USER), and the custom roles its admins add, rename and remove. A role's
 * privileges are switched in account-privileges/; a user's role is set through
 * /accountusers/{accountId}/securitygroups.
 */
import { BadRequest, Conflict, Forbidden } from '@feathersjs/errors'
import { MESSAGES, TableService, currentUser, formatMessage, nowIso } from '@app/plugin-kit'
import type { Knex } from 'knex'
import {
  BUILT_IN_ROLES,
  ROLE_MESSAGES,
  ROLE_NAME,
  type Role,
  type RoleData,
  isBuiltInRole,
  roleSchema,
} from './roles.schema'

/** Gives an account the built-in roles it lacks: at its creation (new-account.ts), and to older accounts in migration 007. */
export const ensureBuiltInRoles = async (knex: Knex, accountId: number) => {
  const present = await knex('roles').where({ account_id: accountId }).whereIn('name', BUILT_IN_ROLES.map((r) => r.name)).pluck('name')
  const missing = BUILT_IN_ROLES.filter((role) => !present.includes(role.name))
  if (!missing.length) return
  await knex('roles')
    .insert(missing.map((role) => ({ account_id: accountId, name: role.name, security_group: role.securityGroup, created_at: nowIso() })))
    // Two first reads at once: the second insert finds the rows there.
    .onConflict(['account_id', 'name'])
    .ignore()
}

const marked = (row: Omit<Role, 'builtIn'>): Role => ({ ...row, builtIn: isBuiltInRole(row) })

/** A name without its outer spaces, at least ROLE_NAME.minLength long once they are gone. */
const trimmedName = (name: string) => {
  const trimmed = name.trim()
  if (trimmed.length < ROLE_NAME.minLength)
    throw new BadRequest('Validation failed', { errors: { name: formatMessage(MESSAGES.minLength, { min: ROLE_NAME.minLength }) } })
  return trimmed
}

export class RolesService extends TableService {
  constructor(private readonly knex: Knex) {
    super({ Model: knex, name: 'roles', result: roleSchema })
  }

  override async _find(params?: any): Promise<any> {
    const found = await super._find(params)
    return Array.isArray(found) ? found.map(marked) : { ...found, data: found.data.map(marked) }
  }

  override async _get(id: any, params?: any): Promise<any> {
    return marked((await super._get(id, params)) as Role)
  }

  override async _create(data: RoleData, params?: any): Promise<any> {
    const { accountId } = currentUser(params)
    const name = await this.freeName(accountId, data.name)
    return super._create({ securityGroup: 'USER', ...data, name, accountId, createdAt: nowIso() }, params)
  }

  override async _patch(id: any, data: Partial<RoleData>, params?: any): Promise<any> {
    // Within the caller's account first: another account's role is simply not found.
    const role = await this.changeable(id, params)
    const change = data.name === undefined ? data : { ...data, name: await this.freeName(role.accountId, data.name, role.id) }
    return super._patch(id, change, params)
  }

  override async _remove(id: any, params?: any): Promise<any> {
    const role = await this.changeable(id, params)
    if (await this.knex('account_users').where({ account_id: role.accountId, role_id: role.id }).first('id')) throw new Conflict(ROLE_MESSAGES.inUse)
    // Its privileges go with it (the foreign key cascades).
    return super._remove(id, params)
  }

  private async changeable(id: any, params?: any) {
    const role = (await this._get(id, params)) as Role
    if (role.builtIn) throw new Forbidden(ROLE_MESSAGES.builtIn)
    return role
  }

  /**
   * The trimmed name, if no other role of the account has it in any case: the unique
   * index compares case-sensitively on SQLite and not on MariaDB, this the same on both.
   * The built-in names are taken in every account, listed or not.
   */
  private async freeName(accountId: number, name: string, exceptId?: number) {
    const trimmed = trimmedName(name)
    const lower = trimmed.toLowerCase()
    if (BUILT_IN_ROLES.some((role) => role.name.toLowerCase() === lower)) throw new Conflict(ROLE_MESSAGES.duplicate)
    const taken = this.knex('roles').where({ account_id: accountId }).andWhereRaw('lower(name) = ?', [lower])
    if (exceptId !== undefined) taken.andWhereNot({ id: exceptId })
    if (await taken.first('id')) throw new Conflict(ROLE_MESSAGES.duplicate)
    return trimmed
  }
}
