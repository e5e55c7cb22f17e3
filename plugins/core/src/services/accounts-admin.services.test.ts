/**
 * The global admin's account calls over real HTTP, as every demo role: the accounts
 * list, one account's details, creating an account with its first admin, opening and
 * closing accounts and their module switches. SQLite by default, MariaDB with
 * TEST_DATABASE_URL.
 */
import { startTestServer } from '@app/api/testing'
import type { Mailer } from '@app/plugin-kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COUNTRY_MESSAGE } from './accounts-admin.schema'

let server: Awaited<ReturnType<typeof startTestServer>>
let engineering: number
let sales: number
const mails: Parameters<Mailer['send']>[0][] = []
/** Tokens by demo role; `anonymous` has none. */
const tokens: Record<string, string | undefined> = {}

const ROLES = {
  global: 'globaladmin@demo.test',
  admin: 'admin@demo.test',
  salesAdmin: 'salesadmin@demo.test',
  companyAdmin: 'companyadmin@demo.test',
  user: 'user@demo.test',
  otherAccount: 'sales@demo.test',
} as const
type Role = keyof typeof ROLES | 'anonymous'

beforeAll(async () => {
  server = await startTestServer()
  server.app.set('mailer', { send: async (mail) => void mails.push(mail) })
  const idOf = async (company: string) => Number((await server.knex('accounts').where({ company }).first('id')).id)
  engineering = await idOf('Demo Engineering')
  sales = await idOf('Demo Sales')
  for (const [role, username] of Object.entries(ROLES)) tokens[role] = await server.signIn(username)
})
afterAll(() => server?.close())

const as = (role: Role, method: string, url: string, body?: unknown) => server.call(method, url, body, tokens[role])
const snapshot = async () => ({
  accounts: await server.knex('accounts').select('*').orderBy('id'),
  users: await server.knex('users').select('*').orderBy('id'),
  members: await server.knex('account_users').select('*').orderBy('id'),
})

describe('GET /api/accounts', () => {
  test('a global admin lists every account with its counts, paged', async () => {
    const answer = await as('global', 'GET', '/api/accounts?$sort[company]=1')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ limit: 50, skip: 0 })
    expect(answer.body.total).toBeGreaterThanOrEqual(2)
    const row = answer.body.data.find((a: any) => a.id === engineering)
    const members = await server.knex('account_users').where({ account_id: engineering }).count('* as n')
    expect(row).toMatchObject({ accountNo: 'DEMO-ENG', company: 'Demo Engineering', enabled: true, fileCount: 0, mbUsed: 0 })
    expect(row.userCount).toBe(Number(members[0]!.n))
    expect(typeof row.createdAt).toBe('string')
    const companies = answer.body.data.map((a: any) => a.company)
    expect(companies).toEqual([...companies].sort((a, b) => a.localeCompare(b)))
  })

  test('filter matches company or number case-insensitively; sort and paging in SQL', async () => {
    const filtered = await as('global', 'GET', '/api/accounts?filter=dEmO%20sAl')
    expect(filtered.body.total).toBe(1)
    expect(filtered.body.data.map((a: any) => a.id)).toEqual([sales])
    expect((await as('global', 'GET', '/api/accounts?filter=demo-eng')).body.data.map((a: any) => a.id)).toEqual([engineering])
    // A typed wildcard is text, not a pattern.
    expect((await as('global', 'GET', '/api/accounts?filter=%25')).body.total).toBe(0)

    const byUsers = await as('global', 'GET', '/api/accounts?$sort[userCount]=-1')
    const counts = byUsers.body.data.map((a: any) => a.userCount)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))

    const first = await as('global', 'GET', '/api/accounts?$sort[accountNo]=1&$limit=1')
    const second = await as('global', 'GET', '/api/accounts?$sort[accountNo]=1&$limit=1&$skip=1')
    expect(first.body.data).toHaveLength(1)
    expect(first.body.total).toBe(second.body.total)
    expect(first.body.data[0].accountNo < second.body.data[0].accountNo).toBe(true)
  })

  test('bad query: 400 naming the field', async () => {
    const answer = await as('global', 'GET', '/api/accounts?$sort[password]=1')
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors)).toEqual(['$sort.password'])
    expect((await as('global', 'GET', '/api/accounts?$limit=-1')).status).toBe(400)
    // Larger pages are capped, as every list is.
    expect((await as('global', 'GET', '/api/accounts?$limit=100000')).body.limit).toBe(500)
  })

  test('everyone else sees only their own account; signed out is 401', async () => {
    for (const role of ['admin', 'salesAdmin', 'companyAdmin', 'user'] as const) {
      const answer = await as(role, 'GET', '/api/accounts')
      expect(answer.status, role).toBe(200)
      expect(answer.body.data.map((a: any) => a.id), role).toEqual([engineering])
    }
    expect((await as('otherAccount', 'GET', '/api/accounts')).body.data.map((a: any) => a.id)).toEqual([sales])
    expect((await as('otherAccount', 'GET', `/api/accounts/${engineering}`)).status).toBe(404)
    expect((await as('anonymous', 'GET', '/api/accounts')).status).toBe(401)
  })
})

