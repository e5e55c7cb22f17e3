/**
 * Projects over HTTP with a real server and database (SQLite, or MariaDB with
 * TEST_DATABASE_URL): every field, the list a caller sees (exactly the projects they hold a
 * level on), filter and sorts, the levels each method needs, PUT saves, references checked
 * against the account, delete blockers, /projects/new and /projects/info.
 */
import { ACCESS_LEVELS, type ProjectDeleteBlocker, accessRank, projectDeleteBlockers } from '@app/plugin-kit'
import { type Caller, type CompanyFixture, type Person, type World, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PROJECT_FIELD_MESSAGES } from './projects.class'
import { PROJECT_MESSAGES } from './projects.schema'

let server: TestServer
let world: World
let make: ReturnType<typeof fixtures>
let client: CompanyFixture
let otherClient: CompanyFixture
/** An ordinary user who may create projects (PROJECT_CREATE), and their token. */
let creator: Person
let creatorToken: string

const as = (caller: Caller, method: string, url: string, body?: unknown) => world.as(caller, method, url, body)
const tokenCall = (token: string, method: string, url: string, body?: unknown) => server.call(method, url, body, token)

const create = async (data: Record<string, unknown>, token?: string) => {
  const answer = token ? await tokenCall(token, 'POST', '/api/projects', data) : await as('accountAdmin', 'POST', '/api/projects', data)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}
const idsOf = (body: any): number[] => body.data.map((p: { id: number }) => p.id)

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  world = await make.world()
  client = world.company
  otherClient = await make.company(world.b)
  creator = await make.user(world.a, 'user', { firstName: 'Maija', lastName: 'Maker' })
  await make.grant(creator, { resource: 'PROJECT', name: 'PROJECT_CREATE', action: 'EDIT' })
  creatorToken = await make.signIn(creator)
})
afterAll(() => server?.close())

