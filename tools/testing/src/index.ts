/**
 * Fixture builders: each test makes the accounts, people and companies it needs on its
 * own test server, named so that two builders never collide, instead of leaning on the
 * demo seed. Rows are written the way the product writes them (core's account creation,
 * the membership's list keys, the companies' search keys), then used over HTTP.
 *
 *   const server = await startTestServer()
 *   const make = fixtures(server)
 *   const acme = await make.account()
 *   const boss = await make.user(acme, 'companyAdmin', { company: await make.company(acme) })
 *   const token = await make.signIn(boss)
 */
import { type TestServer, startTestServer } from '@app/api/testing'
import { cityKey, searchKey } from '@app/plugin-companies'
import { hashPassword, insertAccountWithAdmin, memberKeys } from '@app/plugin-core'
import { folderSearchKey, insertFiles, writeFolderWords } from '@app/plugin-documents'
import type { HttpAnswer } from '@app/plugin-kit'
import type { PrivilegeAction, PrivilegeResource } from '@app/plugin-kit/shared'

export { linkToken, type Mail, mailsTo, outbox, waitForMails } from './outbox'
export { type HeadAnswer, uploadHead } from './upload-head'

export { startTestServer, type TestServer }

/**
 * Who a person is in an account, highest first. `adminRole` is an account admin through
 * the Administrators role (level ACCESS); `companyAdmin` administers the companies given.
 */
export const RANKS = ['globalAdmin', 'accountAdmin', 'adminRole', 'companyAdmin', 'salesAdmin', 'user'] as const
export type Rank = (typeof RANKS)[number]

const LEVEL: Record<Rank, string> = {
  globalAdmin: 'GLOBAL_ADMIN',
  accountAdmin: 'ACCOUNT_ADMIN',
  adminRole: 'ACCESS',
  companyAdmin: 'ACCESS',
  salesAdmin: 'SALES_ADMIN',
  user: 'ACCESS',
}
const ADMIN_ROLE: Record<Rank, boolean> = {
  globalAdmin: true,
  accountAdmin: true,
  adminRole: true,
  companyAdmin: false,
  salesAdmin: false,
  user: false,
}

export const FIXTURE_PASSWORD = 'fixture-password-7431'

export interface AccountFixture {
  id: number
  name: string
  /** The account's first admin (ACCOUNT_ADMIN, Administrators role), made with it. */
  admin: Person
}

export interface CompanyFixture {
  id: number
  accountId: number
  name: string
}

export interface ProjectFixture {
  id: number
  accountId: number
  name: string
  symbol: string
}

export interface DocumentTypeFixture {
  id: number
  accountId: number
  name: string
}

/** What a new document may be given (the fixtures' `document` and `documents`). */
export interface DocumentOptions {
  name?: string
  symbol?: string | null
  type?: DocumentTypeFixture
  state?: 'IN_PROGRESS' | 'ARCHIVED'
  /** Its responsible and its author (people of the account): none unless named. */
  responsibleId?: number | null
  createdBy?: number | null
}

export interface DocumentFixture {
  id: number
  accountId: number
  projectId: number
  name: string
  symbol: string | null
}

/** A file row of a document (no bytes in the store: for lists, search and counts, not for downloads). */
export interface FileFixture {
  id: number
  documentId: number
  name: string
}

export interface RoleFixture {
  id: number
  accountId: number
  name: string
}

export interface Person {
  id: number
  username: string
  password: string
  /** The account the person was made in: signIn(person) acts there. */
  accountId: number
}

export interface UserOptions {
  /** The company the membership belongs to (an external user, a company's own staff). */
  company?: CompanyFixture
  /** For `companyAdmin`: the companies administered (default: `company`, or a new one). */
  administers?: CompanyFixture[]
  /** A role of the account instead of the rank's built-in one. */
  role?: RoleFixture
  firstName?: string
  lastName?: string
  /** A fixed login e-mail and acronym (the docs' screenshots); by default both are unique. */
  username?: string
  acronym?: string
}