describe('GET /api/accounts/:accountId/details', () => {
  const details = (role: Role, id: number) => as(role, 'GET', `/api/accounts/${id}/details`)

  test('a global admin reads any account; its own admin reads it', async () => {
    const other = await details('global', sales)
    expect(other.status).toBe(200)
    expect(other.body).toMatchObject({ id: sales, accountNo: 'DEMO-SALES', company: 'Demo Sales', fileCount: 0, mbUsed: 0 })
    expect(other.body.userCount).toBeGreaterThan(0)
    const own = await details('admin', engineering)
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ id: engineering, company: 'Demo Engineering' })
    expect((await details('global', 987654)).status).toBe(404)
  })

  test('other roles: 403; another account: 404; signed out: 401', async () => {
    for (const role of ['salesAdmin', 'companyAdmin', 'user'] as const) expect((await details(role, engineering)).status, role).toBe(403)
    expect((await details('otherAccount', engineering)).status).toBe(404)
    expect((await details('admin', sales)).status).toBe(404)
    expect((await details('anonymous', engineering)).status).toBe(401)
  })
})

describe('POST /api/accounts/admin-create', () => {
  const form = {
    company: 'Fjord Builders AS',
    website: 'www.fjord-builders.test',
    phone: '+47 123 456 789',
    email: 'Office@Fjord-Builders.test',
    city: 'Bergen',
    country: 'NO',
    adminEmail: 'Hanna.Fjord@fjord-builders.test',
    adminFirstName: 'Hanna',
    adminLastName: 'Fjord',
  }

  test('creates an open account and its first admin, who is welcomed and signs in after setting a password', async () => {
    const answer = await as('global', 'POST', '/api/accounts/admin-create', form)
    expect(answer.status).toBe(201)
    const id = answer.body.id
    expect(answer.body).toMatchObject({ company: 'Fjord Builders AS', email: 'office@fjord-builders.test', country: 'NO', enabled: true, trial: false, userCount: 1, fileCount: 0, mbUsed: 0 })
    expect(answer.body.accountNo).toBe(`A${String(id).padStart(6, '0')}`)
    const modules = await as('global', 'GET', `/api/accounts/${id}/modules`)
    expect(modules.body.find((m: any) => m.id === 'core')).toMatchObject({ enabled: true, alwaysOn: true })

    const mail = mails.find((m) => m.to === 'hanna.fjord@fjord-builders.test')
    expect(mail?.subject).toBe('Welcome')
    const token = /\/welcomeNewUser\/([\w-]+)/.exec(mail!.link!)?.[1]
    expect(mail!.link).toBe(`${server.config.publicUrl}/welcomeNewUser/${token}`)
    // No password yet: sign-in fails until the welcome link is spent.
    expect((await server.call('POST', '/api/authentication', { username: form.adminEmail, password: 'chosen-fjord-1' })).status).toBe(401)
    const set = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', { token, password: 'chosen-fjord-1', firstName: 'Hanna', lastName: 'Fjord' })
    expect(set.status).toBe(201)
    const signedIn = await server.call('POST', '/api/authentication', { username: form.adminEmail, password: 'chosen-fjord-1' })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.currentAccountId).toBe(id)
    const mine = await server.call('GET', '/api/accounts', undefined, signedIn.body.accessToken)
    expect(mine.body.data.map((a: any) => a.id)).toEqual([id])
  })

  test('bad input: 400 with the spec messages, nothing changes', async () => {
    const before = await snapshot()
    const answer = await as('global', 'POST', '/api/accounts/admin-create', {
      company: '',
      website: 'not a site',
      phone: 'abc',
      email: 'nope',
      adminEmail: 'x@',
      adminFirstName: 'A',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({
      company: 'This field is required',
      website: 'Please enter a valid website URL',
      phone: 'Not a phone number (+XX XXX XXX XXX)',
      email: 'This field value must be a valid email address',
      adminEmail: 'This field value must be a valid email address',
      adminFirstName: 'You must enter at least 2 characters',
      adminLastName: 'This field is required',
      country: 'This field is required',
    })
    expect(await snapshot()).toEqual(before)
  })

  test('the country must be a code of the list', async () => {
    const before = await snapshot()
    for (const country of ['', 'ZZ', 'no', 'NOR']) {
      const answer = await as('global', 'POST', '/api/accounts/admin-create', { ...form, country, adminEmail: 'country@x.test' })
      expect(answer.status, country).toBe(400)
      expect(answer.body.errors, country).toEqual({ country: country ? COUNTRY_MESSAGE : 'This field is required' })
    }
    expect(await snapshot()).toEqual(before)
  })

  test('only global admins: 403 for the others, 401 signed out, nothing changes', async () => {
    const before = await snapshot()
    for (const role of ['admin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const)
      expect((await as(role, 'POST', '/api/accounts/admin-create', { ...form, adminEmail: 'new@x.test' })).status, role).toBe(403)
    expect((await as('anonymous', 'POST', '/api/accounts/admin-create', form)).status).toBe(401)
    expect(await snapshot()).toEqual(before)
  })
})

describe('POST /api/accounts/toggle/:accountId and the module switches', () => {
  test('only global admins toggle; a disabled account signs its users out at once', async () => {
    const before = await snapshot()
    for (const role of ['admin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const)
      expect((await as(role, 'POST', `/api/accounts/toggle/${sales}`, {})).status, role).toBe(403)
    expect((await as('anonymous', 'POST', `/api/accounts/toggle/${sales}`, {})).status).toBe(401)
    expect(await snapshot()).toEqual(before)

    const salesToken = await server.signIn('sales@demo.test')
    expect((await as('global', 'POST', `/api/accounts/toggle/${sales}`, {})).body).toEqual({ id: sales, enabled: false })
    expect((await server.call('GET', '/api/accounts', undefined, salesToken)).status).toBe(401)
    expect((await server.call('GET', '/api/authentication/validate', undefined, salesToken)).status).toBe(401)
    const listed = await as('global', 'GET', `/api/accounts?filter=DEMO-SALES`)
    expect(listed.body.data[0].enabled).toBe(false)
    expect((await as('global', 'POST', `/api/accounts/toggle/${sales}`, {})).body).toEqual({ id: sales, enabled: true })
    tokens.otherAccount = await server.signIn('sales@demo.test')
  })

  test('modules: global admins read and switch them; core stays on; others 403', async () => {
    const read = await as('global', 'GET', `/api/accounts/${sales}/modules`)
    expect(read.status).toBe(200)
    const other = read.body.find((m: any) => m.id !== 'core')
    if (other) {
      const off = await as('global', 'PUT', `/api/accounts/${sales}/modules`, { modules: [{ id: other.id, enabled: false }] })
      expect(off.body.find((m: any) => m.id === other.id).enabled).toBe(false)
      await as('global', 'PUT', `/api/accounts/${sales}/modules`, { modules: [{ id: other.id, enabled: true }] })
    }
    const coreOff = await as('global', 'PUT', `/api/accounts/${sales}/modules`, { modules: [{ id: 'core', enabled: false }] })
    expect(coreOff.status).toBe(400)
    expect(coreOff.body.errors).toEqual({ 'modules.0.enabled': 'Module core cannot be switched off' })
    for (const role of ['admin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const) {
      expect((await as(role, 'GET', `/api/accounts/${sales}/modules`)).status, role).toBe(403)
      expect((await as(role, 'PUT', `/api/accounts/${engineering}/modules`, { modules: [] })).status, role).toBe(403)
    }
    expect((await as('anonymous', 'GET', `/api/accounts/${sales}/modules`)).status).toBe(401)
  })
})
