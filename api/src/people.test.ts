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
import { type AccountFixture, type CompanyFixture, type Person, type ProjectFixture, fixtures } from '@app/testing'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'

const server = await startTestServer()
const { app, call, knex } = server
afterAll(() => server.close())
const make = fixtures(server)

const CALLERS = ['globalAdmin', 'accountAdmin', 'companyAdmin', 'user', 'otherAdmin'] as const
type Caller = (typeof CALLERS)[number]
const TARGETS = ['self', 'globalAdmin', 'accountAdmin', 'companyAdmin', 'userOfCompany', 'userOfOtherCompany', 'twoAccounts'] as const
type Target = (typeof TARGETS)[number]

/**
 * An account as the matrix uses it: X holds the targets, W is where they are placed, Y is
 * another company; the project's client is X (its administrator administers the project),
 * the other project's is Y.
 */
interface Place {
  account: AccountFixture
  x: CompanyFixture
  y: CompanyFixture
  w: CompanyFixture
  project: ProjectFixture
  projectOfY: ProjectFixture
}
const place = async (): Promise<Place> => {
  const account = await make.account()
  const [x, y, w] = [await make.company(account), await make.company(account), await make.company(account)]
  return { account, x, y, w, project: await make.project(account, { client: x }), projectOfY: await make.project(account, { client: y }) }
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
const tokens = await make.signInAll(callers)
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
const holdsProject = async (userId: number, accountId: number, projectId: number) =>
  Boolean(await knex('privileges').where({ account_id: accountId, user_id: userId, resource: 'PROJECT', resource_id: projectId }).whereNull('name').first('id'))
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
/** Giving or taking access to a company: the same callers may do both, to the same people. */
const COMPANY_ACCESS = {
  globalAdmin: '200 200 200 200 200 200 200',
  accountAdmin: '200 403 200 200 200 200 200',
  companyAdmin: '403 403 403 403 200 403 200',
  user: FORBIDDEN_ALL,
  otherAdmin: '- 404 404 404 404 404 200',
}
/** As COMPANY_ACCESS, for a project whose client is X and a call answering `ok`; a plain member is refused by the project scope. */
const COMPANY_ACCESS_AS = (ok: number) => ({
  globalAdmin: `${ok} ${ok} ${ok} ${ok} ${ok} ${ok} ${ok}`,
  accountAdmin: `${ok} 403 ${ok} ${ok} ${ok} ${ok} ${ok}`,
  companyAdmin: `403 403 403 403 ${ok} 403 ${ok}`,
  user: FORBIDDEN_ALL,
  otherAdmin: `- 404 404 404 404 404 ${ok}`,
})
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
    expected: COMPANY_ACCESS,
  },
  {
    path: 'companies/:companyId/users-with-access',
    method: 'remove',
    what: 'access to a company (X): take away',
    prepare: async (p, t) => {
      if (!(await holds(t.id, p.account.id, p.x.id))) await make.grant(t, { resource: 'COMPANY', resourceId: p.x.id, action: 'VIEW' }, p.account.id)
    },
    request: (p, t) => ({ verb: 'DELETE', url: `/api/companies/${p.x.id}/users-with-access/${t.id}` }),
    expected: COMPANY_ACCESS,
  },
  // A project's levels (part2 §6): the project's administrators; a company administrator
  // only its ordinary users, on its companies' projects; a plain member, 403 from the project scope.
  {
    path: 'projects/:projectId/users',
    method: 'create',
    what: 'a project (client X): add a user by username (VIEW)',
    prepare: async (p, t) => {
      await knex('privileges').where({ account_id: p.account.id, user_id: t.id, resource: 'PROJECT', resource_id: p.project.id }).whereNull('name').delete()
    },
    request: (p, t) => ({ verb: 'POST', url: `/api/projects/${p.project.id}/users`, body: { username: t.username } }),
    expected: { ...COMPANY_ACCESS_AS(201), otherAdmin: '- 400 400 400 400 400 201' },
  },
  {
    path: 'projects/:projectId/users',
    method: 'update',
    what: 'a project (client X): Set a user’s level',
    request: (p, t) => ({ verb: 'PUT', url: `/api/projects/${p.project.id}/users`, body: { userId: t.id, accessLevel: 'DOWNLOAD' } }),
    expected: COMPANY_ACCESS_AS(200),
  },
  {
    path: 'projects/:projectId/users',
    method: 'remove',
    what: 'a project (client X): remove a user (their own grant)',
    prepare: async (p, t) => {
      if (!(await holdsProject(t.id, p.account.id, p.project.id))) await make.grantProject(t, p.project, 'VIEW')
    },
    request: (p, t) => ({ verb: 'DELETE', url: `/api/projects/${p.project.id}/users/${t.id}` }),
    expected: COMPANY_ACCESS_AS(200),
  },
  {
    path: 'accountusers/:accountId/reset-link/:userId',
    method: 'create',
    what: 'send a password reset link (the person sets the password)',
    request: (p, t) => ({ verb: 'POST', url: `/api/accountusers/${p.account.id}/reset-link/${t.id}`, body: {} }),
    expected: ADMIN_ONLY(201),
  },
  // The identity endpoints (current password, confirmed e-mail): their services ask the rule
  // themselves (identity.ts); only the person, or a global admin. Sent without the current
  // password, an allowed call of one's own answers 400.
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
  'projects/:projectId/users': ['find', 'get'],
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
const REFUSALS = [
  'You do not have access to edit this user',
  'You do not have permission to do this',
  'Change your own e-mail on your profile page, with your password',
  'This needs ADMINISTER access to the project',
]

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

