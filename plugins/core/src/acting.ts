/**
 * Who may act on whom (issue 7 §1): the one rule, for every path that changes a person.
 *
 * Ranks, highest first: global admin (the platform) > account admin (level
 * ACCOUNT_ADMIN, a role of the ADMIN group or ACCOUNT ADMINISTER) > company
 * administrator (manages the users of some companies) > everyone else. A target is a
 * global admin wherever they are one; every other rank, and the caller's, is read in the
 * caller's current account.
 *
 * - A global admin acts on anyone, in every way.
 * - Identity (password, login e-mail, two-factor) is changed only by the person or a global admin.
 * - Nobody else acts on a global admin.
 * - An account admin acts on every other member, account admins included (admins manage
 *   admins), but never on the person's shared details when they belong to another account too.
 * - A company administrator acts only on ordinary users: their membership when the user
 *   belongs to a company it administers; their place in a company, or access to one, when
 *   the user belongs to such a company or to none. Never on itself.
 * - Everyone may ask for their own removal.
 *
 * What may be given (a role, a level, a company, privileges) is `refusalOf`: a company
 * administrator gives only roles of the USER group, the ACCESS level, its own companies,
 * and levels on the projects whose client is one of them; platform grants and the global
 * admin level are a global admin's.
 */
import { Forbidden } from '@feathersjs/errors'
import type { ActingAction, AuthUser, PrivilegeResource, ProjectDirectory, UserAccessLevel } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { type Grant, type Holder, loadGrants, menuFlags } from './access'

export const ACTING_MESSAGES = {
  noEditAccess: 'You do not have access to edit this user',
  globalAdminLevel: 'Only global admins may give or take the global admin level',
  platformGrant: 'Only global admins may grant or remove platform privileges',
  clientProjectsOnly: 'A company administrator gives access only to projects whose client is one of its companies',
} as const

export type Rank = 'globalAdmin' | 'accountAdmin' | 'companyAdmin' | 'user'

/** A person as the rule sees them in one account. */
export interface Standing {
  userId: number
  rank: Rank
  /** Companies whose users' memberships it manages (COMPANY ADMINISTER, own or the role's). */
  administers: number[]
  /** Companies it may place users in and give access to: those, and the ones a named company-user privilege names ('any': all). */
  places: number[] | 'any'
  /** The company the membership belongs to. */
  companyId: number | null
  /** Whether the person is a member of another account too. */
  otherAccounts: boolean
}

/** Named privileges that make their holder a manager of company users (spec part1 §3). */
const COMPANY_USER_PRIVILEGES = ['ASSIGN_USER_TO_COMPANY', 'CREATE_NEW_COMPANY_USER']

const companiesOf = (grants: Grant[]) => {
  const administers = grants.filter((g) => g.resource === 'COMPANY' && g.action === 'ADMINISTER' && g.resourceId !== null).map((g) => g.resourceId!)
  const named = grants.filter((g) => g.name !== null && COMPANY_USER_PRIVILEGES.includes(g.name))
  const places = named.some((g) => g.resourceId === null)
    ? ('any' as const)
    : [...new Set([...administers, ...named.map((g) => g.resourceId!)])]
  return { administers: [...new Set(administers)], places }
}

const rankOf = (holder: Holder, grants: Grant[], globalElsewhere: boolean): Rank => {
  const flags = menuFlags(holder, grants)
  if (flags.canManageAccounts || globalElsewhere) return 'globalAdmin'
  if (flags.canManageUsers) return 'accountAdmin'
  return flags.canManageCompanyUsers ? 'companyAdmin' : 'user'
}

/**
 * The member's standing in the account, or undefined for someone who is not a member of it.
 * As a target, a global admin of any account is one here too; as a caller, only the current
 * account's membership counts (as for its menu flags).
 */
