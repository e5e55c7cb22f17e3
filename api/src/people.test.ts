/**
 * Who may act on whom (issue 7 §1), as a matrix: every endpoint that changes a person ×
 * caller (global admin, account admin, company administrator, user, admin of another
 * account) × target (self, a global admin, an account admin, a company administrator, an
 * ordinary user of the company, one of another company, a person in two accounts).
 * Each cell asserts the status and, on refusal, that none of the target's rows changed;
 * a call on the person in two accounts never changes their rows in the other account.
 *
 * Driven by the registry like the tenancy test: a service that declares a target, or
 * names a user in its path, must be in ENDPOINTS or in NOT_ACTS (reviewed) below.
 * Fresh targets for every endpoint and caller, so a call that consumes one (remove,
 * anonymise) cannot change another cell. SQLite by default, MariaDB with TEST_DATABASE_URL.
 */
import type { Method, RegisteredService } from '@app/plugin-kit'
import { type AccountFixture, type CompanyFixture, type Person, fixtures } from '@app/testing'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'

const server = await startTestServer({ seedDemo: false })
const { app, call, knex } = server
afterAll(() => server.close())
const make = fixtures(server)

const CALLERS = ['globalAdmin', 'accountAdmin', 'companyAdmin', 'user', 'otherAdmin'] as const
type Caller = (typeof CALLERS)[number]
const TARGETS = ['self', 'globalAdmin', 'accountAdmin', 'companyAdmin', 'userOfCompany', 'userOfOtherCompany', 'twoAccounts'] as const
type Target = (typeof TARGETS)[number]

/** An account as the matrix uses it: X holds the targets, W is where they are placed, Y is another company. */
interface Place {
  account: AccountFixture
  x: CompanyFixture
  y: CompanyFixture
  w: CompanyFixture
}
const place = async (): Promise<Place> => {
  const account = await make.account()
  return { account, x: await make.company(account), y: await make.company(account), w: await make.company(account) }
}
const A = await place()
const B = await place()

/** The company administrator administers X and W and belongs to X; the others of A belong to X too. */
const callers: Record<Caller, Person> = {
  globalAdmin: await make.user(A.account, 'globalAdmin'),
  accountAdmin: await make.user(A.account, 'accountAdmin'),
  companyAdmin: await make.user(A.account, 'companyAdmin', { company: A.x, administers: [A.x, A.w] }),
  user: await make.user(A.account, 'user', { company: A.x }),
  otherAdmin: await make.user(B.account, 'accountAdmin'),
}
const tokens = Object.fromEntries(await Promise.all(CALLERS.map(async (c) => [c, await make.signIn(callers[c])]))) as Record<Caller, string>
const placeOf = (caller: Caller) => (caller === 'otherAdmin' ? B : A)

/** Fresh people of A for one row; the person in two accounts belongs to X in A and in B. */
const targetsFor = async (caller: Caller): Promise<Record<Target, Person>> => {
  const twoAccounts = await make.user(A.account, 'user', { company: A.x })
  await make.join(twoAccounts, B.account, 'user', { company: B.x })
  return {
    self: callers[caller],
    globalAdmin: await make.user(A.account, 'globalAdmin'),
    accountAdmin: await make.user(A.account, 'accountAdmin'),
    companyAdmin: await make.user(A.account, 'companyAdmin', { company: A.x, administers: [A.x] }),
    userOfCompany: await make.user(A.account, 'user', { company: A.x }),
    userOfOtherCompany: await make.user(A.account, 'user', { company: A.y }),
    twoAccounts,
  }
}

/** Every row that is the person's: their identity, memberships, grants, sessions and links. */
const rowsOf = async (userId: number) => ({
  users: await knex('users').where({ id: userId }).select('*'),
  memberships: await knex('account_users').where({ user_id: userId }).orderBy('account_id').select('*'),
  privileges: await knex('privileges').where({ user_id: userId }).orderBy('id').select('*'),
  sessions: await knex('sessions').where({ user_id: userId }).orderBy('id').select('id', 'account_id', 'revoked'),
  tokens: await knex('user_tokens').where({ user_id: userId }).orderBy('id').select('*'),
})
/** The person's rows outside one account: what an act in that account must never reach. */
const rowsOutside = async (userId: number, accountId: number) => ({
  memberships: await knex('account_users').where({ user_id: userId }).whereNot({ account_id: accountId }).select('*'),
  privileges: await knex('privileges').where({ user_id: userId }).whereNot({ account_id: accountId }).orderBy('id').select('*'),
  sessions: await knex('sessions').where({ user_id: userId }).whereNot({ account_id: accountId }).orderBy('id').select('id', 'revoked'),
})