/** What a new user may be given, by whom (the wizard's roleId, companyId and privileges); a refusal creates nothing. */
describe('creating a user with a role, a company and privileges', () => {
  type Gift = (p: Place) => Promise<Record<string, unknown>>
  const GIFTS: [string, Gift, boolean][] = [
    // [what, body, needs the privileges call]
    ['the Administrators role', async (p) => ({ roleId: await roleId(p.account.id, 'ADMIN') }), false],
    ['Basic in an administered company', async (p) => ({ roleId: await roleId(p.account.id, 'USER'), companyId: p.x.id }), false],
    ['another company', async (p) => ({ companyId: p.y.id }), false],
    ['no company', async () => ({}), false],
    ['administer on an administered company', async (p) => ({ companyId: p.x.id, privileges: [{ resource: 'COMPANY', resourceId: p.w.id, action: 'ADMINISTER' }] }), true],
    ['access to another company', async (p) => ({ companyId: p.x.id, privileges: [{ resource: 'COMPANY', resourceId: p.y.id, action: 'VIEW' }] }), true],
    ['a level on a project whose client is administered', async (p) => ({ companyId: p.x.id, privileges: [{ resource: 'PROJECT', resourceId: p.project.id, action: 'EDIT' }] }), true],
    ['a level on another client’s project', async (p) => ({ companyId: p.x.id, privileges: [{ resource: 'PROJECT', resourceId: p.projectOfY.id, action: 'VIEW' }] }), true],
  ]
  const EXPECTED: Record<Caller, number[]> = {
    globalAdmin: [201, 201, 201, 201, 201, 201, 201, 201],
    accountAdmin: [201, 201, 201, 201, 201, 201, 201, 201],
    companyAdmin: [403, 201, 403, 403, 201, 403, 201, 403],
    user: [403, 403, 403, 403, 403, 403, 403, 403],
    otherAdmin: [404, 404, 404, 404, 404, 404, 404, 404],
  }
  const PATHS = ['createUserWithPrivileges', 'createEmptyUser', ''] as const
  const counts = async () => ({
    users: Number((await knex('users').count({ n: '*' }).first())?.n),
    members: Number((await knex('account_users').count({ n: '*' }).first())?.n),
    grants: Number((await knex('privileges').count({ n: '*' }).first())?.n),
  })
  let made = 0

  test.each(CALLERS)('as %s', async (caller) => {
    const failures: string[] = []
    for (const path of PATHS)
      for (const [i, [what, gift, withPrivileges]] of GIFTS.entries()) {
        if (withPrivileges && path !== 'createUserWithPrivileges') continue
        const email = `new-${caller}-${++made}@fixture.test`
        const body = { email, repeatEmail: email, firstName: 'New', lastName: 'Person', ...(await gift(A)) }
        const before = await counts()
        const url = `/api/accountusers/${A.account.id}${path ? `/${path}` : ''}`
        const answer = await call('POST', url, body, tokens[caller])
        const expected = EXPECTED[caller][i]!
        if (answer.status !== expected) failures.push(`${what} through ${url}: ${answer.status} ${answer.body?.message}, expected ${expected}`)
        if (answer.status >= 400 && JSON.stringify(await counts()) !== JSON.stringify(before)) failures.push(`${what} through ${url}: a refused call wrote rows`)
      }
    expect(failures).toEqual([])
  })
})

