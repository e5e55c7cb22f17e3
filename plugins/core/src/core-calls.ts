/**
 * Core's answers to other plugins (the kit's CoreCalls): the queries over accounts,
 * memberships and privileges that the companies and setup plugins once wrote themselves.
 */
import type { AppParams, Application, CoreCalls, Member, MemberQuery } from '@app/plugin-kit'
import { whereContains } from '@app/plugin-kit'
import { ACCESS_LEVELS, accessRank } from '@app/plugin-kit/shared'
import type { Knex } from 'knex'
import { loadGrants } from './access'
import { loadSession, sessionUser } from './auth/sessions'

const MEMBER_COLUMNS = [
  'u.id as userId',
  'u.username',
  'u.first_name as firstName',
  'u.last_name as lastName',
  'u.acronym',
  'au.enabled',
  'u.anonymous',
  'au.role_id as roleId',
  'au.company_id as companyId',
] as const

const toMember = (row: Record<string, any>): Member => ({
  userId: Number(row.userId),
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  acronym: row.acronym,
  enabled: Boolean(row.enabled),
  anonymous: Boolean(row.anonymous),
  roleId: row.roleId === null ? null : Number(row.roleId),
  companyId: row.companyId === null ? null : Number(row.companyId),
})

/** A privilege's action as a number, so SQL can take the highest per member. */
const ACTION_RANK = `case p.action ${ACCESS_LEVELS.map((level, rank) => `when '${level}' then ${rank}`).join(' ')} else 0 end`

const membersOf = (knex: Knex, accountId: number) =>
  knex('account_users as au').join('users as u', 'u.id', 'au.user_id').where('au.account_id', accountId)

const byName = (q: Knex.QueryBuilder) => q.orderBy([{ column: 'u.last_name' }, { column: 'u.first_name' }, { column: 'u.id' }])

/**
 * A member's level on one project, per member row grouped over the privileges joined by
 * `joinLevelGrants`: account admins (as menuFlags says: the level, the ADMIN group, an
 * ACCOUNT ADMINISTER or platform grant) administer; else the highest of the project
 * grants and the client company grants (ADMINISTER for its administrators, VIEW for any other).
 */
const LEVEL_RANK = [
  "case when au.access_level in ('ACCOUNT_ADMIN', 'GLOBAL_ADMIN') or r.security_group = 'ADMIN'",
  " or max(case when p.resource = 'GLOBAL_ADMIN' or (p.resource = 'ACCOUNT' and p.action = 'ADMINISTER') then 1 else 0 end) = 1 then 5",
  ` else max(case when p.resource = 'PROJECT' then ${ACTION_RANK} when p.resource = 'COMPANY' then (case when p.action = 'ADMINISTER' then 5 else 2 end) else 0 end) end`,
].join('')

const joinLevelGrants = (q: Knex.QueryBuilder, { projectId, clientId, exceptOwn }: NonNullable<MemberQuery['levelOn']>) =>
  q.leftJoin('roles as r', 'r.id', 'au.role_id').leftJoin('privileges as p', (j) =>
    j
      .on('p.account_id', 'au.account_id')
      .andOn((o) => o.on('p.user_id', 'au.user_id').orOn('p.role_id', 'au.role_id'))
      .andOn((o) => {
        o.on((i) => {
          i.onVal('p.resource', 'PROJECT').andOnVal('p.resource_id', projectId)
          if (exceptOwn) i.andOnNull('p.user_id')
        })
        if (clientId !== null) o.orOn((i) => i.onVal('p.resource', 'COMPANY').andOnVal('p.resource_id', clientId).andOnNull('p.name'))
        o.orOn((i) => i.onVal('p.resource', 'ACCOUNT').andOnVal('p.action', 'ADMINISTER')).orOnVal('p.resource', 'GLOBAL_ADMIN')
      }),
  )

/**
 * The members who may hold a level on the project, as a subquery of user ids: the holders
 * of each kind of grant that gives one (their own, or through their role), each found by
 * its row in `privileges_row_holders_idx`, and the admins by level or role. The list
 * then reads only these members' grants, not every member's of the account.
 */
