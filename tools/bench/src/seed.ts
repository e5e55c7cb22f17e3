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

/** The projects scale (issue 9): who signs in as the ordinary user holding a level on PROJECT_SCALE.held projects. */
export const projectsUser = 'bench-projects-user@bench.test'
export const PROJECT_SCALE = { projects: 5_000, users: 2_000, grantsPerUser: 100, held: 300, visits: 40 } as const
const PROJECT_ACTIONS = ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'] as const

/**
 * Bench account number `index` gets PROJECT_SCALE.projects projects (each with a client of
 * the account's companies, a manager, dates and a position), PROJECT_SCALE.users members
 * with PROJECT_SCALE.grantsPerUser project grants each (about 200,000 privilege rows),
 * one ordinary member (`projectsUser`, with the bench password) holding a level on
 * PROJECT_SCALE.held of them, and recent visits for them and the account's admin.
 */
export const seedProjects = async (knex: Knex, index: number) => {
  const started = Date.now()
  const now = new Date().toISOString()
  const day = 86_400_000
  const epoch = Date.UTC(2026, 0, 1)
  const accountId = Number((await knex('accounts').where({ account_no: accountNo(index) }).first('id')).id)
  const admin = await knex('users').where({ username: benchUser(index) }).first('id')
  const companyIds = (await knex('companies').where({ account_id: accountId }).orderBy('id').limit(200).select('id')).map((c) => Number(c.id))
  const { projects, users, grantsPerUser, held, visits } = PROJECT_SCALE

  const rows = Array.from({ length: projects }, (_, p) => {
    const symbol = `PR-${String(p + 1).padStart(5, '0')}`
    const name = `Project ${['Harbour', 'Bridge', 'Tower', 'Plant', 'Depot'][p % 5]} ${p + 1}`
    const start = epoch + (p % 365) * day
    return {
      account_id: accountId,
      name,
      symbol,
      search_key: `${symbol} ${name}`.toLowerCase(),
      company_id: companyIds.length ? companyIds[p % companyIds.length] : null,
      manager_id: Number(admin.id),
      start_date: start,
      end_date: start + 180 * day,
      delivery_date: start + 150 * day,
      square_meters: 100 + (p % 900),
      latitude: 55 + (p % 1500) / 100,
      longitude: 5 + (p % 2500) / 100,
      created_at: now,
      created_by: Number(admin.id),
    }
  })
  await knex.batchInsert('projects', rows, 500)
  const projectIds = (await knex('projects').where({ account_id: accountId }).orderBy('id').select('id')).map((r) => Number(r.id))

  const passwordHash = await hashPassword(BENCH_PASSWORD)
  for (let start = 0; start < users; start += 500) {
    const batch = Array.from({ length: Math.min(500, users - start) }, (_, k) => {
      const n = start + k + 1
      return { username: `project-member-${n}@bench.test`, password_hash: null as string | null, first_name: `Member${n % 991}`, last_name: `Project${n}`, acronym: `PM${n}`, language: 'ENGLISH', enabled: true, created_at: now }
    })
    if (start === 0) batch[0] = { ...batch[0]!, username: projectsUser, password_hash: passwordHash }
    await knex.transaction(async (trx) => {
      await trx('users').insert(batch)
      const people = await trx('users').whereIn('username', batch.map((u) => u.username)).orderBy('id').select('id', 'username', 'first_name', 'last_name', 'acronym')
      await trx('account_users').insert(
        people.map((u) => ({ account_id: accountId, user_id: Number(u.id), access_level: 'ACCESS', enabled: true, created_at: now, ...memberKeys(u) })),
      )
      // Member n holds grantsPerUser projects spread over the account (the ordinary user: `held` of them).
      const grants = people.flatMap((u, k) => {
        const n = start + k
        const count = u.username === projectsUser ? held : grantsPerUser
        return Array.from({ length: count }, (_, g) => ({
          account_id: accountId,
          user_id: Number(u.id),
          name: null,
          resource: 'PROJECT',
          resource_id: projectIds[(n * 37 + g * Math.floor(projects / count)) % projects],
          action: PROJECT_ACTIONS[(n + g) % PROJECT_ACTIONS.length],
        }))
      })
      await trx.batchInsert('privileges', grants, 500)
    })
  }

  const user = await knex('users').where({ username: projectsUser }).first('id')
  const userGrants = (await knex('privileges').where({ account_id: accountId, user_id: user.id, resource: 'PROJECT' }).select('resource_id')).map((r) => Number(r.resource_id))
  const visitRows = [
    ...userGrants.slice(0, visits).map((projectId, k) => ({ account_id: accountId, user_id: Number(user.id), project_id: projectId, visited_at: Date.now() - k * 60_000 })),
    ...projectIds.slice(0, visits).map((projectId, k) => ({ account_id: accountId, user_id: Number(admin.id), project_id: projectId, visited_at: Date.now() - k * 60_000 })),
  ]
  await knex.batchInsert('project_visits', visitRows, 500)
  const privileges = Number((await knex('privileges').where({ account_id: accountId, resource: 'PROJECT' }).count({ n: '*' }).first())?.n ?? 0)
  return { accountId, projects: projectIds.length, users, privileges, held: userGrants.length, seconds: Math.round((Date.now() - started) / 100) / 10 }
}