describe('projects', () => {
  test('every field is created, read (recording the visit), changed and removed', async () => {
    const manager = world.people.user
    const data = {
      name: 'Harbour crane',
      symbol: 'P-1001',
      companyId: client.id,
      masterNumber: 'M-1',
      managerId: manager.id,
      startDate: 1_767_225_600_000,
      endDate: 1_798_761_600_000,
      deliveryDate: 1_780_000_000_000,
      shipmentDate: null,
      inspectionDate: 1_785_000_000_000,
      value: 125000.5,
      area: 300,
      squareMeters: 1250.25,
      geoPosition: { latitude: 65.01, longitude: 25.47, altitude: 12, rotationX: 1, rotationY: 2, rotationZ: 3 },
      address: 'Satamatie 1, Oulu',
      additionalInfo: 'Two cranes',
      endCompanyName: 'Port of Oulu',
      endCompanyAddress: 'Satama 2',
      endCompanyCountry: 'FI',
      endCompanyPlant: 'North quay',
    }
    const created = await create(data)
    expect(created).toMatchObject({
      ...data,
      accountId: world.a.id,
      manager: { id: manager.id, username: manager.username },
      company: { id: client.id, name: client.name },
      createdBy: { id: world.people.accountAdmin.id, username: world.people.accountAdmin.username },
      shouldNotifyBilling: false,
      isBillingNotified: false,
      skymapEnabled: false,
      storageTotal: 0,
      lastVisited: null,
      accessLevel: { level: 'ADMINISTER', view: true, download: true, edit: true, administer: true },
    })
    expect(Object.keys(created)).not.toContain('searchKey')
    const id = created.id
    expect((await server.knex('projects').where({ id }).first('search_key')).search_key).toBe('p-1001 harbour crane')

    const before = Date.now()
    const read = await as('accountAdmin', 'GET', `/api/projects/${id}`)
    expect(read.status).toBe(200)
    expect({ ...read.body, lastVisited: null }).toEqual(created)
    const visit = await server.knex('project_visits').where({ project_id: id, user_id: world.people.accountAdmin.id }).first('visited_at')
    expect(Number(visit.visited_at)).toBeGreaterThanOrEqual(before)
    // A second visit moves the one row.
    await as('accountAdmin', 'GET', `/api/projects/${id}`)
    expect(await server.knex('project_visits').where({ project_id: id })).toHaveLength(1)
    expect((await as('accountAdmin', 'GET', `/api/projects?id=${id}`)).body.data[0].lastVisited).toBeGreaterThanOrEqual(before)

    const patched = await as('accountAdmin', 'PATCH', `/api/projects/${id}`, { name: 'Quay crane', geoPosition: null, startDate: null })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect(patched.body).toMatchObject({ id, name: 'Quay crane', symbol: 'P-1001', geoPosition: null, startDate: null, endDate: data.endDate })
    expect((await server.knex('projects').where({ id }).first('search_key')).search_key).toBe('p-1001 quay crane')

    const removed = await as('accountAdmin', 'DELETE', `/api/projects/${id}`)
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await as('accountAdmin', 'GET', `/api/projects/${id}`)).status).toBe(404)
    expect(await server.knex('privileges').where({ resource: 'PROJECT', resource_id: id })).toEqual([])
    expect(await server.knex('project_visits').where({ project_id: id })).toEqual([])
  })

  test('bad input answers 400 with the field and the spec message, changing nothing', async () => {
    const count = async () => Number((await server.knex('projects').count({ n: '*' }))[0]!.n)
    const before = await count()
    const ok = { name: 'X', symbol: 'S', companyId: client.id }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ symbol: 'S', companyId: client.id }, 'name', 'This field is required'],
      [{ ...ok, name: '' }, 'name', 'This field is required'],
      [{ ...ok, name: 'n'.repeat(101) }, 'name', 'The maximum number of characters is 100'],
      [{ name: 'X', companyId: client.id }, 'symbol', 'This field is required'],
      [{ ...ok, symbol: 's'.repeat(21) }, 'symbol', 'The maximum number of characters is 20'],
      [{ name: 'X', symbol: 'S' }, 'companyId', 'This field is required'],
      [{ ...ok, geoPosition: { latitude: 90.5, longitude: 0 } }, 'geoPosition.latitude', 'Can be maximum 90'],
      [{ ...ok, geoPosition: { latitude: 0, longitude: -180.5 } }, 'geoPosition.longitude', 'Needs to be at least -180'],
      [{ ...ok, squareMeters: '12,5' }, 'squareMeters', 'Invalid number, please use . for decimals'],
      [{ ...ok, companyId: otherClient.id }, 'companyId', PROJECT_FIELD_MESSAGES.company],
      [{ ...ok, managerId: world.people.otherAccount.id }, 'managerId', PROJECT_FIELD_MESSAGES.manager],
    ]
    for (const [body, field, message] of cases) {
      const answer = await as('accountAdmin', 'POST', '/api/projects', body)
      expect(answer.status, `${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(400)
      const errors = answer.body.errors ?? {}
      const key = Object.keys(errors).find((k) => k === field || k.endsWith(field.split('.').pop()!))
      expect(key ? errors[key] : errors, `${JSON.stringify(body)}: ${JSON.stringify(errors)}`).toBe(message)
    }
    expect(await count()).toBe(before)
  })

  test('a parent must be a project of the account, not the project itself nor one under it', async () => {
    const top = await create({ name: 'Top', symbol: 'T-1', companyId: client.id })
    const middle = await create({ name: 'Middle', symbol: 'T-2', companyId: client.id, parentId: top.id })
    const leaf = await create({ name: 'Leaf', symbol: 'T-3', companyId: client.id, parentId: middle.id })
    const theirs = await make.project(world.b)
    const refusals: [number, number, string][] = [
      [top.id, top.id, PROJECT_FIELD_MESSAGES.parentSelf],
      [top.id, leaf.id, PROJECT_FIELD_MESSAGES.parentCycle],
      [top.id, theirs.id, PROJECT_FIELD_MESSAGES.parent],
    ]
    for (const [id, parentId, message] of refusals) {
      const answer = await as('accountAdmin', 'PATCH', `/api/projects/${id}`, { parentId })
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.errors.parentId).toBe(message)
    }
    const children = await as('accountAdmin', 'GET', `/api/projects?parentId=${top.id}`)
    expect(idsOf(children.body)).toEqual([middle.id])

    // A project with a child project keeps it: 409 with the spec's message, nothing removed.
    const refused = await as('accountAdmin', 'DELETE', `/api/projects/${middle.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(PROJECT_MESSAGES.hasContent)
    expect(refused.body.data.blocks).toEqual([{ reason: 'is parent of', item: 'T-3 - Leaf' }])
    expect((await as('accountAdmin', 'GET', `/api/projects/${middle.id}`)).status).toBe(200)
  })

  test('PUT /projects saves: without an id it creates, with one it changes', async () => {
    const made = await as('accountAdmin', 'PUT', '/api/projects', { name: 'Saved', symbol: 'SV-1', companyId: client.id })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body).toMatchObject({ name: 'Saved', symbol: 'SV-1', accessLevel: { level: 'ADMINISTER' } })
    const changed = await as('accountAdmin', 'PUT', '/api/projects', { id: made.body.id, name: 'Saved again', symbol: 'SV-1', companyId: client.id })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ id: made.body.id, name: 'Saved again' })
    const byPath = await as('accountAdmin', 'PUT', `/api/projects/${made.body.id}`, { name: 'Third', symbol: 'SV-2', companyId: client.id })
    expect(byPath.body).toMatchObject({ id: made.body.id, name: 'Third', symbol: 'SV-2' })
    // Another account's project answers 404 like a missing one, and stays as it was.
    const theirs = await make.project(world.b)
    const refused = await as('accountAdmin', 'PUT', '/api/projects', { id: theirs.id, name: 'Mine', symbol: 'X', companyId: client.id })
    expect(refused.status).toBe(404)
    expect((await server.knex('projects').where({ id: theirs.id }).first('name')).name).toBe(theirs.name)
  })

  test('content contributed by another plugin keeps a project from being deleted', async () => {
    const project = await create({ name: 'Busy', symbol: 'B-1', companyId: client.id })
    const blocker: ProjectDeleteBlocker = {
      find: async (_app, p) => (p.id === project.id ? [{ reason: 'has file', item: 'drawing.pdf' }] : []),
    }
    server.app.get('extensions').contribute(projectDeleteBlockers, blocker)
    const refused = await as('accountAdmin', 'DELETE', `/api/projects/${project.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This project has content and cannot be deleted')
    expect(refused.body.data.blocks).toEqual([{ reason: 'has file', item: 'drawing.pdf' }])
    expect(await server.knex('projects').where({ id: project.id }).first('id')).toBeDefined()
  })
})

describe('who sees and does what', () => {
  test('a creator without admin rights administers what they create; others need a level', async () => {
    const mine = await create({ name: 'Mine', symbol: 'MINE-1', companyId: client.id }, creatorToken)
    expect(mine.accessLevel.level).toBe('ADMINISTER')
    expect(mine.createdBy).toMatchObject({ id: creator.id, firstName: 'Maija', lastName: 'Maker' })
    expect(await server.knex('privileges').where({ user_id: creator.id, resource: 'PROJECT', resource_id: mine.id }).select('action')).toEqual([
      { action: 'ADMINISTER' },
    ])
    const list = await tokenCall(creatorToken, 'GET', '/api/projects')
    expect(idsOf(list.body)).toEqual([mine.id])
    // An ordinary user may not create.
    expect((await as('user', 'POST', '/api/projects', { name: 'N', symbol: 'N', companyId: client.id })).status).toBe(403)
  })

  test("a page shows each row's level from the client rule: the client's administrator administers its projects", async () => {
    const ofClient = await create({ name: 'Client site', symbol: 'CL-1', companyId: client.id })
    const list = await as('companyAdmin', 'GET', `/api/projects?id=${ofClient.id}`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((p: any) => [p.id, p.accessLevel.level])).toEqual([[ofClient.id, 'ADMINISTER']])
    expect((await as('companyAdmin', 'GET', `/api/projects/${ofClient.id}`)).body.accessLevel.level).toBe('ADMINISTER')
  })

  test('each level allows its methods: ACCESS reads, EDIT changes, deleting needs canManageProjects too', async () => {
    const project = await make.project(world.a, { client })
    const reader = await make.user(world.a)
    const editor = await make.user(world.a)
    await make.grantProject(reader, project, 'ACCESS')
    await make.grantProject(editor, project, 'EDIT')
    const [readerToken, editorToken, strangerToken] = [await make.signIn(reader), await make.signIn(editor), await make.signIn(await make.user(world.a))]
    const url = `/api/projects/${project.id}`

    const seen = await tokenCall(readerToken, 'GET', url)
    expect(seen.status).toBe(200)
    expect(seen.body.accessLevel).toEqual({ level: 'ACCESS', view: false, download: false, edit: false, administer: false })
    const refused = await tokenCall(readerToken, 'PATCH', url, { name: 'No' })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This needs EDIT access to the project')
    expect((await tokenCall(strangerToken, 'GET', url)).status).toBe(403)
    // Without any project or company grant the list itself is not theirs (canSeeProjects), like its menu entry.
    expect((await tokenCall(strangerToken, 'GET', '/api/projects')).status).toBe(403)

    const edited = await tokenCall(editorToken, 'PATCH', url, { name: 'Edited' })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.accessLevel).toMatchObject({ level: 'EDIT', edit: true, administer: false })
    expect((await tokenCall(editorToken, 'PUT', url, { name: 'Saved', symbol: project.symbol, companyId: client.id })).status).toBe(200)
    expect((await tokenCall(editorToken, 'DELETE', url)).status).toBe(403)
    // A PUT without an id creates, which needs canManageProjects; a client of another account is refused.
    expect((await tokenCall(editorToken, 'PUT', '/api/projects', { name: 'New', symbol: 'N-1', companyId: client.id })).status).toBe(403)
    // Changing the client is the administrators' (below); another account's company is refused to them too.
    const foreign = await as('accountAdmin', 'PATCH', url, { companyId: otherClient.id })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors).toEqual({ companyId: PROJECT_FIELD_MESSAGES.company })
    expect((await tokenCall(readerToken, 'DELETE', url)).status).toBe(403)
    expect(await server.knex('projects').where({ id: project.id }).first('name')).toEqual({ name: 'Saved' })

    // Another account's admin: 404 for the project, none in the list.
    expect((await as('otherAccount', 'GET', url)).status).toBe(404)
    expect((await as('otherAccount', 'PATCH', url, { name: 'Theirs' })).status).toBe(404)
    expect(idsOf((await as('otherAccount', 'GET', '/api/projects?$limit=500')).body)).not.toContain(project.id)
  })
})

describe('what only administrators decide', () => {
  test("the client decides who else reaches the project: EDIT keeps it, only ADMINISTER changes it", async () => {
    const first = await make.company(world.a, { name: 'First client' })
    const second = await make.company(world.a, { name: 'Second client' })
    const project = await make.project(world.a, { client: first })
    const editor = await make.user(world.a)
    const admin = await make.user(world.a)
    await make.grantProject(editor, project, 'EDIT')
    await make.grantProject(admin, project, 'ADMINISTER')
    // The second client's administrator reaches nothing of it yet.
    const theirAdmin = await make.signIn(await make.user(world.a, 'companyAdmin', { company: second, administers: [second] }))
    const url = `/api/projects/${project.id}`
    expect((await server.call('GET', `${url}/events`, undefined, theirAdmin)).status).toBe(403)

    const [editorToken, adminToken] = [await make.signIn(editor), await make.signIn(admin)]
    const refused = await tokenCall(editorToken, 'PATCH', url, { companyId: second.id, name: 'Moved' })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This needs ADMINISTER access to the project')
    expect(await server.knex('projects').where({ id: project.id }).first('company_id', 'name')).toEqual({ company_id: first.id, name: project.name })
    expect((await server.call('GET', `${url}/events`, undefined, theirAdmin)).status).toBe(403)
    // The form sends the client as it is: that is no change.
    expect((await tokenCall(editorToken, 'PATCH', url, { companyId: first.id, name: 'Kept' })).status).toBe(200)

    const moved = await tokenCall(adminToken, 'PATCH', url, { companyId: second.id })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.company).toMatchObject({ id: second.id, name: 'Second client' })
    expect((await server.call('GET', `${url}/events`, undefined, theirAdmin)).status).toBe(200)
  })

  test('a parent the caller may not open is answered as one that does not exist', async () => {
    const project = await make.project(world.a)
    const unseen = await make.project(world.a)
    const seen = await make.project(world.a)
    const editor = await make.user(world.a)
    await make.grantProject(editor, project, 'EDIT')
    await make.grantProject(editor, seen, 'ACCESS')
    const token = await make.signIn(editor)
    const refused = await tokenCall(token, 'PATCH', `/api/projects/${project.id}`, { parentId: unseen.id })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ parentId: PROJECT_FIELD_MESSAGES.parent })
    expect(await server.knex('projects').where({ id: project.id }).first('parent_id')).toEqual({ parent_id: null })
    expect((await tokenCall(token, 'PATCH', `/api/projects/${project.id}`, { parentId: seen.id })).status).toBe(200)
  })

  test('dates outside 1900–2199 are refused, so every stored date is one the export and the browser can show', async () => {
    const project = await make.project(world.a)
    for (const startDate of [8_640_000_000_000_001, 1e20, -1e20, Date.UTC(1899, 11, 31), Date.UTC(2200, 0, 1)]) {
      const answer = await as('accountAdmin', 'PATCH', `/api/projects/${project.id}`, { startDate })
      expect(answer.status, `${startDate}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.errors).toEqual({ startDate: 'Enter a date between the years 1900 and 2199' })
    }
    expect((await as('accountAdmin', 'PATCH', `/api/projects/${project.id}`, { startDate: Date.UTC(1900, 0, 1), endDate: Date.UTC(2199, 11, 31) })).status).toBe(200)
  })
})

