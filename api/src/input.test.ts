/**
 * Bad input, at every door (issue 7 §4): each method of each service in the registry
 * gets malformed queries and bodies from a caller allowed to call it, and must answer
 * 400, 413 or 415 with a message, never a 5xx, and leave every table as it was. The
 * services come from the registry, so a service added later is covered here too.
 *
 * Runs on SQLite by default, on MariaDB with TEST_DATABASE_URL=mysql://…
 */
import type { AuthUser, Method, RegisteredService } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { type Person, fixtures } from '@app/testing'
import { afterAll, describe, expect, test } from 'vitest'
import { startTestServer } from './testing'

const VERB: Record<Method, string> = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' }
const WITH_ID: Method[] = ['get', 'update', 'patch', 'remove']
const WITH_BODY: Method[] = ['create', 'update', 'patch']

/** Queries no service takes: unknown fields and operators, paging out of range. */
const BAD_QUERIES = [
  'nope=1',
  'id[$nope]=1',
  '$select[]=nope',
  '$sort[nope]=1',
  '$limit=-1',
  '$limit=abc',
  '$limit=99999999999999999999',
  '$skip=-1',
  '$skip=1e400',
  '$skip=99999999999999999999',
  '$skip[]=1',
]

interface BadBody {
  name: string
  body: string | FormData
  headers?: Record<string, string>
  status: number[]
}

/** Bodies a create, update or patch never takes. */
const BAD_BODIES: BadBody[] = [
  { name: 'an array', body: '[{}]', status: [400] },
  { name: 'a list of objects', body: '[{"name":"a"},{"name":"b"}]', status: [400] },
  { name: 'a string', body: '"text"', status: [400] },
  { name: 'a number', body: '42', status: [400] },
  { name: 'null', body: 'null', status: [400] },
  { name: 'malformed JSON', body: '{"name": "x",', status: [400] },
  { name: 'a bogus Content-Encoding', body: '{}', headers: { 'content-encoding': 'bogus' }, status: [415] },
  { name: 'a body over 1 MB', body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }), status: [413] },
]

const server = await startTestServer()
const { app, call, knex } = server
afterAll(() => server.close())
const make = fixtures(server)
// B needs a member besides its admin (`both`) and a company, for the paths its admin names.
const world = await make.world({ both: {} })
await make.company(world.b)
// And a project each, for the paths that name one (project-scoped paths check it before the input).
await make.project(world.a)
await make.project(world.b)

const registry: RegisteredService[] = app.get('registry')
const access = app.get('access')

interface Caller {
  token: string
  user: AuthUser
  flags: Record<string, boolean>
  /** Values for the path's `:params`, all naming rows of the caller's own account. */
  route: Record<string, string | number>
}

const callerOf = async (person: Person): Promise<Caller> => {
  const token = await make.signIn(person)
  const user: AuthUser = await app.service('authentication').userOf({ authentication: { strategy: 'jwt', accessToken: token } })
  const member = await knex('account_users').where({ account_id: user.accountId }).whereNot({ user_id: user.id }).first('user_id')
  const company = await knex('companies').where({ account_id: user.accountId }).first('id')
  const project = await knex('projects').where({ account_id: user.accountId }).first('id')
  // A document of the account, and an upload of the caller's into it, for the paths that name them.
  const folder = await make.document({ id: Number(project.id), accountId: user.accountId, name: '', symbol: '' })
  const upload = await call('POST', `/api/folders/${folder.id}/uploads`, { fileName: 'input.txt', size: 5 }, token)
  // And a file in it, for the paths that name one (its place is set at /files/{fileId}/geolocation).
  const form = new FormData()
  form.append('file', new Blob(['input']), 'input.txt')
  const file = await call('POST', `/api/folders/${folder.id}/files`, form, token)
  // A binder of the project, for the paths that name one (its documents).
  const binder = await call('POST', `/api/projects/${project.id}/document-lists`, { name: `Input binder ${user.id}` }, token)
  // A checklist of the project, for the paths that name one (its items, status, children).
  const checklist = await call('POST', '/api/checklists', { parentId: project.id, title: 'Input checklist', description: 'For the paths' }, token)
  return {
    token,
    user,
    flags: (await access.flags(user)) as unknown as Record<string, boolean>,
    route: { accountId: user.accountId, userId: Number(member.user_id), companyId: Number(company.id), projectId: Number(project.id), module: 'project', moduleId: Number(project.id), resource: 'COMPANY', level: 'ACCESS', language: 'ENGLISH', groupId: 1, type: 'list', folderId: folder.id, uploadId: Number(upload.body.uploadId), fileId: Number(file.body.id), listId: Number(binder.body.id), checklistId: Number(checklist.body.id) },
  }
}
/** Tried in this order (an account admin, a global admin, the admin of another account); each method is called by the first one holding its flags. */
const callers = await Promise.all([world.a.admin, world.people.globalAdmin, world.b.admin].map(callerOf))

/** The first caller holding the method's flags (any of them), for every method of the registry. */
const callerFor = (entry: RegisteredService, method: Method) => {
  const anyOf = entry.flags?.[method] ?? []
  return callers.find((c) => !anyOf.length || anyOf.some((flag) => c.flags[flag]))
}

const urlOf = (entry: RegisteredService, method: Method, caller: Caller) =>
  `/api/${entry.path.replace(/:(\w+)/g, (_, name: string) => String(caller.route[name] ?? 1))}${WITH_ID.includes(method) ? '/1' : ''}`