const roleId = async (accountId: number, group: 'ADMIN' | 'USER') =>
  Number((await knex('roles').where({ account_id: accountId, security_group: group }).orderBy('id').first('id')).id)
const holds = async (userId: number, accountId: number, companyId: number) =>
  Boolean(await knex('privileges').where({ account_id: accountId, user_id: userId, resource: 'COMPANY', resource_id: companyId }).whereNull('name').first('id'))
const member = (userId: number, accountId: number) => knex('account_users').where({ user_id: userId, account_id: accountId }).first('id')

interface Request {
  verb: string
  url: string
  body?: unknown
}
interface Endpoint {
  /** The registered path and method it calls. */
  path: string
  method: Method
  what: string
  request(place: Place, target: Person): Request | Promise<Request>
  /** Makes what the call needs on a target that is a member of the caller's account (a grant to take away). */
  prepare?(place: Place, target: Person): Promise<void>
  /**
   * Per caller, the answer for each target in TARGETS order: a status, `-` for a cell that
   * does not exist (the other account's admin is itself an account admin), or for the
   * identity endpoints `ok` (allowed: anything but 401, 403, 404 or a 5xx) and `nf`
   * (another account's person: 403 or 404).
   */
  expected: Record<Caller, string>
  /** An identity endpoint: the identity work words its refusals. */
  identity?: boolean
}

const FORBIDDEN_ALL = '403 403 403 403 403 403 403'
const ADMIN_ONLY = (ok: number, self = ok) => ({
  globalAdmin: `${self} ${ok} ${ok} ${ok} ${ok} ${ok} ${ok}`,
  accountAdmin: `${self} 403 ${ok} ${ok} ${ok} ${ok} ${ok}`,
  companyAdmin: FORBIDDEN_ALL,
  user: FORBIDDEN_ALL,
  otherAdmin: `- 404 404 404 404 404 ${ok}`,
})

const person = async (id: number) => knex('users').where({ id }).first('username', 'first_name', 'last_name', 'acronym')
const grantBody = (companyId: number, action = 'VIEW') => ({ resource: 'COMPANY', resourceId: companyId, action })

