/**
 * Who may do what. Menu flags and project access follow from the user's level in
 * the account, their role's privileges and their own privileges.
 */
import type { AccessLevel, AccessResolver, AuthUser, MenuFlags, PrivilegeAction, PrivilegeResource, ProjectDirectory, WriteClock } from '@app/plugin-kit'
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
  // ADMINISTER on every project (a resource-wide grant) manages projects; on one project it administers that project only.
  const canManageProjects =
    accountAdmin || companyAdmin || named(grants, 'PROJECT_CREATE') || grants.some((g) => g.resource === 'PROJECT' && g.name === null && g.resourceId === null && g.action === 'ADMINISTER')
  return {
    canManageAccounts: globalAdmin,
    canManageSettings: accountAdmin,
    canManageUsers: accountAdmin,
    canManageCompanyUsers,
    canManageCompany,
    canManageProjects,
    // Whoever creates projects chooses each one's client among the account's companies.
    canSeeCompany: canManageCompany || canManageCompanyUsers || canManageProjects || has(grants, 'COMPANY'),
    canSeeProjects: canManageProjects || has(grants, 'PROJECT') || has(grants, 'COMPANY'),
  }
}

/** How many members' grant lists one process keeps between requests. */
const KEPT_GRANTS = 10_000

/** A grant on one company as such (not a named privilege such as COMPANY_CREATE, nor a resource-wide one). */
const onOneCompany = (g: Grant) => g.resource === 'COMPANY' && g.name === null && g.resourceId !== null

/** What a company grant gives on the projects whose client is that company (part1 §6): its administrator administers, any other access views. */
const clientLevel = (action: PrivilegeAction): AccessLevel => (action === 'ADMINISTER' ? 'ADMINISTER' : 'VIEW')

/**
 * The companies whose projects (as their client) the grants give at least `level` on:
 * those the holder administers for DOWNLOAD and above, every company they hold a grant on
 * for VIEW and below.
 */
export const clientCompanies = (grants: Grant[], level: AccessLevel): number[] => [
  ...new Set(grants.filter((g) => onOneCompany(g) && accessRank(clientLevel(g.action)) >= accessRank(level)).map((g) => g.resourceId!)),
]

/**
 * The highest project level the grants give: the grants on the project, and the company
 * grants on its client (`clientId`, when the project has one); account admins administer
 * every project (of their account: the caller checks).
 */
export const projectLevel = (holder: Holder, grants: Grant[], projectId: number, clientId: number | null = null): AccessLevel => {
  if (menuFlags(holder, grants).canManageSettings) return 'ADMINISTER'
  let best = 0
  for (const g of grants) {
    if (g.resource === 'PROJECT' && g.resourceId === projectId) best = Math.max(best, accessRank(g.action))
    else if (clientId !== null && onOneCompany(g) && g.resourceId === clientId) best = Math.max(best, accessRank(clientLevel(g.action)))
  }
  return ACCESS_LEVELS[best] ?? 'NONE'
}

/**
 * The user's own privileges and their role's, in the given account: two halves, each read
 * through its own index (an OR of the two makes SQLite read every grant of the account,
 * 180 ms in one of 200,000 project grants).
 */
export const loadGrants = async (knex: Knex, accountId: number, userId: number, roleId: number | null): Promise<Grant[]> => {
  const grants = (by: 'user_id' | 'role_id', id: number) =>
    knex('privileges').select('name', 'resource', 'resource_id as resourceId', 'action').where({ account_id: accountId, [by]: id })
  const rows = await (roleId ? grants('user_id', userId).unionAll(grants('role_id', roleId)) : grants('user_id', userId))
  return rows.map((r: Grant) => ({ ...r, resourceId: r.resourceId === null ? null : Number(r.resourceId) }))
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
export const grantedProjects = (
  knex: Knex,
  user: AuthUser,
  flags: MenuFlags,
  level: AccessLevel,
  clients?: { companies: number[]; directory: ProjectDirectory | undefined },
): Knex.QueryBuilder | null => {
  if (flags.canManageSettings || level === 'NONE') return null
  const granted = (by: 'user_id' | 'role_id', id: number) =>
    knex('privileges')
      .select('resource_id as granted_project_id')
      .where({ account_id: user.accountId, [by]: id, resource: 'PROJECT' })
      .whereIn('action', actionsFrom(level))
  const own = granted('user_id', user.id)
  const more: Knex.QueryBuilder[] = user.roleId ? [granted('role_id', user.roleId)] : []
  // The projects whose client is a company the caller's grants reach (their ids are in the kept grants; the projects are read now).
  if (clients?.directory && clients.companies.length > 0) more.push(clients.directory.projectsOfClients(user.accountId, clients.companies))
  return more.length > 0 ? own.union(more) : own.distinct()
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
export const createAccessResolver = (
  knex: Knex,
  clock: WriteClock,
  maxAgeMs: number,
  directory: () => ProjectDirectory | undefined = () => undefined,
): Omit<AccessResolver, 'assertMayActOn'> => {
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
    async projectLevel(user, projectId, known) {
      const grants = await grantsOf(user)
      const held = projectLevel(user, grants, projectId)
      // The project's client is asked only of a holder of company grants who would gain by it, and afresh: it can change.
      if (held === 'ADMINISTER' || (accessRank(held) >= accessRank('VIEW') && clientCompanies(grants, 'ADMINISTER').length === 0)) return held
      if (clientCompanies(grants, 'ACCESS').length === 0) return held
      const clientId = known ? known.clientId : await directory()?.clientOf(projectId)
      return clientId === null || clientId === undefined ? held : projectLevel(user, grants, projectId, clientId)
    },
    async grantedProjects(user, level) {
      const grants = await grantsOf(user)
      return { granted: grantedProjects(knex, user, await flags(user), level, { companies: clientCompanies(grants, level), directory: directory() }) }
    },
  }
}
