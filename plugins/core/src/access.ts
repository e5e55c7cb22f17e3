/**
 * Who may do what. Menu flags and project access follow from the user's level in
 * the account, their role's privileges and their own privileges.
 */
import type { AccessLevel, AccessResolver, AuthUser, MenuFlags, PrivilegeAction, PrivilegeResource, WriteClock } from '@app/plugin-kit'
import { ClockedCache } from '@app/plugin-kit'
import { ACCESS_LEVELS, PRIVILEGE_ACTIONS, accessRank } from '@app/plugin-kit/shared'
import type { Knex } from 'knex'
import { accountScope, memberScope } from './grant-clock'

export interface Grant {
  name: string | null
  resource: PrivilegeResource
  resourceId: number | null
  action: PrivilegeAction
}

export interface Holder {
  accessLevel: AuthUser['accessLevel']
  securityGroup: 'ADMIN' | 'USER' | null
}

const has = (grants: Grant[], resource: PrivilegeResource, minAction?: PrivilegeAction) =>
  grants.some((g) => g.resource === resource && (!minAction || accessRank(g.action) >= accessRank(minAction)))
const named = (grants: Grant[], ...names: string[]) => grants.some((g) => g.name !== null && names.includes(g.name))

/**
 * The one place the menu flags are decided. Global admin: the platform; account
 * admin (level ACCOUNT_ADMIN, the ADMIN security group or ACCOUNT ADMINISTER):
 * everything in the account; sales admin: also creates companies.
 */
export const menuFlags = (holder: Holder, grants: Grant[]): MenuFlags => {
  const globalAdmin = holder.accessLevel === 'GLOBAL_ADMIN' || has(grants, 'GLOBAL_ADMIN')
  const accountAdmin =
    globalAdmin || holder.accessLevel === 'ACCOUNT_ADMIN' || holder.securityGroup === 'ADMIN' || has(grants, 'ACCOUNT', 'ADMINISTER')
  const companyAdmin = has(grants, 'COMPANY', 'ADMINISTER')
  const canManageCompany = accountAdmin || holder.accessLevel === 'SALES_ADMIN' || named(grants, 'COMPANY_CREATE')
  const canManageCompanyUsers = accountAdmin || companyAdmin || named(grants, 'CREATE_NEW_COMPANY_USER', 'ASSIGN_USER_TO_COMPANY')
  const canManageProjects = accountAdmin || companyAdmin || named(grants, 'PROJECT_CREATE') || has(grants, 'PROJECT', 'ADMINISTER')
  return {
    canManageAccounts: globalAdmin,
    canManageSettings: accountAdmin,
    canManageUsers: accountAdmin,
    canManageCompanyUsers,
    canManageCompany,
    canManageProjects,
    canSeeCompany: canManageCompany || canManageCompanyUsers || has(grants, 'COMPANY'),
    canSeeProjects: canManageProjects || has(grants, 'PROJECT') || has(grants, 'COMPANY'),
  }
}

/** How many members' grant lists one process keeps between requests. */
const KEPT_GRANTS = 10_000

/** The highest project level the grants give; account admins administer every project (of their account: the caller checks). */
export const projectLevel = (holder: Holder, grants: Grant[], projectId: number): AccessLevel => {
  if (menuFlags(holder, grants).canManageSettings) return 'ADMINISTER'
  let best = 0
  for (const g of grants)
    if (g.resource === 'PROJECT' && g.resourceId === projectId) best = Math.max(best, accessRank(g.action))
  return ACCESS_LEVELS[best] ?? 'NONE'
}

/** The user's own privileges and their role's, in the given account. */
export const loadGrants = async (knex: Knex, accountId: number, userId: number, roleId: number | null): Promise<Grant[]> => {
  const rows = await knex('privileges')
    .select('name', 'resource', 'resource_id as resourceId', 'action')
    .where('account_id', accountId)
    .andWhere((q) => {
      q.where('user_id', userId)
      if (roleId) q.orWhere('role_id', roleId)
    })
  return rows.map((r) => ({ ...r, resourceId: r.resourceId === null ? null : Number(r.resourceId) }))
}

