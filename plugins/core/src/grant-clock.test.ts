/**
 * Where a privileges write is placed, from the statements knex sends on each database: a
 * write that says its account (and member) ends only their kept grants; anything it
 * cannot place ends every kept list.
 */
import knexFactory from 'knex'
import { describe, expect, test } from 'vitest'
import { privilegeWriteScopes } from './grant-clock'

describe.each(['better-sqlite3', 'mysql2'])('privileges writes as %s sends them', (client) => {
  const knex = knexFactory({ client, useNullAsDefault: true })
  const placed = (builder: { toSQL(): { sql: string; bindings: readonly unknown[] } | { sql: string; bindings: readonly unknown[] }[] }) => {
    const compiled = builder.toSQL()
    const { sql, bindings } = Array.isArray(compiled) ? compiled[0]! : compiled
    return privilegeWriteScopes({ sql, bindings })
  }
  const grant = { account_id: 5, resource: 'PROJECT', resource_id: 9, action: 'EDIT' }

  test('a member’s grant is theirs; a role’s is the account’s', () => {
    expect(placed(knex('privileges').insert({ ...grant, user_id: 7 }))).toEqual(['member:5:7'])
    expect(placed(knex('privileges').insert({ ...grant, role_id: 3 }))).toEqual(['account:5'])
    expect(placed(knex('privileges').insert([{ ...grant, user_id: 7, role_id: null }, { ...grant, account_id: 6, role_id: 3, user_id: null }]))).toEqual([
      'member:5:7',
      'account:6',
    ])
  })

  test('an update or delete is placed by the account (and member) its WHERE names', () => {
    expect(placed(knex('privileges').where({ id: 1, account_id: 5 }).update({ action: 'VIEW' }))).toEqual(['account:5'])
    expect(placed(knex('privileges').where({ account_id: 5, user_id: 7 }).delete())).toEqual(['member:5:7'])
    expect(placed(knex('privileges').where({ account_id: 5, resource: 'COMPANY', resource_id: 2 }).delete())).toEqual(['account:5'])
  })

  test('what it cannot place touches every scope', () => {
    for (const builder of [
      knex('privileges').where({ id: 1 }).delete(),
      knex('privileges').where({ account_id: 5 }).orWhere({ user_id: 7 }).delete(),
      knex('privileges').where({ account_id: 5 }).update({ account_id: 6 }),
      knex('privileges').where({ account_id: 5 }).update({ user_id: 8 }),
      knex('privileges').whereIn('account_id', [5, 6]).delete(),
      knex('privileges').where('user_id', 7).delete(),
      knex('privileges').insert({ ...grant, id: 1, user_id: 7 }).onConflict('id').merge(),
      knex('privileges').insert(knex('privileges').select('account_id', 'user_id').where({ account_id: 5 })),
      knex('privileges').where('account_id', knex('accounts').max('id')).delete(),
    ])
      expect(placed(builder), builder.toString()).toBeUndefined()
  })
})