describe('adding a person who is registered already', () => {
  const outbox = async (to: string) => {
    const { readdir, readFile } = await import('node:fs/promises')
    const dir = `${server.config.dataDir}/outbox`
    const mails = await Promise.all((await readdir(dir).catch(() => [])).map((f) => readFile(`${dir}/${f}`, 'utf8')))
    return mails.filter((m) => m.includes(to))
  }
  const add = (caller: Caller, email: string, extra: Record<string, unknown> = {}) =>
    call('POST', `/api/accountusers/${placeOf(caller).account.id}/createUserWithPrivileges`, { email, repeatEmail: email, firstName: 'Other', lastName: 'Names', ...extra }, tokens[caller])

  test('makes them a member of the caller’s account: their identity stays, they are told, and they switch to it', async () => {
    const elsewhere = await make.account()
    const person = await make.user(elsewhere, 'user', { firstName: 'Pia', lastName: 'Person' })
    const identity = await knex('users').where({ id: person.id }).first()
    const answer = await add('accountAdmin', person.username.toUpperCase(), { companyId: A.x.id })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({ id: person.id, accountId: A.account.id, firstName: 'Pia', lastName: 'Person', companyId: A.x.id, enabled: true })
    // Names, acronym, language and password are the person's: the wizard's names are not used.
    expect(await knex('users').where({ id: person.id }).first()).toEqual(identity)
    expect(await knex('user_tokens').where({ user_id: person.id })).toEqual([])
    const [mail] = await outbox(person.username)
    expect(mail).toContain(`You were added to ${A.account.name}`)
    expect(mail).not.toContain('welcomeNewUser')

    const token = await make.signIn(person)
    const contexts = await call('GET', '/api/contexts', undefined, token)
    expect(contexts.body.map((c: { contextId: number }) => c.contextId).sort()).toEqual([elsewhere.id, A.account.id].sort())
    const switched = await call('POST', `/api/contexts/${A.account.id}`, {}, token)
    expect(switched.status).toBe(201)
    // The new token acts in the account they were added to.
    const accounts = await call('GET', '/api/accounts', undefined, switched.body.accessToken)
    expect(accounts.body.data.map((a: { id: number }) => a.id)).toEqual([A.account.id])
  })

  test('a member already, enabled or not, answers 409 and nothing changes', async () => {
    const person = await make.user(A.account, 'user')
    const again = await add('accountAdmin', person.username)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Email is already registered')
    await knex('account_users').where({ user_id: person.id }).update({ enabled: false })
    const before = await rowsOf(person.id)
    expect((await add('accountAdmin', person.username)).status).toBe(409)
    expect(await rowsOf(person.id)).toEqual(before)
  })

  test('a removed member is added back; an anonymised person cannot be', async () => {
    const person = await make.user(A.account, 'user')
    expect((await call('DELETE', `/api/accountusers/${person.id}/remove`, undefined, tokens.accountAdmin)).status).toBe(200)
    const back = await add('accountAdmin', person.username)
    expect(back.status, JSON.stringify(back.body)).toBe(201)
    expect(back.body.id).toBe(person.id)

    const gone = await make.user(A.account, 'user')
    expect((await call('DELETE', `/api/accountusers/${gone.id}/anonymous`, undefined, tokens.accountAdmin)).status).toBe(200)
    const anonymised = (await knex('users').where({ id: gone.id }).first('username')).username
    const before = await rowsOf(gone.id)
    // The anonymous address is no e-mail a form accepts, and the old one now names nobody: a new person.
    expect((await add('otherAdmin', anonymised)).status).toBe(400)
    const fresh = await add('otherAdmin', gone.username)
    expect(fresh.status).toBe(201)
    expect(fresh.body.id).not.toBe(gone.id)
    expect(await rowsOf(gone.id)).toEqual(before)
  })

  test('a company administrator adds them only as an ordinary user of its company', async () => {
    const person = await make.user(await make.account(), 'accountAdmin')
    const before = await rowsOf(person.id)
    for (const extra of [{ roleId: await roleId(A.account.id, 'ADMIN'), companyId: A.x.id }, { companyId: A.y.id }, {}]) {
      const refused = await add('companyAdmin', person.username, extra)
      expect(refused.status, JSON.stringify(extra)).toBe(403)
    }
    expect(await rowsOf(person.id)).toEqual(before)
    const added = await add('companyAdmin', person.username, { companyId: A.x.id })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ companyId: A.x.id, securityGroup: 'USER', accessLevel: 'ACCESS' })
  })

  test('their acronym is theirs: taken in this account already, 409', async () => {
    const person = await make.user(await make.account(), 'user')
    const acronym = (await knex('users').where({ id: person.id }).first('acronym')).acronym
    const holder = await make.user(A.account, 'user')
    await knex('users').where({ id: holder.id }).update({ acronym })
    await knex('account_users').where({ user_id: holder.id }).update({ acronym_key: acronym.toLowerCase() })
    const answer = await add('accountAdmin', person.username)
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe('Acronym is already in use')
    expect(await member(person.id, A.account.id)).toBeUndefined()
  })
})