export const loadHolder = async (knex: Knex, accountId: number, userId: number) => {
  const row = await knex('account_users as au')
    .leftJoin('roles as r', 'r.id', 'au.role_id')
    .where({ 'au.account_id': accountId, 'au.user_id': userId })
    .first('au.access_level as accessLevel', 'au.role_id as roleId', 'r.security_group as securityGroup')
  return row as (Holder & { roleId: number | null }) | undefined
}

export const flagsFor = async (knex: Knex, accountId: number, userId: number): Promise<MenuFlags> => {
  const holder = await loadHolder(knex, accountId, userId)
  if (!holder) return menuFlags({ accessLevel: 'ACCESS', securityGroup: null }, [])
  return menuFlags(holder, await loadGrants(knex, accountId, userId, holder.roleId))
}

/** The actions that give at least `level`. */
const actionsFrom = (level: AccessLevel) => PRIVILEGE_ACTIONS.filter((action) => accessRank(action) >= accessRank(level))

/**
 * The projects of the caller's account they hold at least `level` on, as a subquery of
 * their ids (`granted_project_id`): their own grants and their role's, each half read from
 * its covering index ((account_id, user_id | role_id, resource, action, resource_id)).
 * Account admins hold every project of their account: null, nothing to join.
 */
export const grantedProjects = (knex: Knex, user: AuthUser, flags: MenuFlags, level: AccessLevel): Knex.QueryBuilder | null => {
  if (flags.canManageSettings || level === 'NONE') return null
  const granted = (by: 'user_id' | 'role_id', id: number) =>
    knex('privileges')
      .select('resource_id as granted_project_id')
      .where({ account_id: user.accountId, [by]: id, resource: 'PROJECT' })
      .whereIn('action', actionsFrom(level))
  const own = granted('user_id', user.id)
  return user.roleId ? own.union(granted('role_id', user.roleId)) : own.distinct()
}

/** A kept grant list depends on its member's own grants and on their account's (role) grants. */
const grantScopes = (key: string) => {
  const [accountId, userId] = key.split(':')
  return [accountScope(accountId), memberScope(accountId, userId)]
}

/**
 * Flags and project levels (who may act on whom is acting.ts, which index.ts adds). For a
 * signed-in caller the session already holds the membership: only the grants are read,
 * and kept in `cache` until a privileges write that may touch them (see grantClock): a
 * grant in one account leaves every other account's kept grants alone.
 */
export const createAccessResolver = (knex: Knex, clock: WriteClock, maxAgeMs: number): Omit<AccessResolver, 'assertMayActOn'> => {
  const cache = new ClockedCache<string, Grant[]>(clock, { max: KEPT_GRANTS, maxAgeMs, scopesOf: grantScopes })
  const grantsOf = (user: AuthUser) =>
    cache.get(`${user.accountId}:${user.id}:${user.roleId}`, () => loadGrants(knex, user.accountId, user.id, user.roleId))
  // The flags of kept grants, per holder: decided once for as long as the grants are kept.
  const kept = new WeakMap<Grant[], Map<string, MenuFlags>>()
  const flags = async (user: AuthUser) => {
    const grants = await grantsOf(user)
    const holder = `${user.accessLevel}:${user.securityGroup}`
    let byHolder = kept.get(grants)
    if (!byHolder) {
      byHolder = new Map()
      kept.set(grants, byHolder)
    }
    let decided = byHolder.get(holder)
    if (!decided) {
      decided = Object.freeze(menuFlags(user, grants))
      byHolder.set(holder, decided)
    }
    return decided
  }
  return {
    flags,
    projectLevel: async (user, projectId) => projectLevel(user, await grantsOf(user), projectId),
    grantedProjects: async (user, level) => ({ granted: grantedProjects(knex, user, await flags(user), level) }),
  }
}
