/** Demo data of the core plugin: two accounts and the demo users of README. */
import type { SeedContext } from '@app/plugin-kit'
import { hashPassword } from './auth/passwords'
import { memberKeys } from './member-keys'
import { enableDefaultModules } from './services/account-modules/installed-modules'

interface DemoUser {
  username: string
  firstName: string
  lastName: string
  acronym: string
  memberships: { account: 'engineering' | 'sales'; accessLevel: string; role: 'admins' | 'basic' }[]
  privileges?: { account: 'engineering' | 'sales'; name: string | null; resource: string; action: string }[]
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'globaladmin@demo.test', firstName: 'Greta', lastName: 'Global', acronym: 'GGL', memberships: [{ account: 'engineering', accessLevel: 'GLOBAL_ADMIN', role: 'admins' }] },
  { username: 'admin@demo.test', firstName: 'Aino', lastName: 'Admin', acronym: 'AAD', memberships: [{ account: 'engineering', accessLevel: 'ACCOUNT_ADMIN', role: 'admins' }] },
  {
    username: 'manager@demo.test',
    firstName: 'Mikko',
    lastName: 'Manager',
    acronym: 'MMA',
    memberships: [{ account: 'engineering', accessLevel: 'ACCESS', role: 'basic' }],
    privileges: [{ account: 'engineering', name: 'PROJECT_CREATE', resource: 'PROJECT', action: 'ADMINISTER' }],
  },
  { username: 'salesadmin@demo.test', firstName: 'Sanna', lastName: 'Salesadmin', acronym: 'SSD', memberships: [{ account: 'engineering', accessLevel: 'SALES_ADMIN', role: 'basic' }] },
  {
    // The company is the companies plugin's demo "Nordic Steel Oy": its seed, which runs after this one,
    // points this privilege's resource_id (null until then) at it.
    username: 'companyadmin@demo.test',
    firstName: 'Kaisa',
    lastName: 'Companyadmin',
    acronym: 'KCA',
    memberships: [{ account: 'engineering', accessLevel: 'ACCESS', role: 'basic' }],
    privileges: [{ account: 'engineering', name: null, resource: 'COMPANY', action: 'ADMINISTER' }],
  },
  { username: 'user@demo.test', firstName: 'Ulla', lastName: 'User', acronym: 'UUS', memberships: [{ account: 'engineering', accessLevel: 'ACCESS', role: 'basic' }] },
  { username: 'sales@demo.test', firstName: 'Sami', lastName: 'Sales', acronym: 'SSA', memberships: [{ account: 'sales', accessLevel: 'ACCOUNT_ADMIN', role: 'admins' }] },
  {
    username: 'consultant@demo.test',
    firstName: 'Kari',
    lastName: 'Consultant',
    acronym: 'KCO',
    memberships: [
      { account: 'engineering', accessLevel: 'ACCESS', role: 'basic' },
      { account: 'sales', accessLevel: 'ACCESS', role: 'basic' },
    ],
  },
]

const ACCOUNTS = {
  engineering: { account_no: 'DEMO-ENG', company: 'Demo Engineering', city: 'Helsinki', country: 'FI', email: 'office@demo-engineering.test' },
  sales: { account_no: 'DEMO-SALES', company: 'Demo Sales', city: 'Oslo', country: 'NO', email: 'office@demo-sales.test' },
}

/** Idempotent: an account that exists (by number) is left as it is. */
export const seedCore = async ({ knex, app, ids, password, now }: SeedContext) => {
  for (const [key, account] of Object.entries(ACCOUNTS)) {
    const existing = await knex('accounts').where({ account_no: account.account_no }).first('id')
    if (existing) {
      ids[`account.${key}`] = Number(existing.id)
      for (const role of ['admins', 'basic']) {
        const r = await knex('roles').where({ account_id: existing.id, name: role === 'admins' ? 'Administrators' : 'Basic' }).first('id')
        if (r) ids[`role.${key}.${role}`] = Number(r.id)
      }
      continue
    }
    const [id] = await knex('accounts').insert({ ...account, enabled: true, trial: false, created_at: now })
    ids[`account.${key}`] = Number(id)
    await enableDefaultModules(app, Number(id), knex)
    const [admins] = await knex('roles').insert({ account_id: id, name: 'Administrators', security_group: 'ADMIN', created_at: now })
    const [basic] = await knex('roles').insert({ account_id: id, name: 'Basic', security_group: 'USER', created_at: now })
    ids[`role.${key}.admins`] = Number(admins)
    ids[`role.${key}.basic`] = Number(basic)
  }
  const passwordHash = await hashPassword(password)
  for (const demo of DEMO_USERS) {
    const existing = await knex('users').where({ username: demo.username }).first('id')
    if (existing) {
      ids[`user.${demo.username}`] = Number(existing.id)
      continue
    }
    const person = { username: demo.username, first_name: demo.firstName, last_name: demo.lastName, acronym: demo.acronym }
    const [userId] = await knex('users').insert({ ...person, password_hash: passwordHash, language: 'ENGLISH', enabled: true, created_at: now })
    ids[`user.${demo.username}`] = Number(userId)
    for (const m of demo.memberships)
      await knex('account_users').insert({
        account_id: ids[`account.${m.account}`],
        user_id: userId,
        role_id: ids[`role.${m.account}.${m.role}`],
        access_level: m.accessLevel,
        enabled: true,
        created_at: now,
        ...memberKeys(person),
      })
    for (const p of demo.privileges ?? [])
      await knex('privileges').insert({ account_id: ids[`account.${p.account}`], user_id: userId, name: p.name, resource: p.resource, action: p.action })
  }
}