const ENDPOINTS: Endpoint[] = [
  {
    path: 'accountusers/:accountId',
    method: 'update',
    what: 'edit: names (details, shared by all the person’s accounts)',
    request: async (p, t) => {
      const u = await person(t.id)
      return { verb: 'PUT', url: `/api/accountusers/${p.account.id}`, body: { id: t.id, username: u.username, firstName: 'Changed', lastName: u.last_name, acronym: u.acronym } }
    },
    expected: {
      globalAdmin: '200 200 200 200 200 200 200',
      accountAdmin: '200 403 200 200 200 200 403',
      companyAdmin: '403 403 403 403 200 403 403',
      user: FORBIDDEN_ALL,
      otherAdmin: '- 404 404 404 404 404 403',
    },
  },
  {
    path: 'accountusers/:accountId',
    method: 'update',
    what: 'edit: login e-mail (identity; one’s own only on the profile page, with the password)',
    request: async (p, t) => {
      const u = await person(t.id)
      return { verb: 'PUT', url: `/api/accountusers/${p.account.id}`, body: { id: t.id, username: `moved-${t.id}@fixture.test`, firstName: u.first_name, lastName: u.last_name, acronym: u.acronym } }
    },
    expected: {
      globalAdmin: '403 200 200 200 200 200 200',
      accountAdmin: FORBIDDEN_ALL,
      companyAdmin: FORBIDDEN_ALL,
      user: FORBIDDEN_ALL,
      otherAdmin: '- 404 404 404 404 404 403',
    },
  },
  {
    path: 'accountusers/:accountId/securitygroups/:userId/:groupId',
    method: 'create',
    what: 'role: Basic',
    request: async (p, t) => ({ verb: 'POST', url: `/api/accountusers/${p.account.id}/securitygroups/${t.id}/${await roleId(p.account.id, 'USER')}`, body: {} }),
    expected: ADMIN_ONLY(201),
  },
  {
    path: 'accountusers/:accountId/accesslevel/:userId/:level',
    method: 'create',
    what: 'access level: SALES_ADMIN',
    request: (p, t) => ({ verb: 'POST', url: `/api/accountusers/${p.account.id}/accesslevel/${t.id}/SALES_ADMIN`, body: {} }),
    expected: ADMIN_ONLY(201, 400),
  },
  {
    path: 'accountusers/:accountId/toggle/:userId',
    method: 'create',
    what: 'enable or disable the membership',
    request: (p, t) => ({ verb: 'POST', url: `/api/accountusers/${p.account.id}/toggle/${t.id}`, body: {} }),
    expected: ADMIN_ONLY(201, 400),
  },
  {
    path: 'accountusers/:userId/anonymous',
    method: 'remove',
    what: 'anonymise (a person of other accounts too: 409, remove instead)',
    request: (_p, t) => ({ verb: 'DELETE', url: `/api/accountusers/${t.id}/anonymous` }),
    expected: {
      globalAdmin: '400 200 200 200 200 200 409',
      accountAdmin: '400 403 200 200 200 200 409',
      companyAdmin: FORBIDDEN_ALL,
      user: FORBIDDEN_ALL,
      otherAdmin: '- 404 404 404 404 404 409',
    },
  },
  {
    path: 'accountusers/:userId/remove',
    method: 'remove',
    what: 'remove from the account',
    request: (_p, t) => ({ verb: 'DELETE', url: `/api/accountusers/${t.id}/remove` }),
    expected: ADMIN_ONLY(200, 400),
  },
  {
    path: 'accountusers/:userId/privileges/add',
    method: 'create',
    what: 'privilege: add access to a company',
    request: (p, t) => ({ verb: 'POST', url: `/api/accountusers/${t.id}/privileges/add`, body: grantBody(p.w.id) }),
    expected: ADMIN_ONLY(201),
  },
  {
    path: 'accountusers/:userId/privileges/remove',
    method: 'create',
    what: 'privilege: remove',
    prepare: async (p, t) => {
      if (!(await holds(t.id, p.account.id, p.y.id))) await make.grant(t, { resource: 'COMPANY', resourceId: p.y.id, action: 'VIEW' }, p.account.id)
    },
    request: (p, t) => ({ verb: 'POST', url: `/api/accountusers/${t.id}/privileges/remove`, body: grantBody(p.y.id) }),
    expected: ADMIN_ONLY(201),
  },
  {
    path: 'accountusers/:userId/privileges/add-or-modify-action',
    method: 'create',
    what: 'privilege: add or change its action',
    request: (p, t) => ({ verb: 'POST', url: `/api/accountusers/${t.id}/privileges/add-or-modify-action`, body: grantBody(p.y.id, 'EDIT') }),
    expected: ADMIN_ONLY(201),
  },
  {
    path: 'accountusers/:userId/toggleRequestRemoval',
    method: 'create',
    what: 'removal request (everyone may make their own)',
    request: (_p, t) => ({ verb: 'POST', url: `/api/accountusers/${t.id}/toggleRequestRemoval`, body: {} }),
    expected: {
      globalAdmin: '201 201 201 201 201 201 201',
      accountAdmin: '201 403 201 201 201 201 201',
      companyAdmin: '201 403 403 403 201 403 201',
      user: '201 403 403 403 403 403 403',
      otherAdmin: '- 404 404 404 404 404 201',
    },
  },
  {
    path: 'companies/:companyId/users',
    method: 'create',
    what: 'add to a company (W)',
    request: async (p, t) => ({ verb: 'POST', url: `/api/companies/${p.w.id}/users`, body: { username: (await person(t.id)).username } }),
    expected: {
      globalAdmin: '201 201 201 201 201 201 201',
      accountAdmin: '201 403 201 201 201 201 201',
      companyAdmin: '403 403 403 403 201 403 201',
      user: FORBIDDEN_ALL,
      // Not a member of B: the add box's "User not found".
      otherAdmin: '- 400 400 400 400 400 201',
    },
  },
  {
    path: 'companies/:companyId/users',
    method: 'remove',
    what: 'take out of a company (X)',
    request: (p, t) => ({ verb: 'DELETE', url: `/api/companies/${p.x.id}/users/${t.id}` }),
    expected: {
      // Only the company administrator, the users of X and the person in two accounts belong to X.
      globalAdmin: '404 404 404 200 200 404 200',
      accountAdmin: '404 403 404 200 200 404 200',
      companyAdmin: '403 403 403 403 200 403 200',
      user: FORBIDDEN_ALL,
      otherAdmin: '- 404 404 404 404 404 200',
    },
  },
  {
    path: 'companies/:companyId/users-with-access',
    method: 'update',
    what: 'access to a company (X): give',
    request: (p, t) => ({ verb: 'PUT', url: `/api/companies/${p.x.id}/users-with-access/${t.id}`, body: { action: 'ACCESS' } }),
    expected: {
      globalAdmin: '200 200 200 200 200 200 200',
      accountAdmin: '200 403 200 200 200 200 200',
      companyAdmin: '403 403 403 403 200 403 200',
      user: FORBIDDEN_ALL,
      otherAdmin: '- 404 404 404 404 404 200',
    },
  },
  {
    path: 'companies/:companyId/users-with-access',
    method: 'remove',
    what: 'access to a company (X): take away',
    prepare: async (p, t) => {
      if (!(await holds(t.id, p.account.id, p.x.id))) await make.grant(t, { resource: 'COMPANY', resourceId: p.x.id, action: 'VIEW' }, p.account.id)
    },
    request: (p, t) => ({ verb: 'DELETE', url: `/api/companies/${p.x.id}/users-with-access/${t.id}` }),
    expected: {
      globalAdmin: '200 200 200 200 200 200 200',
      accountAdmin: '200 403 200 200 200 200 200',
      companyAdmin: '403 403 403 403 200 403 200',
      user: FORBIDDEN_ALL,
      otherAdmin: '- 404 404 404 404 404 200',
    },
  },
  // The identity endpoints: their calls belong to the identity work (current password, reset
  // links); the rule they must follow is this one: only the person, or a global admin.
  {
    path: 'accountusers/pwd/:userId',
    method: 'create',
    what: 'password (identity)',
    identity: true,
    request: (_p, t) => ({ verb: 'POST', url: `/api/accountusers/pwd/${t.id}`, body: { password: 'Another-pass-4471', repeatPassword: 'Another-pass-4471' } }),
    expected: {
      globalAdmin: 'ok ok ok ok ok ok ok',
      accountAdmin: 'ok 403 403 403 403 403 403',
      companyAdmin: 'ok 403 403 403 403 403 403',
      user: 'ok 403 403 403 403 403 403',
      otherAdmin: '- nf nf nf nf nf 403',
    },
  },
  {
    path: 'accountusers/:userId/username',
    method: 'create',
    what: 'login e-mail (identity)',
    identity: true,
    request: (_p, t) => ({ verb: 'POST', url: `/api/accountusers/${t.id}/username`, body: { username: `renamed-${t.id}@fixture.test` } }),
    expected: {
      globalAdmin: 'ok ok ok ok ok ok ok',
      accountAdmin: 'ok 403 403 403 403 403 403',
      companyAdmin: 'ok 403 403 403 403 403 403',
      user: 'ok 403 403 403 403 403 403',
      otherAdmin: '- nf nf nf nf nf 403',
    },
  },
  {
    path: 'accountusers/:accountId/toggle/:userId/2fa',
    method: 'create',
    what: 'two-factor off (identity; nobody here has set it up, so an allowed call answers 409)',
    identity: true,
    request: (p, t) => ({ verb: 'POST', url: `/api/accountusers/${p.account.id}/toggle/${t.id}/2fa`, body: {} }),
    expected: {
      globalAdmin: 'ok ok ok ok ok ok ok',
      accountAdmin: 'ok 403 403 403 403 403 403',
      companyAdmin: '- 403 403 403 403 403 403',
      user: '- 403 403 403 403 403 403',
      otherAdmin: '- nf nf nf nf nf 403',
    },
  },
]