export interface AccountOptions {
  name?: string
  /** A fixed account number, office e-mail and first admin (the docs' screenshots); unique by default. */
  number?: string
  email?: string
  admin?: { username: string; firstName: string; lastName: string }
}

export interface FixtureOptions {
  /** When every row is made; fixed for the docs' screenshots, so their dates stay put. Now by default. */
  at?: Date
}

export interface Grant {
  resource: PrivilegeResource
  resourceId?: number | null
  action: PrivilegeAction
  name?: string | null
}

export const fixtures = (server: Pick<TestServer, 'app' | 'knex' | 'call'>, { at }: FixtureOptions = {}) => {
  const { app, knex, call } = server
  // Unique across servers sharing a MariaDB test database name space, and within one test.
  const run = Math.random().toString(36).slice(2, 7)
  let made = 0
  const next = () => `${run}${++made}`
  let passwordHash: Promise<string> | undefined
  const hashed = () => (passwordHash ??= hashPassword(FIXTURE_PASSWORD))
  const now = () => (at ?? new Date()).toISOString()

  const roleOf = async (accountId: number, admin: boolean) =>
    Number((await knex('roles').where({ account_id: accountId, security_group: admin ? 'ADMIN' : 'USER' }).orderBy('id').first('id')).id)

  /** A grant to the person in the account (their own by default); answers the privilege's id. */
  const grant = async (person: Person, grant: Grant, accountId = person.accountId): Promise<number> => {
    const [id] = await knex('privileges').insert({
      account_id: accountId,
      user_id: person.id,
      name: grant.name ?? null,
      resource: grant.resource,
      resource_id: grant.resourceId ?? null,
      action: grant.action,
    })
    return Number(id)
  }

  /** A membership of `person` in `accountId` with the rank's level, role and grants. */
  const addMembership = async (person: Person, accountId: number, rank: Rank, options: UserOptions) => {
    const row = await knex('users').where({ id: person.id }).first('username', 'first_name', 'last_name', 'acronym', 'anonymous')
    await knex('account_users').insert({
      account_id: accountId,
      user_id: person.id,
      role_id: options.role?.id ?? (await roleOf(accountId, ADMIN_ROLE[rank])),
      company_id: options.company?.id ?? null,
      access_level: LEVEL[rank],
      enabled: true,
      created_at: now(),
      ...memberKeys(row),
    })
    if (rank === 'companyAdmin') {
      const companies = options.administers ?? [options.company ?? (await company({ id: accountId }))]
      for (const c of companies) await grant(person, { resource: 'COMPANY', resourceId: c.id, action: 'ADMINISTER' }, accountId)
    }
  }

  /** An enabled account with every default module and its first admin. */
  const account = async (options: AccountOptions = {}): Promise<AccountFixture> => {
    const key = next()
    const name = options.name ?? `Account ${key}`
    const admin = options.admin ?? { username: `admin-${key}@fixture.test`, firstName: 'Admin', lastName: `Fixture ${key}` }
    const { username } = admin
    const ids = await knex.transaction((trx) =>
      insertAccountWithAdmin(
        app,
        trx,
        {
          account_no: options.number ?? `FX-${key}`,
          company: name,
          country: 'FI',
          email: options.email ?? `office-${key}@fixture.test`,
          enabled: true,
          trial: false,
        },
        { ...admin, passwordHash: null },
        now(),
      ),
    )
    await knex('users').where({ id: ids.userId }).update({ password_hash: await hashed() })
    return { id: ids.accountId, name, admin: { id: ids.userId, username, password: FIXTURE_PASSWORD, accountId: ids.accountId } }
  }

  /** A company of the account. */
  const company = async (inAccount: { id: number }, options: { name?: string; city?: string } = {}): Promise<CompanyFixture> => {
    const name = options.name ?? `Company ${next()}`
    const city = options.city ?? 'Oulu'
    const [id] = await knex('companies').insert({
      account_id: inAccount.id,
      name,
      city,
      country: 'FI',
      search_key: searchKey(name, null),
      city_key: cityKey(city),
      created_at: now(),
    })
    return { id: Number(id), accountId: inAccount.id, name }
  }

  /** A project of the account (the projects plugin's table), made by its first admin unless said; `client` is its client company, `position` where the map marks it. */
  const project = async (
    inAccount: { id: number },
    options: { name?: string; symbol?: string; createdBy?: Person; client?: CompanyFixture; position?: { latitude: number; longitude: number } } = {},
  ): Promise<ProjectFixture> => {
    const key = next()
    const name = options.name ?? `Project ${key}`
    const symbol = options.symbol ?? `P-${key}`.slice(0, 20)
    // As the projects plugin writes a new project: its search_key (the filter box and search match it), billing notification Disabled.
    const row = { account_id: inAccount.id, name, symbol, search_key: `${symbol} ${name}`.toLowerCase(), should_notify_billing: false, created_at: now(), created_by: options.createdBy?.id ?? null }
    const placed = options.position ? { ...row, latitude: options.position.latitude, longitude: options.position.longitude } : row
    const [id] = await knex('projects').insert(options.client ? { ...placed, company_id: options.client.id } : placed)
    return { id: Number(id), accountId: inAccount.id, name, symbol }
  }

  /** An active document type of the account (setup's folder types), made for the test. */
  const documentType = async (inAccount: { id: number }, options: { name?: string } = {}): Promise<DocumentTypeFixture> => {
    const key = next()
    const name = options.name ?? `Type ${key}`
    const [id] = await knex('setup_folder_types').insert({ account_id: inAccount.id, name, type_id: `T${key}`, active: true, deletable: true, global: false, created_at: now() })
    return { id: Number(id), accountId: inAccount.id, name }
  }

  /** A document (the documents plugin's folders) in the project, of a new type unless given, IN_PROGRESS unless said. */
  const document = async (project: ProjectFixture, options: DocumentOptions = {}): Promise<DocumentFixture> =>
    (await documents(project, [options], { type: options.type ?? (await documentType({ id: project.accountId })) }))[0]!

  /** Many documents of the project at once (a list or a search past its bounds), each as `document` makes one, of one type (a new one unless given). */
  const documents = async (project: ProjectFixture, each: readonly Omit<DocumentOptions, 'type'>[], options: { type?: DocumentTypeFixture } = {}): Promise<DocumentFixture[]> => {
    const type = options.type ?? (await documentType({ id: project.accountId }))
    const at = now()
    return knex.transaction(async (trx) => {
      const made: DocumentFixture[] = []
      const people: { responsibleId: number | null; createdBy: number | null }[] = []
      for (const one of each) {
        const key = next()
        const name = one.name ?? `Document ${key}`
        const symbol = one.symbol === undefined ? `D-${key}` : one.symbol
        // As the documents plugin writes a new one: its search_key and its words (lists and search match them).
        const [id] = await trx('folders').insert({
          account_id: project.accountId,
          project_id: project.id,
          folder_type_id: type.id,
          name,
          symbol,
          search_key: folderSearchKey(symbol, name),
          state: one.state ?? 'IN_PROGRESS',
          created_at: at,
          responsible_id: one.responsibleId ?? null,
          created_by: one.createdBy ?? null,
          changed_at: at,
        })
        made.push({ id: Number(id), accountId: project.accountId, projectId: project.id, name, symbol })
        people.push({ responsibleId: one.responsibleId ?? null, createdBy: one.createdBy ?? null })
      }
      await writeFolderWords(
        trx,
        made.map((doc, n) => ({ ...doc, ...people[n]! })),
      )
      return made
    })
  }

  /**
   * A file of the document as its Files tab lists it (the revision in work unless one is
   * named, ATTACHMENT unless said), a row alone: nothing is stored under its key, so it
   * cannot be downloaded.
   */
  const file = async (
    of: DocumentFixture,
    name: string,
    options: { type?: 'ATTACHMENT' | 'COMMENT'; size?: number; mime?: string; place?: { latitude: number; longitude: number }; revisionId?: number } = {},
  ): Promise<FileFixture> => {
    const [id] = await insertFiles(knex, [{
      account_id: of.accountId,
      project_id: of.projectId,
      folder_id: of.id,
      name,
      storage_key: `fixture/${next()}`,
      mime: options.mime ?? 'application/pdf',
      size: options.size ?? 10,
      file_type: options.type ?? 'ATTACHMENT',
      latitude: options.place?.latitude ?? null,
      longitude: options.place?.longitude ?? null,
      revision_id: options.revisionId ?? null,
      created_at: now(),
    }])
    return { id: id!, documentId: of.id, name }
  }

  /** A custom role of the account (security group USER unless said), held by no one yet. */
  const role = async (inAccount: { id: number }, options: { name?: string; securityGroup?: 'ADMIN' | 'USER' } = {}): Promise<RoleFixture> => {
    const name = options.name ?? `Role ${next()}`
    const [id] = await knex('roles').insert({ account_id: inAccount.id, name, security_group: options.securityGroup ?? 'USER', created_at: now() })
    return { id: Number(id), accountId: inAccount.id, name }
  }

  /** A grant of `action` on the project, to a person (in the project's account) or to a role. */
  const grantProject = async (to: Person | RoleFixture, project: ProjectFixture, action: PrivilegeAction) => {
    const holder = 'username' in to ? { user_id: to.id } : { role_id: to.id }
    await knex('privileges').insert({ account_id: project.accountId, ...holder, name: null, resource: 'PROJECT', resource_id: project.id, action })
  }

  /** A new person with one membership, of the given rank, in the account. */
  const user = async (inAccount: { id: number }, rank: Rank = 'user', options: UserOptions = {}): Promise<Person> => {
    const key = next()
    const username = options.username ?? `${rank.toLowerCase()}-${key}@fixture.test`
    const person = {
      username,
      first_name: options.firstName ?? rank,
      last_name: options.lastName ?? `Fixture ${key}`,
      acronym: options.acronym ?? `F${key}`.toUpperCase().slice(0, 20),
    }
    const [id] = await knex('users').insert({ ...person, password_hash: await hashed(), language: 'ENGLISH', enabled: true, created_at: now() })
    const made: Person = { id: Number(id), username, password: FIXTURE_PASSWORD, accountId: inAccount.id }
    await addMembership(made, inAccount.id, rank, options)
    return made
  }

  /** Makes an existing person a member of another account too (one identity, two memberships). */
  const join = async (person: Person, inAccount: { id: number }, rank: Rank = 'user', options: UserOptions = {}) => {
    await addMembership(person, inAccount.id, rank, options)
    return { ...person, accountId: inAccount.id }
  }

  /** An access token for the person, acting in their `accountId` (switching to it after sign-in when needed). */
  const signIn = async (person: Person): Promise<string> => {
    const answer = await call('POST', '/api/authentication', { username: person.username, password: person.password })
    if (answer.status !== 201) throw new Error(`Sign-in of ${person.username} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
    const token = answer.body.accessToken as string
    if (Number(answer.body.currentAccountId) === person.accountId) return token
    const switched = await call('POST', `/api/contexts/${person.accountId}`, {}, token)
    if (switched.status !== 201) throw new Error(`Switching ${person.username} to account ${person.accountId} failed: ${switched.status}`)
    return switched.body.accessToken as string
  }

  /** Signs each person in: the same keys, with tokens. */
  const signInAll = async <K extends string>(people: Record<K, Person>): Promise<Record<K, string>> =>
    Object.fromEntries(await Promise.all(Object.entries<Person>(people).map(async ([key, person]) => [key, await signIn(person)]))) as Record<K, string>

  /**
   * The cast most tests call as: account A with a person of every rank in CAST (its first
   * admin is `accountAdmin`; the company administrator administers A's `company`), B's
   * admin as `otherAccount`, each signed in, and `as(caller, …)` to call as one of them or
   * as `anonymous`. With `both`, an ordinary user of A (of `company` if asked) and of B, acting in A.
   */
  const world = async <O extends WorldOptions = {}>(options: O = {} as O): Promise<WorldOf<O>> => {
    const a = await account({ name: options.names?.a })
    const b = await account({ name: options.names?.b })
    const companyOfA = await company(a, options.company)
    const people: Record<Member, Person> = {
      globalAdmin: await user(a, 'globalAdmin'),
      accountAdmin: a.admin,
      salesAdmin: await user(a, 'salesAdmin'),
      companyAdmin: await user(a, 'companyAdmin', { administers: [companyOfA] }),
      user: await user(a, 'user', options.user),
      otherAccount: b.admin,
    }
    const signedIn = await signInAll(people)
    const tokens = { ...signedIn, anonymous: undefined }
    const as = <T = any>(caller: Caller, method: string, url: string, body?: unknown) => call<T>(method, url, body, tokens[caller])
    const made: World = { make: self, a, b, company: companyOfA, people, tokens, as }
    if (!options.both) return made as WorldOf<O>
    const { inCompany, ...names } = options.both
    const both = await user(a, 'user', { ...names, company: inCompany ? companyOfA : undefined })
    await join(both, b)
    return { ...made, both } as WorldOf<O>
  }

  /**
   * The team most document tests call as: an account with a project, an editor (EDIT on it)
   * and a viewer (VIEW), each an ordinary user named as asked; with the account's admin and
   * `stranger`, another account's admin, all four signed in.
   */
  const projectTeam = async (options: ProjectTeamOptions = {}): Promise<ProjectTeam> => {
    const inAccount = await account()
    const inProject = await project(inAccount)
    const editor = await user(inAccount, 'user', options.editor)
    await grantProject(editor, inProject, 'EDIT')
    const viewer = await user(inAccount, 'user', options.viewer)
    await grantProject(viewer, inProject, 'VIEW')
    const tokens = await signInAll({ editor, viewer, admin: inAccount.admin, stranger: (await account()).admin })
    return { account: inAccount, project: inProject, editor, viewer, tokens }
  }

  const self = { account, company, project, documentType, document, documents, file, role, user, join, grant, grantProject, signIn, signInAll, world, projectTeam }
  return self
}

/** The members a world signs in, highest first; `otherAccount` is B's admin. */
export const CAST = ['globalAdmin', 'accountAdmin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const
export type Member = (typeof CAST)[number]
/** Whom a test calls as: a member of the cast, or nobody signed in. */
export type Caller = Member | 'anonymous'
/** Every caller, anonymous last. */
export const CALLERS: readonly Caller[] = [...CAST, 'anonymous']

type Names = Pick<UserOptions, 'firstName' | 'lastName'>

export interface WorldOptions {
  /** The names of accounts A and B. */
  names?: { a?: string; b?: string }
  /** A's company (the one `companyAdmin` administers). */
  company?: { name?: string; city?: string }
  /** The names of the ordinary `user`. */
  user?: Names
  /** Makes `both`: a user of A and B, of A's company when `inCompany`. */
  both?: Names & { inCompany?: boolean }
}

export interface World {
  /** The builders the world was made with, for what a test adds to it. */
  make: Fixtures
  a: AccountFixture
  b: AccountFixture
  /** A's company, administered by `people.companyAdmin` (who is not one of its staff). */
  company: CompanyFixture
  /** The cast: every rank in A, and B's admin. */
  people: Record<Member, Person>
  tokens: Record<Member, string> & { anonymous: undefined }
  /** A call to the API as one of the cast, or anonymous. */
  as: <T = any>(caller: Caller, method: string, url: string, body?: unknown) => Promise<HttpAnswer<T>>
}

export interface ProjectTeamOptions {
  /** The names of the editor and of the viewer. */
  editor?: Names
  viewer?: Names
}

export interface ProjectTeam {
  account: AccountFixture
  project: ProjectFixture
  /** EDIT on the project. */
  editor: Person
  /** VIEW on the project. */
  viewer: Person
  /** The editor's, the viewer's, the account admin's and another account's admin's. */
  tokens: Record<'editor' | 'viewer' | 'admin' | 'stranger', string>
}

/** A world, with `both` when the options asked for it. */
export type WorldOf<O extends WorldOptions> = World & (O['both'] extends object ? { both: Person } : {})

export type Fixtures = ReturnType<typeof fixtures>