describe('a global admin of the platform', () => {
  test('is one in every account they belong to: an account admin acts on none of their memberships', async () => {
    const platform = await make.account()
    const staff = await make.user(platform, 'globalAdmin')
    await make.join(staff, A.account, 'user', { company: A.x })
    const before = await rowsOf(staff.id)
    const attempts: [string, string, unknown?][] = [
      ['POST', `/api/accountusers/${A.account.id}/toggle/${staff.id}`, {}],
      ['POST', `/api/accountusers/${A.account.id}/securitygroups/${staff.id}/${await roleId(A.account.id, 'ADMIN')}`, {}],
      ['POST', `/api/accountusers/${staff.id}/privileges/add`, grantBody(A.w.id)],
      ['DELETE', `/api/accountusers/${staff.id}/remove`],
    ]
    for (const [verb, url, body] of attempts) {
      const answer = await call(verb, url, body, tokens.accountAdmin)
      expect(answer.status, `${verb} ${url}`).toBe(403)
      expect(answer.body.message).toBe('You do not have access to edit this user')
    }
    expect((await call('DELETE', `/api/companies/${A.x.id}/users/${staff.id}`, undefined, tokens.companyAdmin)).status).toBe(403)
    expect(await rowsOf(staff.id)).toEqual(before)
  })
})

describe('a refused grant change', () => {
  test('writes nothing: a platform grant, a list of grants, a grant not held', async () => {
    const target = await make.user(A.account, 'user')
    await make.grant(target, { resource: 'COMPANY', resourceId: A.x.id, action: 'VIEW' })
    const before = await rowsOf(target.id)
    const remove = (body: unknown) => call('POST', `/api/accountusers/${target.id}/privileges/remove`, body, tokens.accountAdmin)
    const platform = await remove({ resource: 'GLOBAL_ADMIN', action: 'ADMINISTER' })
    expect(platform.status).toBe(403)
    expect(platform.body.message).toBe('Only global admins may grant or remove platform privileges')
    // One grant a call: a list is no body any service takes.
    expect((await remove([grantBody(A.x.id), { resource: 'GLOBAL_ADMIN', action: 'ADMINISTER' }])).status).toBe(400)
    expect((await remove(grantBody(A.w.id))).status).toBe(404)
    expect(await rowsOf(target.id)).toEqual(before)
    expect((await remove(grantBody(A.x.id))).status).toBe(201)
    expect(await knex('privileges').where({ user_id: target.id })).toEqual([])
  })
})