/**
 * Reviewed: services that name a user in their path but change no one else. Reads follow
 * the users list's own rule (company managers read their companies' users only).
 */
const NOT_ACTS: Record<string, string> = {
  'accountusers/:userId/privileges': 'reads the grants',
  'accountusers/:userId/privileges/projects': 'reads the grants',
  'accountusers/:userId/authorities/:resource/:resourceId': 'reads the grants',
  'accountusers/:userId/language/:language': "the caller's own language only (403 for another id)",
  'accountusers/:userId/file-view': "the caller's own folder view only (403 for another id)",
  'accountusers/:userId/file-view/:type': "the caller's own folder view only (403 for another id)",
}
/** Reviewed: methods of acting services that act on no one (reads, and the new-user calls of the creation matrix). */
const NOT_ACTING_METHODS: Record<string, Method[]> = {
  'accountusers/:accountId': ['find', 'create'],
  'companies/:companyId/users': ['find'],
  'companies/:companyId/users-with-access': ['find', 'get'],
}

const registry: RegisteredService[] = app.get('registry')

describe('the registry', () => {
  test('every service that acts on a user is in the matrix', () => {
    const acting = registry.filter((s) => s.targets || /:userId\b/.test(s.path))
    expect(acting.length).toBeGreaterThan(10)
    for (const s of acting) {
      if (NOT_ACTS[s.path]) continue
      for (const method of s.methods) {
        if (NOT_ACTING_METHODS[s.path]?.includes(method)) continue
        expect(
          ENDPOINTS.some((e) => e.path === s.path && e.method === method),
          `${s.path} ${method} acts on a user: add it to ENDPOINTS in api/src/people.test.ts (or, if it acts on no one, to NOT_ACTS)`,
        ).toBe(true)
      }
    }
  })

  test('every method of the matrix declares its target, except the identity ones (their own work)', () => {
    for (const e of ENDPOINTS.filter((e) => !e.identity))
      expect(registry.find((s) => s.path === e.path)?.targets?.[e.method], `${e.path} ${e.method} declares no target`).toBeDefined()
  })
})