const tablesOf = async (db: Knex): Promise<string[]> => {
  if (db.client.config.client === 'mysql2') {
    const [rows] = await db.raw('show tables')
    return rows.map((r: Record<string, string>) => Object.values(r)[0]!)
  }
  return db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name')
}
const tables = (await tablesOf(knex)).filter((t) => !t.startsWith('knex_migrations')).sort()
const rowCounts = async () => {
  const counts: Record<string, number> = {}
  for (const table of tables) counts[table] = Number((await knex(table).count({ n: '*' }))[0]!.n)
  return counts
}
const storedFiles = async () => {
  const storage = app.get('storage') as unknown as { sweepPartial(): Promise<number> }
  return storage.sweepPartial()
}

const send = async (method: string, url: string, bad: BadBody, token: string) => {
  const response = await fetch(server.url + url, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(typeof bad.body === 'string' ? { 'content-type': 'application/json' } : {}), ...bad.headers },
    body: bad.body,
  })
  const text = await response.text()
  return { status: response.status, body: text }
}

describe('bad input to every service method', () => {
  test('the registry has services to try', () => {
    expect(registry.length).toBeGreaterThan(20)
  })

  for (const entry of registry)
    for (const method of entry.methods)
      test(`${VERB[method]} ${entry.path} (${method})`, async () => {
        const caller = callerFor(entry, method)
        expect(caller, `no caller holds the flags of ${entry.path} ${method}`).toBeDefined()
        const url = urlOf(entry, method, caller!)
        const before = await rowCounts()
        const problems: string[] = []

        for (const query of BAD_QUERIES) {
          // A method that streams bytes to a signed address is sent bytes: without the address's own query it is refused (403).
          const answer = entry.uploads?.raw
            ? await call(VERB[method], `${url}?${query}`, 'bytes', caller!.token, { 'content-type': 'application/octet-stream' })
            : await call(VERB[method], `${url}?${query}`, WITH_BODY.includes(method) ? {} : undefined, caller!.token)
          const expected = entry.uploads?.raw ? 403 : 400
          if (answer.status !== expected || !answer.body?.message) problems.push(`?${query} → ${answer.status} ${JSON.stringify(answer.body)}`)
        }

        if (WITH_BODY.includes(method)) {
          const form = new FormData()
          form.append('file', new Blob(['not wanted']), 'x.txt')
          const multipart: BadBody = { name: 'a multipart body', body: form, status: [415] }
          // A method that streams the bytes themselves takes no JSON and no form: 415 for each the JSON parser has not refused already.
          const bodies = entry.uploads?.raw
            ? [...BAD_BODIES, multipart].map((bad) => ({ ...bad, status: [...bad.status, 415] }))
            : entry.uploads?.methods.includes(method as never)
              ? BAD_BODIES
              : [...BAD_BODIES, multipart]
          for (const bad of bodies) {
            const answer = await send(VERB[method], url, bad, caller!.token)
            if (!bad.status.includes(answer.status) || !JSON.parse(answer.body).message)
              problems.push(`${bad.name} → ${answer.status} ${answer.body.slice(0, 300)}`)
          }
        }

        expect(problems, `${VERB[method]} ${url} as ${caller!.user.username}`).toEqual([])
        expect(await rowCounts(), 'a refused call changed the database').toEqual(before)
        expect(await storedFiles(), 'a refused upload left a partial file').toBe(0)
      })
})

describe('names refuse control and invisible characters', () => {
  const MESSAGE = 'Please do not use control or invisible characters'
  const admin = callers[0]!
  // A right-to-left override makes "Evil\u202Egnp.exe" read as "Evilexe.png"; the others hide or break a name.
  const TRICKS = ['Evil\u202Egnp.exe', 'Tab\there', 'Line\nbreak', 'Nul\u0000', 'Del\u007f', 'C1\u0085', 'Iso\u2066late', 'Zero\u200Bwidth', 'Mark\u200F']

  const cases: [string, string, (name: string) => Record<string, unknown>, string][] = [
    ['POST', '/api/companies', (name) => ({ name }), 'name'],
    ['POST', '/api/roles', (name) => ({ name }), 'name'],
    [
      'POST',
      `/api/accountusers/${admin.route.accountId}/createEmptyUser`,
      (acronym) => ({ email: 'new.person@fixture.test', firstName: 'New', lastName: 'Person', acronym }),
      'acronym',
    ],
    [
      'POST',
      `/api/accountusers/${admin.route.accountId}/createEmptyUser`,
      (lastName) => ({ email: 'new.person@fixture.test', firstName: 'New', lastName }),
      'lastName',
    ],
  ]

  for (const [method, url, body, field] of cases)
    test(`${method} ${url}: ${field}`, async () => {
      const before = await rowCounts()
      for (const trick of TRICKS) {
        const answer = await call(method, url, body(trick), admin.token)
        expect(answer.status, `${JSON.stringify(trick)} → ${JSON.stringify(answer.body)}`).toBe(400)
        expect(answer.body.errors, JSON.stringify(trick)).toEqual({ [field]: MESSAGE })
      }
      expect(await rowCounts()).toEqual(before)
    })

  test('letters of every language, and the joiners scripts and emoji need, are accepted', async () => {
    for (const name of ['Åsa Ødegård-Łukasiewicz', 'Anna\u200C Mäki', 'Team 👩\u200D💻']) {
      const answer = await call('POST', '/api/companies', { name }, admin.token)
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      expect(answer.body.name).toBe(name)
    }
  })
})