describe('the ranks come from the level, the role or a grant', () => {
  test('an account admin by the Administrators role or by ACCOUNT ADMINISTER manages members, but not a global admin', async () => {
    const byRole = await make.user(A.account, 'adminRole')
    const byGrant = await make.user(A.account, 'user')
    await make.grant(byGrant, { resource: 'ACCOUNT', action: 'ADMINISTER', name: 'ADMIN-ACCESS' })
    for (const admin of [byRole, byGrant]) {
      const token = await make.signIn(admin)
      const toggle = (target: Person) => call('POST', `/api/accountusers/${A.account.id}/toggle/${target.id}`, {}, token)
      expect((await toggle(await make.user(A.account, 'user'))).status).toBe(201)
      expect((await toggle(await make.user(A.account, 'accountAdmin'))).status).toBe(201)
      const global = await make.user(A.account, 'globalAdmin')
      const before = await rowsOf(global.id)
      expect((await toggle(global)).status).toBe(403)
      expect(await rowsOf(global.id)).toEqual(before)
    }
  })

  test('a holder of ASSIGN_USER_TO_COMPANY places ordinary users in any company, never an admin, and edits no one', async () => {
    const assigner = await make.user(A.account, 'user')
    await make.grant(assigner, { resource: 'COMPANY', action: 'ACCESS', name: 'ASSIGN_USER_TO_COMPANY' })
    const token = await make.signIn(assigner)
    const place = async (target: Person) =>
      (await call('POST', `/api/companies/${A.w.id}/users`, { username: target.username }, token)).status
    expect(await place(await make.user(A.account, 'user', { company: A.y }))).toBe(201)
    expect(await place(await make.user(A.account, 'accountAdmin'))).toBe(403)
    const ordinary = await make.user(A.account, 'user', { company: A.w })
    const edit = await call('PUT', `/api/accountusers/${A.account.id}`, { id: ordinary.id, username: ordinary.username, firstName: 'Edited', lastName: 'Name', acronym: 'EDN' }, token)
    expect(edit.status).toBe(403)
  })
})

describe('a global admin of another account, as a caller', () => {
  test('is an ordinary member where they are one: they ask only for their own removal', async () => {
    const platform = await make.account()
    const staff = await make.user(platform, 'globalAdmin')
    const here = await make.join(staff, A.account, 'user')
    const token = await make.signIn(here)
    const someone = await make.user(A.account, 'user')
    const before = await rowsOf(someone.id)
    const refused = await call('POST', `/api/accountusers/${someone.id}/toggleRequestRemoval`, {}, token)
    expect(refused.status).toBe(403)
    expect(await rowsOf(someone.id)).toEqual(before)
    expect((await call('POST', `/api/accountusers/${staff.id}/toggleRequestRemoval`, {}, token)).status).toBe(201)
  })
})