export const standingOf = async (knex: Knex, accountId: number, userId: number, globalElsewhereCounts = true): Promise<Standing | undefined> => {
  const member = await knex('account_users as au')
    .leftJoin('roles as r', 'r.id', 'au.role_id')
    .where({ 'au.account_id': accountId, 'au.user_id': userId })
    .first('au.access_level as accessLevel', 'au.role_id as roleId', 'r.security_group as securityGroup', 'au.company_id as companyId')
  if (!member) return undefined
  const roleId = member.roleId === null ? null : Number(member.roleId)
  const [grants, elsewhere] = await Promise.all([loadGrants(knex, accountId, userId, roleId), membershipsElsewhere(knex, accountId, userId)])
  return {
    userId,
    rank: rankOf(member, grants, globalElsewhereCounts && elsewhere.global),
    ...companiesOf(grants),
    companyId: member.companyId === null ? null : Number(member.companyId),
    otherAccounts: elsewhere.any,
  }
}

/** Whether the person belongs to other accounts, and is a global admin in any of them (by level, or a platform grant of their own or their role's). */
const membershipsElsewhere = async (knex: Knex, accountId: number, userId: number) => {
  const rows = await knex('account_users as au')
    .where('au.user_id', userId)
    .andWhereNot('au.account_id', accountId)
    .select(
      'au.access_level as accessLevel',
      knex
        .select(knex.raw('1'))
        .from('privileges as p')
        .where('p.account_id', knex.ref('au.account_id'))
        .andWhere('p.resource', 'GLOBAL_ADMIN')
        .andWhere((q) => q.where('p.user_id', userId).orWhere('p.role_id', knex.ref('au.role_id')))
        .limit(1)
        .as('platformGrant'),
    )
  return { any: rows.length > 0, global: rows.some((r: any) => r.accessLevel === 'GLOBAL_ADMIN' || r.platformGrant !== null) }
}

/** The signed-in caller's standing in their current account. */
export const callerStanding = async (knex: Knex, user: AuthUser): Promise<Standing> =>
  (await standingOf(knex, user.accountId, user.id, false)) ?? { userId: user.id, rank: 'user', administers: [], places: [], companyId: null, otherAccounts: false }

const inCompanies = (companies: number[] | 'any', companyId: number | null) => companyId !== null && (companies === 'any' || companies.includes(companyId))

/** The rule. Pure: both standings are read in the caller's account. */
export const mayActOn = (caller: Standing, target: Standing, action: ActingAction): boolean => {
  const self = caller.userId === target.userId
  if (caller.rank === 'globalAdmin') return true
  if (action === 'identity' || (action === 'removalRequest' && self)) return self
  if (target.rank === 'globalAdmin') return false
  // The person's details are theirs in every account; anonymising one of several accounts' members answers 409 in its service.
  const reachesOtherAccounts = action === 'details' && target.otherAccounts
  if (caller.rank === 'accountAdmin') return self || !reachesOtherAccounts
  if (caller.rank !== 'companyAdmin' || self || target.rank !== 'user' || reachesOtherAccounts || action === 'anonymise') return false
  if (action === 'addToCompany' || action === 'companyAccess') return target.companyId === null || inCompanies(caller.places, target.companyId)
  return inCompanies(caller.administers, target.companyId)
}

/**
 * The rule for a project's levels (`projectAccess`): the project scope has let only the
 * project's administrators in; of them, account admins (and global admins) set anyone's
 * but a global admin's, a company administrator only its ordinary users' (as for a
 * membership), and anyone else (a plain member given ADMINISTER on the project) only
 * ordinary users', never their own.
 */
export const mayActOnProjectAccess = (caller: Standing, target: Standing): boolean => {
  if (caller.rank === 'globalAdmin') return true
  if (target.rank === 'globalAdmin') return false
  if (caller.rank === 'accountAdmin') return true
  if (caller.userId === target.userId || target.rank !== 'user') return false
  return caller.rank === 'user' || inCompanies(caller.administers, target.companyId)
}

/**
 * 403 'You do not have access to edit this user' unless the caller may. A non-member passes
 * (the service answers 404), but for identity: a global admin changes anyone's, so nobody
 * else learns from the answer whether the person exists.
 */