const levelCandidates = (knex: Knex, accountId: number, { projectId, clientId }: NonNullable<MemberQuery['levelOn']>) => {
  const kinds: [string, number | null][] = [
    ['PROJECT', projectId],
    ...(clientId !== null ? ([['COMPANY', clientId]] as [string, number][]) : []),
    ['ACCOUNT', null],
    ['GLOBAL_ADMIN', null],
  ]
  const rows = (resource: string, resourceId: number | null) => (q: Knex.QueryBuilder) => {
    q.where({ 'p.account_id': accountId, 'p.resource': resource })
    // Account-wide grants name no row: said so, the row index answers them too.
    if (resourceId !== null) q.where('p.resource_id', resourceId)
    else q.whereNull('p.resource_id')
    if (resource === 'COMPANY') q.whereNull('p.name')
    if (resource === 'ACCOUNT') q.where('p.action', 'ADMINISTER')
  }
  const parts = kinds.flatMap(([resource, resourceId]) => [
    knex('privileges as p').select('p.user_id as candidate_id').whereNotNull('p.user_id').where(rows(resource, resourceId)),
    knex('privileges as p').join('account_users as cau', (j) => j.on('cau.role_id', 'p.role_id').andOn('cau.account_id', 'p.account_id')).select('cau.user_id as candidate_id').where(rows(resource, resourceId)),
  ])
  const admins = knex('account_users as aau')
    .leftJoin('roles as ar', 'ar.id', 'aau.role_id')
    .select('aau.user_id as candidate_id')
    .where('aau.account_id', accountId)
    .andWhere((q) => q.whereIn('aau.access_level', ['ACCOUNT_ADMIN', 'GLOBAL_ADMIN']).orWhere('ar.security_group', 'ADMIN'))
  return parts[0]!.union([...parts.slice(1), admins])
}

/** The members a query names; with `grantOn` grouped per member, with the highest action held; with `levelOn`, with their level. */
const listMembers = async (knex: Knex, accountId: number, query: MemberQuery) => {
  const q = membersOf(knex, accountId)
  if (query.filter) whereContains(q, ['u.username', 'u.first_name', 'u.last_name'], query.filter)
  if (query.companyId !== undefined) q.where('au.company_id', query.companyId)
  if (query.userId !== undefined) q.where('au.user_id', query.userId)
  if (!query.anonymous) q.where('u.anonymous', false)
  if (query.enabledOnly) q.where('au.enabled', true)
  const level = query.levelOn
  if (level) {
    q.whereIn('au.user_id', levelCandidates(knex, accountId, level))
    joinLevelGrants(q, level)
      .groupBy(...MEMBER_COLUMNS.map((c) => c.split(' as ')[0]!), 'au.access_level', 'r.security_group')
      .havingRaw(`(${LEVEL_RANK}) >= ?`, [Math.max(1, accessRank(level.minLevel ?? 'ACCESS'))])
    if (level.holdersOnly) q.havingRaw("max(case when p.resource = 'PROJECT' then 1 else 0 end) = 1")
    const [count] = await knex.from(q.clone().select('u.id').as('listed')).count({ total: '*' })
    const rows = query.limit ? await byName(q.clone().select(...MEMBER_COLUMNS, knex.raw(`${LEVEL_RANK} as levelRank`))).limit(query.limit).offset(query.skip) : []
    const data = rows.map((row: Record<string, any>) => ({ ...toMember(row), action: ACCESS_LEVELS[Number(row.levelRank)] ?? 'NONE' }))
    return { total: Number(count?.total ?? 0), data }
  }
  const grant = query.grantOn
  if (grant) {
    q.join('privileges as p', (j) =>
      j
        .on('p.account_id', 'au.account_id')
        .andOn((o) => o.on('p.user_id', 'au.user_id').orOn('p.role_id', 'au.role_id'))
        .andOnVal('p.resource', grant.resource)
        .andOnVal('p.resource_id', grant.resourceId),
    ).groupBy(...MEMBER_COLUMNS.map((c) => c.split(' as ')[0]!))
  }
  const [count] = await knex.from(q.clone().select('u.id').as('listed')).count({ total: '*' })
  const columns = grant ? [...MEMBER_COLUMNS, knex.raw(`max(${ACTION_RANK}) as actionRank`)] : MEMBER_COLUMNS
  const rows = query.limit ? await byName(q.clone().select(...columns)).limit(query.limit).offset(query.skip) : []
  const data = rows.map((row: Record<string, any>) => ({ ...toMember(row), ...(grant ? { action: ACCESS_LEVELS[Number(row.actionRank)] ?? 'NONE' } : {}) }))
  return { total: Number(count?.total ?? 0), data }
}

