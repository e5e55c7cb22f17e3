/**
 * Core's answers to other plugins (the kit's CoreCalls): the queries over accounts,
 * memberships and privileges that the companies and setup plugins once wrote themselves.
 */
import type { AppParams, Application, CoreCalls, Member, MemberQuery } from '@app/plugin-kit'
import { whereContains } from '@app/plugin-kit'
import { ACCESS_LEVELS } from '@app/plugin-kit/shared'
import type { Knex } from 'knex'
import { loadGrants } from './access'

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

/** The members a query names; with `grantOn` grouped per member, with the highest action held. */
const listMembers = async (knex: Knex, accountId: number, query: MemberQuery) => {
  const q = membersOf(knex, accountId)
  if (query.filter) whereContains(q, ['u.username', 'u.first_name', 'u.last_name'], query.filter)
  if (query.companyId !== undefined) q.where('au.company_id', query.companyId)
  if (!query.anonymous) q.where('u.anonymous', false)
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
  async removeGrantsOn(accountId, resource, resourceId) {
    await knex('privileges').where({ account_id: accountId, resource, resource_id: resourceId }).delete()
  },
  async narrowGrant(accountId, userId, { resource, action, resourceId }) {
    await knex('privileges').where({ account_id: accountId, user_id: userId, resource, action }).whereNull('resource_id').update({ resource_id: resourceId })
  },
})