/** The outside review's three findings, each as the attacker tried it (the password calls are the identity work's, in the matrix above). */
describe('the review’s findings', () => {
  const tryAll = async (token: string, attempts: [string, string, unknown?][]) => {
    const answers: string[] = []
    for (const [verb, url, body] of attempts) answers.push(`${verb} ${url} ${(await call(verb, url, body, token)).status}`)
    return answers
  }
  const refusedAll = (answers: string[]) => answers.filter((a) => !/ 40[34]$/.test(a))

  test('an account admin cannot take over the platform’s global admin', async () => {
    const global = await make.user(A.account, 'globalAdmin')
    const u = await person(global.id)
    const before = await rowsOf(global.id)
    const answers = await tryAll(tokens.accountAdmin, [
      ['PUT', `/api/accountusers/${A.account.id}`, { id: global.id, username: 'mine@fixture.test', firstName: u.first_name, lastName: u.last_name, acronym: u.acronym }],
      ['POST', `/api/accountusers/${A.account.id}/accesslevel/${global.id}/ACCESS`, {}],
      ['POST', `/api/accountusers/${A.account.id}/securitygroups/${global.id}/${await roleId(A.account.id, 'USER')}`, {}],
      ['POST', `/api/accountusers/${A.account.id}/toggle/${global.id}`, {}],
      ['POST', `/api/accountusers/${global.id}/privileges/remove`, { resource: 'GLOBAL_ADMIN', action: 'ADMINISTER' }],
      ['DELETE', `/api/accountusers/${global.id}/anonymous`],
      ['DELETE', `/api/accountusers/${global.id}/remove`],
    ])
    expect(refusedAll(answers)).toEqual([])
    expect(await rowsOf(global.id)).toEqual(before)
  })

  test('a company administrator cannot make itself, or anyone it makes, an account admin', async () => {
    const self = callers.companyAdmin
    const before = await rowsOf(self.id)
    const email = `creature-${self.id}@fixture.test`
    const answers = await tryAll(tokens.companyAdmin, [
      ['POST', `/api/accountusers/${A.account.id}/securitygroups/${self.id}/${await roleId(A.account.id, 'ADMIN')}`, {}],
      ['POST', `/api/accountusers/${A.account.id}/accesslevel/${self.id}/ACCOUNT_ADMIN`, {}],
      ['POST', `/api/accountusers/${self.id}/privileges/add`, { resource: 'ACCOUNT', action: 'ADMINISTER', name: 'ADMIN-ACCESS' }],
      ['PUT', `/api/companies/${A.y.id}/users-with-access/${self.id}`, { action: 'ADMINISTER' }],
      ['POST', `/api/companies/${A.y.id}/users`, { username: self.username }],
      [
        'POST',
        `/api/accountusers/${A.account.id}/createUserWithPrivileges`,
        { email, repeatEmail: email, firstName: 'Cre', lastName: 'Ature', companyId: A.x.id, roleId: await roleId(A.account.id, 'ADMIN') },
      ],
    ])
    expect(refusedAll(answers)).toEqual([])
    expect(await rowsOf(self.id)).toEqual(before)
    expect(await knex('users').where({ username: email }).first('id')).toBeUndefined()
  })

  test('the admin of one account cannot take over a person who is also a member of another', async () => {
    const shared = await make.user(A.account, 'accountAdmin')
    const inB = await make.join(shared, B.account, 'user', { company: B.x })
    const u = await person(shared.id)
    const before = await rowsOf(shared.id)
    const answers = await tryAll(tokens.otherAdmin, [
      ['PUT', `/api/accountusers/${B.account.id}`, { id: inB.id, username: 'taken-over@fixture.test', firstName: u.first_name, lastName: u.last_name, acronym: u.acronym }],
      ['PUT', `/api/accountusers/${B.account.id}`, { id: inB.id, username: u.username, firstName: 'Taken', lastName: 'Over', acronym: u.acronym }],
    ])
    expect(refusedAll(answers)).toEqual([])
    expect((await call('DELETE', `/api/accountusers/${inB.id}/anonymous`, undefined, tokens.otherAdmin)).status).toBe(409)
    expect(await rowsOf(shared.id)).toEqual(before)
    // B's membership is B's: its admin may still switch it off, and A's stays as it was.
    const inA = await rowsOutside(shared.id, B.account.id)
    expect((await call('POST', `/api/accountusers/${B.account.id}/toggle/${inB.id}`, {}, tokens.otherAdmin)).status).toBe(201)
    expect(await rowsOutside(shared.id, B.account.id)).toEqual(inA)
    expect((await knex('account_users').where({ user_id: shared.id, account_id: B.account.id }).first('enabled')).enabled).toBeFalsy()
  })
})