describe('one project at every level (the project scope on get, patch and remove)', () => {
  // Delete also needs canManageProjects: each holder below may create projects (PROJECT_CREATE) and administers another one, which says nothing about this one.
  const NEEDS = { GET: 'ACCESS', PATCH: 'EDIT', DELETE: 'EDIT' } as const
  for (const held of ACCESS_LEVELS)
    test(`a member holding ${held}`, async () => {
      const project = await make.project(world.a, { client })
      const person = await make.user(world.a)
      if (held !== 'NONE') await make.grantProject(person, project, held)
      await make.grantProject(person, await make.project(world.a), 'ADMINISTER')
      await make.grant(person, { resource: 'PROJECT', name: 'PROJECT_CREATE', action: 'EDIT' })
      const token = await make.signIn(person)
      const url = `/api/projects/${project.id}`
      for (const [verb, needs] of Object.entries(NEEDS) as [keyof typeof NEEDS, string][]) {
        const before = await server.knex('projects').where({ id: project.id }).first()
        const answer = await tokenCall(token, verb, url, verb === 'PATCH' ? { name: `Changed by ${held}` } : undefined)
        const allowed = accessRank(held) >= accessRank(needs as 'ACCESS')
        if (allowed) expect(answer.status, `${verb} ${JSON.stringify(answer.body)}`).toBe(200)
        else {
          expect(answer.status, `${verb} ${JSON.stringify(answer.body)}`).toBe(403)
          expect(answer.body.message).toBe(`This needs ${needs} access to the project`)
          expect(await server.knex('projects').where({ id: project.id }).first(), `${verb} changed the project`).toEqual(before)
        }
      }
    })

  test("another account's project and a missing one answer the same 404, whatever the caller holds", async () => {
    const theirs = await make.project(world.b)
    for (const verb of ['GET', 'PATCH', 'DELETE', 'PUT'] as const) {
      const body = verb === 'PATCH' || verb === 'PUT' ? { name: 'X', symbol: 'X', companyId: client.id } : undefined
      const foreign = await as('accountAdmin', verb, `/api/projects/${theirs.id}`, body)
      const missing = await as('accountAdmin', verb, '/api/projects/987654321', body)
      expect(foreign.status, verb).toBe(404)
      expect(missing.status, verb).toBe(404)
      expect(foreign.body.message.replace(String(theirs.id), '<id>')).toBe(missing.body.message.replace('987654321', '<id>'))
    }
    expect(await server.knex('projects').where({ id: theirs.id }).first('name')).toEqual({ name: theirs.name })
  })
})