/** The 403s: the spec's text for a person the caller may not act on; the flag hook's for a caller without the menu flag. */
const REFUSALS = ['You do not have access to edit this user', 'You do not have permission to do this', 'Change your own e-mail on your profile page, with your password']

const VERB_OK = (status: number) => ![401, 403, 404].includes(status) && status < 500

const matches = (expected: string, status: number) => {
  if (expected === 'ok') return VERB_OK(status)
  if (expected === 'nf') return status === 403 || status === 404
  return status === Number(expected)
}

describe.each(ENDPOINTS)('$path $method: $what', (endpoint) => {
  test.each(CALLERS)('as %s', async (caller) => {
    const expectations = endpoint.expected[caller].split(' ')
    expect(expectations).toHaveLength(TARGETS.length)
    const where = placeOf(caller)
    const targets = await targetsFor(caller)
    const failures: string[] = []
    for (const [i, kind] of TARGETS.entries()) {
      const expected = expectations[i]!
      if (expected === '-') continue
      const target = targets[kind]
      if (endpoint.prepare && (await member(target.id, where.account.id))) await endpoint.prepare(where, target)
      const before = await rowsOf(target.id)
      const outside = await rowsOutside(target.id, where.account.id)
      const { verb, url, body } = await endpoint.request(where, target)
      const answer = await call(verb, url, body, tokens[caller])
      const label = `${kind}: ${verb} ${url} answered ${answer.status} ${JSON.stringify(answer.body?.message ?? '')}, expected ${expected}`
      if (!matches(expected, answer.status)) failures.push(label)
      const refused = answer.status >= 400
      if (refused && JSON.stringify(await rowsOf(target.id)) !== JSON.stringify(before)) failures.push(`${label}: a refused call changed the target's rows`)
      if (answer.status === 403 && !endpoint.identity && !REFUSALS.includes(answer.body?.message)) failures.push(`${label}: the refusal is not the spec's text`)
      // A membership act in one account never reaches the person's other account.
      if (caller !== 'globalAdmin' && JSON.stringify(await rowsOutside(target.id, where.account.id)) !== JSON.stringify(outside))
        failures.push(`${label}: changed the person's rows in another account`)
    }
    expect(failures).toEqual([])
  })
})