export const coreCalls = (app: Application, knex = app.get('knex')): CoreCalls => ({
  sessionUser: async (sessionId) => sessionUser(sessionId, await loadSession(knex, sessionId), 'access'),
  accountExists: async (accountId) => Boolean(await knex('accounts').where({ id: accountId }).first('id')),
  accountCountry: async (accountId) => (await knex('accounts').where({ id: accountId }).first('country'))?.country ?? null,
  members: (accountId, query) => listMembers(knex, accountId, query),
  async member(accountId, by) {
    const q = membersOf(knex, accountId)
    if ('userId' in by) q.where('au.user_id', by.userId)
    else q.whereRaw('lower(u.username) = ?', [by.username.trim().toLowerCase()])
    const row = await q.first(...MEMBER_COLUMNS)
    return row ? toMember(row) : undefined
  },
  async membersById(accountId, userIds) {
    const ids = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id) && id > 0)
    const found = new Map<number, Member>()
    // Batches small enough for any database's bound parameters.
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await membersOf(knex, accountId).whereIn('au.user_id', ids.slice(start, start + 500)).select(...MEMBER_COLUMNS)
      for (const row of rows) found.set(Number(row.userId), toMember(row))
    }
    return found
  },
  personNameSql: (userIdColumn) =>
    knex.raw(
      knex.client.config.client === 'mysql2'
        ? "(select lower(concat(named.last_name, ' ', named.first_name)) from users as named where named.id = ??)"
        : "(select lower(named.last_name || ' ' || named.first_name) from users as named where named.id = ??)",
      [userIdColumn],
    ),
  usernamesInCompany: (accountId, companyId, limit) =>
    membersOf(knex, accountId).where('au.company_id', companyId).orderBy('u.username').limit(limit).pluck('u.username'),
  async setCompanyOf(accountId, userId, companyId) {
    await knex('account_users').where({ account_id: accountId, user_id: userId }).update({ company_id: companyId })
  },
  grantsOf: (user) => loadGrants(knex, user.accountId, user.id, user.roleId),
  async grantsOn(accountId, member, resource, resourceId) {
    const rows: { user_id: number | null; name: string | null; action: string }[] = await knex('privileges')
      .where({ account_id: accountId, resource, resource_id: resourceId })
      .andWhere((q) => {
        q.where('user_id', member.userId)
        if (member.roleId) q.orWhere('role_id', member.roleId)
      })
      .select('user_id', 'name', 'action')
    return rows.map((g) => ({ own: g.user_id !== null && Number(g.user_id) === member.userId && g.name === null, action: g.action }))
  },
  changeGrant: (change, caller, userId, grant) =>
    app.service(`accountusers/:userId/privileges/${change}`).create(grant, { user: caller, route: { userId: String(userId) } } as AppParams),
  async giveGrant(accountId, userId, { resource, resourceId, action }) {
    const own = { account_id: accountId, user_id: userId, resource, resource_id: resourceId }
    const held: { id: number; action: string }[] = await knex('privileges').where(own).whereNull('name').select('id', 'action')
    if (held.some((g) => accessRank(g.action as never) >= accessRank(action as never))) return
    // Raised in place (named by its account and member, so the grant clock ends only their kept grants), or given.
    if (held.length) await knex('privileges').where(own).whereNull('name').update({ action })
    else await knex('privileges').insert({ ...own, role_id: null, name: null, action })
  },
  async removeGrantsOn(accountId, resource, resourceId) {
    await knex('privileges').where({ account_id: accountId, resource, resource_id: resourceId }).delete()
  },
  async narrowGrant(accountId, userId, { resource, action, resourceId }) {
    await knex('privileges').where({ account_id: accountId, user_id: userId, resource, action }).whereNull('resource_id').update({ resource_id: resourceId })
  },
})