export const assertMayActOn = async (knex: Knex, user: AuthUser, targetUserId: number, action: ActingAction) => {
  const [caller, target] = await Promise.all([callerStanding(knex, user), standingOf(knex, user.accountId, targetUserId)])
  const allowed = target
    ? action === 'projectAccess'
      ? mayActOnProjectAccess(caller, target)
      : mayActOn(caller, target, action)
    : action !== 'identity' || caller.rank === 'globalAdmin' || targetUserId === user.id
  if (!allowed) throw new Forbidden(ACTING_MESSAGES.noEditAccess)
}

/** What a call gives a person; each part present is checked. */
export interface Gift {
  /** The security group of the role given. */
  roleGroup?: 'ADMIN' | 'USER' | null
  level?: UserAccessLevel
  companyId?: number | null
  grants?: { resource: PrivilegeResource; resourceId?: number | null; name?: string | null }[]
}

const PLATFORM: PrivilegeResource[] = ['GLOBAL_ADMIN', 'SYSTEM']

/**
 * Why the caller may not give it, as the 403's message; undefined when they may.
 * `clients`: the client company of each project the gift's grants name (absent or null:
 * none), so a company administrator may give levels on its companies' projects.
 */
export const refusalOf = (caller: Standing, gift: Gift, clients: ReadonlyMap<number, number | null> = new Map()): string | undefined => {
  if (caller.rank === 'globalAdmin') return undefined
  if (gift.level === 'GLOBAL_ADMIN') return ACTING_MESSAGES.globalAdminLevel
  if (gift.grants?.some((g) => PLATFORM.includes(g.resource))) return ACTING_MESSAGES.platformGrant
  if (caller.rank === 'accountAdmin') return undefined
  const ownCompany = (id: number | null | undefined) => id !== null && id !== undefined && caller.administers.includes(id)
  const mayGive =
    caller.rank === 'companyAdmin' &&
    (gift.roleGroup === undefined || gift.roleGroup === 'USER') &&
    (gift.level === undefined || gift.level === 'ACCESS') &&
    (gift.companyId === undefined || ownCompany(gift.companyId)) &&
    (gift.grants ?? []).every((g) => g.resource === 'COMPANY' && !g.name && ownCompany(g.resourceId))
  if (mayGive) return undefined
  // Only the grants on projects stand in the way: those of its companies' projects it may give, others it is told why.
  const rest = { ...gift, grants: gift.grants?.filter((g) => g.resource !== 'PROJECT') }
  const projects = (gift.grants ?? []).filter((g) => g.resource === 'PROJECT')
  if (caller.rank !== 'companyAdmin' || projects.length === 0 || refusalOf(caller, rest, clients) !== undefined) return ACTING_MESSAGES.noEditAccess
  const clientsOwn = projects.every((g) => !g.name && g.resourceId !== null && g.resourceId !== undefined && ownCompany(clients.get(g.resourceId)))
  return clientsOwn ? undefined : ACTING_MESSAGES.clientProjectsOnly
}

/** What a call gives, with the client of each project its grants name (asked of the projects plugin; none without it). */
export const assertMayGive = async (knex: Knex, user: AuthUser, gift: Gift, directory?: ProjectDirectory) => {
  const clients = new Map<number, number | null>()
  for (const g of gift.grants ?? [])
    if (g.resource === 'PROJECT' && g.resourceId !== null && g.resourceId !== undefined && directory && !clients.has(g.resourceId))
      clients.set(g.resourceId, (await directory.clientOf(g.resourceId)) ?? null)
  const refusal = refusalOf(await callerStanding(knex, user), gift, clients)
  if (refusal) throw new Forbidden(refusal)
}

/** The security group of a role of the account, or 'missing' when the account has no such role. */
export const roleGroupOf = async (knex: Knex, accountId: number, roleId: number) => {
  const role = await knex('roles').where({ id: roleId, account_id: accountId }).first('security_group')
  return role ? ((role.security_group ?? null) as 'ADMIN' | 'USER' | null) : ('missing' as const)
}
