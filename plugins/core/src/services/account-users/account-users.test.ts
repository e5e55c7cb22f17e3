/**
 * The account-user endpoints over real HTTP, called as every demo role: the list,
 * the wizard's check and submit, editing, role, access level, anonymising, removing
 * and the Excel export. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { DEMO_ROLES, DEMO_PASSWORD, startTestServer } from '@app/api/testing'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: Awaited<ReturnType<typeof startTestServer>>
let ENG: number
let SALES: number
let nordic: number
const tokens: Record<string, string> = {}
const ROLES = DEMO_ROLES
type Role = (typeof ROLES)[number] | 'anonymous'

const userIdOf = async (username: string) => Number((await server.knex('users').where({ username }).first('id')).id)
const accountIdOf = async (company: string) => Number((await server.knex('accounts').where({ company }).first('id')).id)
const as = (role: Role, method: string, url: string, body?: unknown) =>
  server.call(method, url, body, role === 'anonymous' ? undefined : tokens[role])

beforeAll(async () => {
  server = await startTestServer()
  ENG = await accountIdOf('Demo Engineering')
  SALES = await accountIdOf('Demo Sales')
  const knex = server.knex
  // The companies plugin's demo company; its seed may already have made it.
  const existing = await knex('companies').where({ account_id: ENG, name: 'Nordic Steel Oy' }).first('id')
  nordic = existing
    ? Number(existing.id)
    : Number((await knex('companies').insert({ account_id: ENG, name: 'Nordic Steel Oy', created_at: new Date().toISOString() }))[0])
  await knex('privileges').where({ user_id: await userIdOf('companyadmin@demo.test'), resource: 'COMPANY' }).update({ resource_id: nordic })
  await knex('account_users').where({ account_id: ENG, user_id: await userIdOf('consultant@demo.test') }).update({ company_id: nordic })
  for (const role of ROLES) tokens[role] = await server.signIn(`${role}@demo.test`)
})
afterAll(() => server?.close())

describe('the demo roles', () => {
  test('salesadmin and companyadmin are seeded with their flags', async () => {
    const flags = async (username: string) =>
      (await server.call('POST', '/api/authentication', { username, password: DEMO_PASSWORD })).body
    expect(await flags('salesadmin@demo.test')).toMatchObject({ canManageCompany: true, canManageUsers: false, canManageSettings: false })
    expect(await flags('companyadmin@demo.test')).toMatchObject({ canManageCompanyUsers: true, canManageUsers: false, canSeeCompany: true })
    const level = await server.knex('account_users').where({ account_id: ENG, user_id: await userIdOf('salesadmin@demo.test') }).first('access_level')
    expect(level.access_level).toBe('SALES_ADMIN')
  })
})

describe('GET /api/accountusers/{accountId}', () => {
  const list = (role: Role, query = '', account = ENG) => as(role, 'GET', `/api/accountusers/${account}${query}`)

  test('each role gets its answer', async () => {
    for (const role of ['globaladmin', 'admin', 'companyadmin'] as const) expect((await list(role)).status, role).toBe(200)
    for (const role of ['salesadmin', 'user'] as const) expect((await list(role)).status, role).toBe(403)
    expect((await list('anonymous')).status).toBe(401)
    expect((await list('sales')).status).toBe(404)
  })

  test('a page: total, limit, skip and data sorted by last name; system users and anonymous ones hidden by default', async () => {
    const answer = await list('admin')
    expect(answer.body).toMatchObject({ limit: 50, skip: 0 })
    const names = answer.body.data.map((u: any) => u.username)
    expect(names).toContain('user@demo.test')
    expect(names).not.toContain('globaladmin@demo.test')
    expect(names).not.toContain('sales@demo.test')
    expect(answer.body.total).toBe(names.length)
    const lastNames = answer.body.data.map((u: any) => u.lastName)
    expect(lastNames).toEqual([...lastNames].sort((a: string, b: string) => a.localeCompare(b)))
    expect((await list('admin', '?includeSystem=true')).body.data.map((u: any) => u.username)).toContain('globaladmin@demo.test')
  })

  test('filter by name, e-mail or acronym, case-insensitive; sort both ways; paging', async () => {
    expect((await list('admin', '?filter=ULLA')).body.data.map((u: any) => u.username)).toEqual(['user@demo.test'])
    expect((await list('admin', '?filter=uus')).body.data.map((u: any) => u.username)).toEqual(['user@demo.test'])
    expect((await list('admin', '?filter=consultant@')).body.total).toBe(1)
    expect((await list('admin', '?filter=%25')).body.total).toBe(0)
    const down = (await list('admin', '?$sort[username]=-1')).body.data.map((u: any) => u.username)
    expect(down).toEqual([...down].sort().reverse())
    const page = await list('admin', '?$limit=2&$skip=1')
    expect(page.body.data).toHaveLength(2)
    expect(page.body.skip).toBe(1)
    expect((await list('admin', '?$sort[password]=1')).status).toBe(400)
  })

  test('a company manager sees only the users of the companies they manage', async () => {
    const names = (await list('companyadmin')).body.data.map((u: any) => u.username)
    expect(names).toEqual(['consultant@demo.test'])
  })

  test("each row names its member's company, as the companies plugin tells it; a member of none has no name", async () => {
    const rows = (await list('admin', '?$limit=500')).body.data as { username: string; companyName: string | null }[]
    const byName = Object.fromEntries(rows.map((u) => [u.username, u.companyName]))
    expect(byName['consultant@demo.test']).toBe('Nordic Steel Oy')
    expect(byName['user@demo.test']).toBeNull()
    const one = await as('admin', 'GET', `/api/accountusers/user/${await userIdOf('consultant@demo.test')}`)
    expect(one.body.companyName).toBe('Nordic Steel Oy')
  })
})

describe('the new-user wizard', () => {
  test('HEAD /api/accountusers?username= answers 200 for a registered e-mail, 404 for a free one', async () => {
    expect((await as('admin', 'HEAD', '/api/accountusers?username=user@demo.test')).status).toBe(200)
    expect((await as('admin', 'HEAD', '/api/accountusers?username=nobody@demo.test')).status).toBe(404)
    expect((await as('user', 'HEAD', '/api/accountusers?username=user@demo.test')).status).toBe(403)
    expect((await as('anonymous', 'HEAD', '/api/accountusers?username=user@demo.test')).status).toBe(401)
  })

  test('GET /api/accountusers/exists?username= answers {exists, member}', async () => {
    expect((await as('admin', 'GET', '/api/accountusers/exists?username=USER@demo.test')).body).toEqual({ exists: true, member: true })
    expect((await as('admin', 'GET', '/api/accountusers/exists?username=sales@demo.test')).body).toEqual({ exists: true, member: false })
    expect((await as('admin', 'GET', '/api/accountusers/exists?username=free@demo.test')).body).toEqual({ exists: false, member: false })
    expect((await as('salesadmin', 'GET', '/api/accountusers/exists?username=free@demo.test')).status).toBe(403)
  })

  test('GET /api/accountusers?username= lists the matching users of the own account only', async () => {
    const answer = await as('sales', 'GET', '/api/accountusers?username=consultant@demo.test&includeExternal=true')
    expect(answer.status).toBe(200)
    expect(answer.body.map((u: any) => u.accountId)).toEqual([SALES])
    const internal = await as('admin', 'GET', '/api/accountusers?username=consultant@demo.test')
    expect(internal.body).toEqual([]) // a company's user is external in Demo Engineering
  })

  const create = (role: Role, body: unknown, account = ENG) => as(role, 'POST', `/api/accountusers/${account}/createUserWithPrivileges`, body)
  const valid = { email: 'new.person@demo.test', repeatEmail: 'new.person@demo.test', firstName: 'Nea', lastName: 'Newton' }

  test('validation: e-mail, repeat e-mail and names, nothing created', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { email: 'This field is required', firstName: 'This field is required', lastName: 'This field is required' }],
      [{ ...valid, email: 'not-an-email', repeatEmail: undefined }, { email: 'This field value must be a valid email address' }],
      [{ ...valid, firstName: 'N' }, { firstName: 'You must enter at least 2 characters' }],
      [{ ...valid, repeatEmail: 'other@demo.test' }, { repeatEmail: 'Emails doesnt match' }],
      [{ ...valid, privileges: [{ resource: 'PROJECT', resourceId: 1, action: 'EDIT' }] }, { privileges: 'No project 1 in this account' }],
    ]
    for (const [body, errors] of cases) {
      const answer = await create('admin', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    expect(await server.knex('users').where({ username: valid.email }).first()).toBeUndefined()
  })

  test('roles: 403 without the flags, 404 for another account, 401 signed out', async () => {
    for (const role of ['salesadmin', 'user'] as const) expect((await create(role, valid)).status, role).toBe(403)
    expect((await create('sales', valid)).status).toBe(404)
    expect((await create('anonymous', valid)).status).toBe(401)
    // A company manager adds users only into their own company.
    expect((await create('companyadmin', valid)).status).toBe(403)
  })

  test('creates the user with company access, mails the welcome link, and the link lets them in', async () => {
    const answer = await create('admin', { ...valid, companyId: nordic, privileges: [{ resource: 'COMPANY', resourceId: nordic, action: 'VIEW' }] })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({ username: valid.email, firstName: 'Nea', lastName: 'Newton', acronym: 'NNE', companyId: nordic, enabled: true })
    const grants = await server.knex('privileges').where({ user_id: answer.body.id })
    expect(grants.map((g) => [g.resource, Number(g.resource_id), g.action])).toEqual([['COMPANY', nordic, 'VIEW']])

    const dir = path.join(server.config.dataDir, 'outbox')
    const mails = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')))
    const mail = mails.find((m) => m.includes(valid.email))!
    const token = /welcomeNewUser\/([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))![1]
    const welcome = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', { token, password: 'first-secret', firstName: 'Nea', lastName: 'Newton' })
    expect(welcome.status).toBe(201)
    expect((await server.call('POST', '/api/authentication', { username: valid.email, password: 'first-secret' })).status).toBe(201)

    const again = await create('admin', valid)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Email is already registered')
  })

  test('a company manager adds a user into the company they manage; createEmptyUser and POST /accountusers/{accountId} too', async () => {
    const mine = await create('companyadmin', { email: 'steel.worker@demo.test', firstName: 'Stig', lastName: 'Steel', companyId: nordic })
    expect(mine.status, JSON.stringify(mine.body)).toBe(201)
    const empty = await as('admin', 'POST', `/api/accountusers/${ENG}/createEmptyUser`, { email: 'empty.one@demo.test', firstName: 'Emil', lastName: 'Empty' })
    expect(empty.status).toBe(201)
    const plain = await as('admin', 'POST', `/api/accountusers/${ENG}`, { email: 'plain.one@demo.test', firstName: 'Pia', lastName: 'Plain', acronym: 'UUS' })
    expect(plain.status).toBe(409)
    expect(plain.body.message).toBe('Acronym is already in use')
  })
})

describe('GET /api/accountusers/user/{userId}', () => {
  test('the user, or User not found', async () => {
    const id = await userIdOf('user@demo.test')
    const answer = await as('admin', 'GET', `/api/accountusers/user/${id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id, username: 'user@demo.test', roleName: 'Basic', accessLevel: 'ACCESS' })
    const missing = await as('admin', 'GET', '/api/accountusers/user/987654')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('User not found')
    expect((await as('sales', 'GET', `/api/accountusers/user/${id}`)).status).toBe(404)
    expect((await as('companyadmin', 'GET', `/api/accountusers/user/${id}`)).status).toBe(404)
    expect((await as('user', 'GET', `/api/accountusers/user/${id}`)).status).toBe(403)
    expect((await as('anonymous', 'GET', `/api/accountusers/user/${id}`)).status).toBe(401)
  })
})

describe('PUT /api/accountusers/{accountId}', () => {
  const edit = (role: Role, body: unknown, account = ENG) => as(role, 'PUT', `/api/accountusers/${account}`, body)
  const of = async (username: string) => {
    const id = await userIdOf(username)
    const u = await server.knex('users').where({ id }).first()
    return { id, username: u.username, firstName: u.first_name, lastName: u.last_name, acronym: u.acronym }
  }

  test('validation and duplicates change nothing', async () => {
    const user = await of('manager@demo.test')
    const cases: [unknown, number, Record<string, string> | string][] = [
      [{ ...user, firstName: 'Mi' }, 400, { firstName: 'You must enter at least 3 characters' }],
      [{ ...user, acronym: '' }, 400, { acronym: 'This field is required' }],
      [{ ...user, username: '' }, 400, { username: 'This field is required' }],
      // The login e-mail is identity: an account admin changes none (identity.services.test.ts).
      [{ ...user, username: 'user@demo.test' }, 403, 'You do not have access to edit this user'],
      [{ ...user, acronym: 'uus' }, 409, 'Acronym is already in use'],
    ]
    for (const [body, status, expected] of cases) {
      const answer = await edit('admin', body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      if (typeof expected === 'string') expect(answer.body.message).toBe(expected)
      else expect(answer.body.errors).toEqual(expected)
    }
    const taken = await edit('globaladmin', { ...user, username: 'user@demo.test' })
    expect([taken.status, taken.body.message]).toEqual([409, 'Email is already registered'])
    expect(await of('manager@demo.test')).toEqual(user)
  })

  test('admins edit anyone; a company manager only their company users; others 403; another account 404', async () => {
    const manager = await of('manager@demo.test')
    const ok = await edit('admin', { ...manager, firstName: 'Mikael' })
    expect(ok.status).toBe(200)
    expect(ok.body.firstName).toBe('Mikael')
    const denied = await edit('companyadmin', { ...manager, firstName: 'Hacked' })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You do not have access to edit this user')
    const consultant = await of('consultant@demo.test')
    // The consultant belongs to Demo Sales too: their names are theirs in both accounts.
    expect((await edit('companyadmin', { ...consultant, lastName: 'Consult' })).status).toBe(403)
    expect((await edit('admin', { ...consultant, lastName: 'Consult' })).status).toBe(403)
    expect((await edit('globaladmin', { ...consultant, lastName: 'Consult' })).status).toBe(200)
    expect((await edit('user', manager)).status).toBe(403)
    expect((await edit('salesadmin', manager)).status).toBe(403)
    expect((await edit('sales', manager)).status).toBe(404)
    expect((await edit('anonymous', manager)).status).toBe(401)
    expect((await of('manager@demo.test')).firstName).toBe('Mikael')
    // The list's search keys follow the edit.
    const found = await as('admin', 'GET', `/api/accountusers/${ENG}?filter=mikael manager`)
    expect(found.body.data.map((u: any) => u.username)).toEqual(['manager@demo.test'])
  })
})

describe('role and access level', () => {
  test('POST /api/accountusers/{accountId}/securitygroups/{userId}/{groupId}', async () => {
    const id = await userIdOf('manager@demo.test')
    const admins = Number((await server.knex('roles').where({ account_id: ENG, name: 'Administrators' }).first('id')).id)
    const salesRole = Number((await server.knex('roles').where({ account_id: SALES }).first('id')).id)
    const url = (group: number) => `/api/accountusers/${ENG}/securitygroups/${id}/${group}`
    const wrong = await as('admin', 'POST', url(salesRole), {})
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ groupId: 'changing user group failed' })
    expect((await as('user', 'POST', url(admins), {})).status).toBe(403)
    expect((await as('companyadmin', 'POST', url(admins), {})).status).toBe(403)
    expect((await as('sales', 'POST', url(admins), {})).status).toBe(404)
    const ok = await as('admin', 'POST', url(admins), {})
    expect(ok.status).toBe(201)
    expect(ok.body.roleName).toBe('Administrators')
    const basic = Number((await server.knex('roles').where({ account_id: ENG, name: 'Basic' }).first('id')).id)
    expect((await as('admin', 'POST', url(basic), {})).status).toBe(201)
  })

  test('POST /api/accountusers/{accountId}/accesslevel/{userId}/{level}', async () => {
    const id = await userIdOf('manager@demo.test')
    const url = (level: string, account = ENG, user = id) => `/api/accountusers/${account}/accesslevel/${user}/${level}`
    expect((await as('admin', 'POST', url('SALES_ADMIN'), {})).body.accessLevel).toBe('SALES_ADMIN')
    const global = await as('admin', 'POST', url('GLOBAL_ADMIN'), {})
    expect(global.status).toBe(403)
    expect(global.body.message).toBe('Only global admins may give or take the global admin level')
    expect((await as('globaladmin', 'POST', url('GLOBAL_ADMIN'), {})).status).toBe(201)
    expect((await as('admin', 'POST', url('ACCESS'), {})).status).toBe(403)
    expect((await as('globaladmin', 'POST', url('ACCESS'), {})).body.accessLevel).toBe('ACCESS')
    expect((await as('admin', 'POST', url('BOSS'), {})).status).toBe(400)
    expect((await as('admin', 'POST', url('ACCESS', ENG, await userIdOf('admin@demo.test')), {})).status).toBe(400)
    for (const role of ['salesadmin', 'companyadmin', 'user'] as const) expect((await as(role, 'POST', url('ACCOUNT_ADMIN'), {})).status, role).toBe(403)
    expect((await as('sales', 'POST', url('ACCESS'), {})).status).toBe(404)
    expect((await as('anonymous', 'POST', url('ACCESS'), {})).status).toBe(401)
  })
})

describe('anonymising and removing', () => {
  const makeUser = async (email: string) =>
    (await as('admin', 'POST', `/api/accountusers/${ENG}/createEmptyUser`, { email, firstName: 'Tempo', lastName: 'Rary' })).body.id as number

  test('DELETE /api/accountusers/{userId}/anonymous: data replaced, sign-in and tokens end; not oneself, not twice', async () => {
    const id = await makeUser('leaving@demo.test')
    await server.knex('users').where({ id }).update({ password_hash: (await server.knex('users').where({ username: 'user@demo.test' }).first()).password_hash })
    const token = await server.signIn('leaving@demo.test')
    for (const role of ['salesadmin', 'companyadmin', 'user'] as const) expect((await as(role, 'DELETE', `/api/accountusers/${id}/anonymous`)).status, role).toBe(403)
    expect((await as('sales', 'DELETE', `/api/accountusers/${id}/anonymous`)).status).toBe(404)
    expect((await as('anonymous', 'DELETE', `/api/accountusers/${id}/anonymous`)).status).toBe(401)
    const self = await as('admin', 'DELETE', `/api/accountusers/${await userIdOf('admin@demo.test')}/anonymous`)
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('You cannot anonymise yourself')

    const done = await as('admin', 'DELETE', `/api/accountusers/${id}/anonymous`)
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ anonymous: true, enabled: false, firstName: 'Anonymous' })
    expect(done.body.username).not.toContain('leaving')
    expect((await server.call('GET', '/api/authentication/validate', undefined, token)).status).toBe(401)
    expect((await server.call('POST', '/api/authentication', { username: 'leaving@demo.test', password: 'x' })).status).toBe(401)
    const twice = await as('admin', 'DELETE', `/api/accountusers/${id}/anonymous`)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('The user is already anonymous')
    // Hidden from the default list, shown with onlyEditable=false.
    expect((await as('admin', 'GET', `/api/accountusers/${ENG}?filter=anonymous`)).body.total).toBe(0)
    expect((await as('admin', 'GET', `/api/accountusers/${ENG}?onlyEditable=false&filter=anonymous`)).body.total).toBe(1)
  })

  test('a user of other accounts too is removed, not anonymised', async () => {
    const answer = await as('admin', 'DELETE', `/api/accountusers/${await userIdOf('consultant@demo.test')}/anonymous`)
    expect(answer.status).toBe(409)
  })

  test('DELETE /api/accountusers/{userId}/remove takes the membership away from the current account only', async () => {
    const id = await makeUser('short.stay@demo.test')
    expect((await as('user', 'DELETE', `/api/accountusers/${id}/remove`)).status).toBe(403)
    expect((await as('sales', 'DELETE', `/api/accountusers/${id}/remove`)).status).toBe(404)
    expect((await as('admin', 'DELETE', `/api/accountusers/${await userIdOf('admin@demo.test')}/remove`)).status).toBe(400)
    expect((await as('admin', 'DELETE', `/api/accountusers/${id}/remove`)).status).toBe(200)
    expect(await server.knex('account_users').where({ user_id: id }).first()).toBeUndefined()
    expect((await as('admin', 'GET', `/api/accountusers/user/${id}`)).status).toBe(404)
  })
})

describe('GET /api/accountusers/export', () => {
  const workbook = async (role: Role) => {
    const response = await fetch(`${server.url}/api/accountusers/export`, { headers: { authorization: `Bearer ${tokens[role]}` } })
    expect(response.status, role).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('users.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as any)
    return book.worksheets[0]!
  }

  test('users.xlsx with the spec columns, DD.MM.YYYY dates and x marks', async () => {
    const sheet = await workbook('admin')
    expect(sheet.name).toBe('Users')
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Acronym',
      'Company',
      'Username',
      'First name',
      'Last name',
      'Creation date',
      'Enabled',
      'Two-factor',
      'Anonymous',
      'Removal requested',
    ])
    const rows = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1))
    const consultant = rows.find((r) => r[2] === 'consultant@demo.test')!
    expect(consultant[1]).toBe('Nordic Steel Oy')
    expect(String(consultant[5])).toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
    expect(consultant[6]).toBe('x')
    expect(rows.some((r) => r[2] === 'sales@demo.test')).toBe(false)
  })

  test("the sheet and headers follow the caller's language; the rows and the file name do not change", async () => {
    const setLanguage = async (value: string) =>
      expect((await as('admin', 'POST', `/api/accountusers/${await userIdOf('admin@demo.test')}/language/${value}`, {})).status).toBe(201)
    await setLanguage('FINNISH')
    try {
      const sheet = await workbook('admin')
      expect(sheet.name).toBe('Käyttäjät')
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        'Lyhenne',
        'Yritys',
        'Käyttäjätunnus',
        'Etunimi',
        'Sukunimi',
        'Luontipäivä',
        'Käytössä',
        'Kaksivaiheinen kirjautuminen',
        'Anonymisoitu',
        'Poistoa pyydetty',
      ])
      const rows = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r.slice(1))
      expect(rows.find((r) => r[2] === 'consultant@demo.test')?.[6]).toBe('x')
    } finally {
      await setLanguage('ENGLISH')
    }
  })

  test("another account's export holds none of Demo Engineering's users; roles without the flags get 403", async () => {
    const sheet = await workbook('sales')
    const usernames = (sheet.getSheetValues() as unknown[][]).slice(2).map((r) => r[3])
    expect(usernames).toContain('sales@demo.test')
    expect(usernames).not.toContain('user@demo.test')
    await workbook('globaladmin')
    for (const role of ['salesadmin', 'companyadmin', 'user'] as const) expect((await as(role, 'GET', '/api/accountusers/export')).status, role).toBe(403)
    expect((await as('anonymous', 'GET', '/api/accountusers/export')).status).toBe(401)
  })
})

describe('POST /api/accountusers/{userId}/file-view', () => {
  test('the own folder view is read and set; another user\'s is refused; bad types answer 400', async () => {
    const id = await userIdOf('user@demo.test')
    expect((await as('user', 'POST', `/api/accountusers/${id}/file-view`, {})).body).toEqual({ userId: id, fileView: 'DEFAULT' })
    expect((await as('user', 'POST', `/api/accountusers/${id}/file-view/FILE`, {})).body.fileView).toBe('FILE')
    expect((await as('user', 'POST', `/api/accountusers/${id}/file-view`, { type: 'CUSTOMER' })).body.fileView).toBe('CUSTOMER')
    const bad = await as('user', 'POST', `/api/accountusers/${id}/file-view/SIDEWAYS`, {})
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ type: 'Must be one of DEFAULT, FILE, CUSTOMER' })
    expect((await as('admin', 'POST', `/api/accountusers/${id}/file-view/FILE`, {})).status).toBe(403)
    expect((await as('anonymous', 'POST', `/api/accountusers/${id}/file-view/FILE`, {})).status).toBe(401)
    expect((await server.knex('users').where({ id }).first('file_view')).file_view).toBe('CUSTOMER')
  })
})
