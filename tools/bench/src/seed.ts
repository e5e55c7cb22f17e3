/**
 * The bench data set, inserted straight with knex in batches: BENCH_ACCOUNTS accounts
 * (100), each with the demo accounts' modules, an Administrators role, one account
 * admin and BENCH_ROWS companies (1,000). Every bench user has the same password,
 * hashed once.
 */
import { cityKey, searchKey } from '@app/plugin-companies'
import { hashPassword, memberKeys } from '@app/plugin-core'
import type { Knex } from 'knex'

export const BENCH_PASSWORD = 'bench-password-1234'
export const benchUser = (i: number) => `bench-admin-${String(i).padStart(3, '0')}@bench.test`
const accountNo = (i: number) => `BENCH-${String(i).padStart(3, '0')}`

const CITIES = [
  ['Helsinki', 'FI'],
  ['Oslo', 'NO'],
  ['Stockholm', 'SE'],
  ['Gdańsk', 'PL'],
  ['Tallinn', 'EE'],
] as const

export interface SeedCounts {
  accounts: number
  users: number
  accountUsers: number
  accountModules: number
  companies: number
  benchAccounts: number
  rowsPerAccount: number
  seconds: number
}

const count = async (knex: Knex, table: string) => Number((await knex(table).count({ n: '*' }).first())?.n ?? 0)

export const seedBench = async (knex: Knex, accounts: number, rowsPerAccount: number): Promise<SeedCounts> => {
  const started = Date.now()
  const now = new Date().toISOString()
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  // The demo accounts' modules (the defaults of a new account); at least core.
  const demoModules = await knex('account_modules as m')
    .join('accounts as a', 'a.id', 'm.account_id')
    .where('a.account_no', 'DEMO-ENG')
    .select('m.module_id as moduleId', 'm.enabled as enabled')
  const modules = demoModules.length ? demoModules.map((m) => ({ id: m.moduleId as string, enabled: Boolean(m.enabled) })) : [{ id: 'core', enabled: true }]

  const numbers = Array.from({ length: accounts }, (_, k) => k + 1)
  await knex.transaction(async (trx) => {
    await trx.batchInsert(
      'accounts',
      numbers.map((i) => ({
        account_no: accountNo(i),
        company: `Bench Account ${String(i).padStart(3, '0')}`,
        city: CITIES[i % CITIES.length]![0],
        country: CITIES[i % CITIES.length]![1],
        email: `office-${i}@bench.test`,
        enabled: true,
        trial: false,
        created_at: now,
      })),
      500,
    )
    const accountRows = await trx('accounts').where('account_no', 'like', 'BENCH-%').select('id', 'account_no')
    const accountId = new Map(accountRows.map((r) => [r.account_no as string, Number(r.id)]))
    const idOf = (i: number) => accountId.get(accountNo(i))!

    await trx.batchInsert(
      'account_modules',
      numbers.flatMap((i) => modules.map((m) => ({ account_id: idOf(i), module_id: m.id, enabled: m.enabled }))),
      500,
    )
    await trx.batchInsert(
      'roles',
      numbers.map((i) => ({ account_id: idOf(i), name: 'Administrators', security_group: 'ADMIN', created_at: now })),
      500,
    )
    const roleRows = await trx('roles').whereIn('account_id', [...accountId.values()]).select('id', 'account_id')
    const roleOf = new Map(roleRows.map((r) => [Number(r.account_id), Number(r.id)]))

    await trx.batchInsert(
      'users',
      numbers.map((i) => ({
        username: benchUser(i),
        password_hash: passwordHash,
        first_name: 'Bench',
        last_name: `Admin ${i}`,
        acronym: `BA${i}`,
        language: 'ENGLISH',
        enabled: true,
        created_at: now,
      })),
      500,
    )
    const userRows = await trx('users').where('username', 'like', 'bench-admin-%').select('id', 'username', 'first_name', 'last_name', 'acronym')
    const userOf = new Map(userRows.map((r) => [r.username as string, r]))
    await trx.batchInsert(
      'account_users',
      numbers.map((i) => ({
        account_id: idOf(i),
        user_id: Number(userOf.get(benchUser(i))!.id),
        role_id: roleOf.get(idOf(i)) ?? null,
        access_level: 'ACCOUNT_ADMIN',
        enabled: true,
        created_at: now,
        ...memberKeys(userOf.get(benchUser(i))!),
      })),
      500,
    )

    for (const i of numbers) {
      const id = idOf(i)
      const rows = Array.from({ length: rowsPerAccount }, (_, r) => {
        const [city, country] = CITIES[(i + r) % CITIES.length]!
        const name = `Company ${String(r + 1).padStart(4, '0')} of account ${i}`
        const number = `C-${i}-${r + 1}`
        return {
          account_id: id,
          name,
          number,
          search_key: searchKey(name, number),
          city_key: cityKey(city),
          address: `${r + 1} Bench Street`,
          city,
          zip: String(10000 + r),
          country,
          contact_email: `contact-${r + 1}@company-${i}.test`,
          contact_person: `Contact Person ${r + 1}`,
          contact_phone: '+358 40 123 4567',
          skymap_enabled: false,
          created_at: now,
        }
      })
      await trx.batchInsert('companies', rows, 500)
    }
  })

  return {
    accounts: await count(knex, 'accounts'),
    users: await count(knex, 'users'),
    accountUsers: await count(knex, 'account_users'),
    accountModules: await count(knex, 'account_modules'),
    companies: await count(knex, 'companies'),
    benchAccounts: accounts,
    rowsPerAccount,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  }
}

/**
 * The administration scale (issue: 20,000 users and 5,000 companies in one account):
 * bench account number `index` (the last: the list call's tokens use the first ones)
 * gets `users` more members and companies up to `companies`.
 */
export const seedScale = async (knex: Knex, index: number, users: number, companies: number) => {
  const started = Date.now()
  const now = new Date().toISOString()
  const account = await knex('accounts').where({ account_no: accountNo(index) }).first('id')
  const accountId = Number(account.id)
  for (let start = 0; start < users; start += 500) {
    const batch = Array.from({ length: Math.min(500, users - start) }, (_, k) => {
      const n = start + k + 1
      return {
        username: `scale-${n}@bench.test`,
        password_hash: null,
        first_name: `First${n % 997}`,
        last_name: `Last${n}`,
        acronym: `S${n}`,
        language: 'ENGLISH',
        enabled: true,
        created_at: now,
      }
    })
    await knex.transaction(async (trx) => {
      await trx('users').insert(batch)
      const people = await trx('users').whereIn('username', batch.map((u) => u.username)).select('id', 'username', 'first_name', 'last_name', 'acronym')
      await trx('account_users').insert(
        people.map((u) => ({ account_id: accountId, user_id: Number(u.id), access_level: 'ACCESS', enabled: true, created_at: now, ...memberKeys(u) })),
      )
    })
  }
  const have = Number((await knex('companies').where({ account_id: accountId }).count({ n: '*' }).first())?.n ?? 0)
  const more = Array.from({ length: Math.max(0, companies - have) }, (_, r) => {
    const [city, country] = CITIES[r % CITIES.length]!
    const name = `Scale Company ${String(r + 1).padStart(5, '0')}`
    const number = `S-${r + 1}`
    return { account_id: accountId, name, number, search_key: searchKey(name, number), city, city_key: cityKey(city), country, skymap_enabled: false, created_at: now }
  })
  await knex.batchInsert('companies', more, 500)
  return { accountId, users, companies: have + more.length, seconds: Math.round((Date.now() - started) / 100) / 10 }
}