describe('the list', () => {
  let people: { alpha: Person; beta: Person }
  let listed: { id: number; symbol: string; name: string; companyId: number }[]
  let viewer: Person
  let viewerToken: string

  beforeAll(async () => {
    const account = await make.account()
    const c1 = await make.company(account, { name: 'Aalto Works' })
    const c2 = await make.company(account, { name: 'Zeta Yards' })
    people = {
      alpha: await make.user(account, 'user', { firstName: 'Anna', lastName: 'Aho' }),
      beta: await make.user(account, 'user', { firstName: 'Bert', lastName: 'Berg' }),
    }
    const token = await make.signIn(account.admin)
    const rows = [
      { symbol: 'K-200', name: 'Kiln', companyId: c2.id, managerId: people.beta.id, startDate: 3000, endDate: 100 },
      { symbol: 'A-100', name: 'Bridge deck', companyId: c1.id, managerId: people.alpha.id, startDate: 1000, endDate: 300 },
      { symbol: 'm-300', name: 'Mill HALL', companyId: c1.id, managerId: null, startDate: 2000, endDate: 200 },
    ]
    listed = []
    for (const row of rows) listed.push((await tokenCall(token, 'POST', '/api/projects', row)).body)
    viewer = await make.user(account)
    for (const p of listed.slice(0, 2)) await make.grantProject(viewer, { ...p, accountId: account.id }, 'VIEW')
    viewerToken = await make.signIn(viewer)
    world = { ...world, tokens: { ...world.tokens, accountAdmin: token } }
  })

  const symbols = async (query: string, token = world.tokens.accountAdmin!) => {
    const answer = await tokenCall(token, 'GET', `/api/projects?${query}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data.map((p: { symbol: string }) => p.symbol)
  }

  test('sorts by each column, ascending and descending (symbol then name by default)', async () => {
    expect(await symbols('')).toEqual(['A-100', 'K-200', 'm-300'])
    const expected: Record<string, string[]> = {
      symbol: ['A-100', 'K-200', 'm-300'],
      name: ['A-100', 'K-200', 'm-300'],
      startDate: ['A-100', 'm-300', 'K-200'],
      endDate: ['K-200', 'm-300', 'A-100'],
      client: ['A-100', 'm-300', 'K-200'],
    }
    for (const [column, order] of Object.entries(expected)) {
      expect(await symbols(`$sort[${column}]=1`), column).toEqual(order)
      expect(await symbols(`$sort[${column}]=-1`), `${column} descending`).toEqual([...order].reverse())
    }
    // Managers by last name (Aho, Berg); a project without one has no name, which both databases sort first.
    expect(await symbols('$sort[manager]=1')).toEqual(['m-300', 'A-100', 'K-200'])
    expect(await symbols('$sort[manager]=-1')).toEqual(['K-200', 'A-100', 'm-300'])
    expect(await symbols('$sort[createdAt]=1')).toEqual(['K-200', 'A-100', 'm-300'])
  })

  test('the filter matches number or name, in any case; companyId and ids narrow it', async () => {
    expect(await symbols('filter=HALL')).toEqual(['m-300'])
    expect(await symbols('filter=m-3')).toEqual(['m-300'])
    expect(await symbols('filter=bridge%20DE')).toEqual(['A-100'])
    expect(await symbols('filter=a-100%20bri')).toEqual(['A-100'])
    expect(await symbols('filter=%25')).toEqual([])
    expect(await symbols(`companyId=${listed[1]!.companyId ?? 0}`)).toEqual(['A-100', 'm-300'])
    expect(await symbols(`id[$in][]=${listed[0]!.id}&id[$in][]=${listed[2]!.id}`)).toEqual(['K-200', 'm-300'])
    const page = await tokenCall(world.tokens.accountAdmin!, 'GET', '/api/projects?$limit=1&$skip=1')
    expect(page.body).toMatchObject({ total: 3, limit: 1, skip: 1 })
    expect(page.body.data.map((p: { symbol: string }) => p.symbol)).toEqual(['K-200'])
    // A filtered page carries the filter's total too, with no rows asked and past the end (MySQL and MariaDB count it with the page's own read).
    const filtered = async (query: string) => (await tokenCall(world.tokens.accountAdmin!, 'GET', `/api/projects?filter=-&$sort[symbol]=-1&${query}`)).body
    expect(await filtered('$limit=1&$skip=1')).toMatchObject({ total: 3, limit: 1, skip: 1, data: [{ symbol: 'K-200' }] })
    expect(await filtered('$limit=0')).toMatchObject({ total: 3, limit: 0, data: [] })
    expect(await filtered('$skip=5')).toMatchObject({ total: 3, skip: 5, data: [] })
    // The page's ids, read first on MySQL and MariaDB, keep the list's order whatever it sorts by.
    expect(await symbols('filter=-&$sort[manager]=-1')).toEqual(['K-200', 'A-100', 'm-300'])
    expect(await symbols('filter=-&$sort[client]=1&$limit=2&$skip=1')).toEqual(['m-300', 'K-200'])
    expect((await tokenCall(world.tokens.accountAdmin!, 'GET', '/api/projects?filter=hall&$limit=1')).body).toMatchObject({ total: 1, data: [{ symbol: 'm-300' }] })
  })

  test('a user sees exactly the projects they hold a level on, with their level and names resolved', async () => {
    expect(await symbols('', viewerToken)).toEqual(['A-100', 'K-200'])
    const answer = await tokenCall(viewerToken, 'GET', '/api/projects?$sort[symbol]=1')
    expect(answer.body.total).toBe(2)
    expect(answer.body.data[0]).toMatchObject({
      manager: { id: people.alpha.id, firstName: 'Anna', lastName: 'Aho' },
      company: { name: 'Aalto Works', country: 'FI' },
      accessLevel: { level: 'VIEW', view: true, edit: false },
    })
    expect(await symbols('filter=mill', viewerToken)).toEqual([])
    const info = await tokenCall(viewerToken, 'GET', '/api/projects/info')
    expect(info.body).toEqual({ total: 2, editable: 0, administered: 0, canCreate: false })
    const adminInfo = await tokenCall(world.tokens.accountAdmin!, 'GET', '/api/projects/info')
    expect(adminInfo.body).toEqual({ total: 3, editable: 3, administered: 3, canCreate: true })
  })

  test('bad queries answer 400', async () => {
    for (const query of ['$sort[accountId]=1', 'accountIds=1', 'id=abc', '$limit=-1'])
      expect((await tokenCall(viewerToken, 'GET', `/api/projects?${query}`)).status, query).toBe(400)
  })
})

describe('GET /projects/new', () => {
  test('the blank project, the caller as its manager; only for those who may create', async () => {
    const answer = await tokenCall(creatorToken, 'GET', '/api/projects/new')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ name: '', symbol: '', companyId: null, managerId: creator.id, geoPosition: null })
    expect((await as('user', 'GET', '/api/projects/new')).status).toBe(403)
  })
})
