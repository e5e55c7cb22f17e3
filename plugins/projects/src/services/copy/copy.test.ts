/** POST /projects/{projectId}/copy over HTTP (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: ReturnType<typeof fixtures>

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
})
afterAll(() => server?.close())

describe('copy', () => {
  test('the copy has the fields, "(copy)" after the name, and its maker administers it', async () => {
    const account = await make.account()
    const client = await make.company(account)
    const adminToken = await make.signIn(account.admin)
    const data = {
      name: 'Mill line',
      symbol: 'ML-7',
      companyId: client.id,
      masterNumber: 'M-9',
      startDate: 1_767_225_600_000,
      squareMeters: 420,
      geoPosition: { latitude: 60.2, longitude: 24.9, altitude: null, rotationX: null, rotationY: null, rotationZ: null },
      endCompanyName: 'End Oy',
    }
    const source = (await server.call('POST', '/api/projects', data, adminToken)).body
    await server.call('PUT', `/api/projects/${source.id}/billing-notification`, { shouldNotifyBilling: true }, adminToken)

    // A project manager who views the source copies it and administers the copy.
    const maker = await make.user(account)
    await make.grant(maker, { resource: 'PROJECT', name: 'PROJECT_CREATE', action: 'EDIT' })
    await make.grantProject(maker, { ...source, accountId: account.id }, 'VIEW')
    const token = await make.signIn(maker)
    const copied = await server.call('POST', `/api/projects/${source.id}/copy`, {}, token)
    expect(copied.status, JSON.stringify(copied.body)).toBe(201)
    expect(copied.body).toMatchObject({ ...data, name: 'Mill line (copy)', shouldNotifyBilling: true, isBillingNotified: false, createdBy: { id: maker.id } })
    expect(copied.body.id).not.toBe(source.id)
    expect(copied.body.accessLevel.level).toBe('ADMINISTER')
    expect((await server.knex('projects').where({ id: copied.body.id }).first('search_key')).search_key).toBe('ml-7 mill line (copy)')
    // The source is as it was.
    expect((await server.call('GET', `/api/projects/${source.id}`, undefined, adminToken)).body.name).toBe('Mill line')
  })

  test('a long name is cut so the copy keeps within 100 characters', async () => {
    const account = await make.account()
    const client = await make.company(account)
    const adminToken = await make.signIn(account.admin)
    const source = (await server.call('POST', '/api/projects', { name: 'n'.repeat(100), symbol: 'L-1', companyId: client.id }, adminToken)).body
    const copied = await server.call('POST', `/api/projects/${source.id}/copy`, {}, adminToken)
    expect(copied.body.name).toBe(`${'n'.repeat(93)} (copy)`)
  })

  test('without canManageProjects, below VIEW, or another account’s project: refused, nothing made', async () => {
    const account = await make.account()
    const project = await make.project(account)
    const viewer = await make.user(account)
    await make.grantProject(viewer, project, 'VIEW')
    const lowly = await make.user(account)
    await make.grant(lowly, { resource: 'PROJECT', name: 'PROJECT_CREATE', action: 'EDIT' })
    await make.grantProject(lowly, project, 'ACCESS')
    const count = async () => Number((await server.knex('projects').where({ account_id: account.id }).count({ n: '*' }))[0]!.n)
    const before = await count()
    const url = `/api/projects/${project.id}/copy`
    expect((await server.call('POST', url, {}, await make.signIn(viewer))).status).toBe(403)
    const below = await server.call('POST', url, {}, await make.signIn(lowly))
    expect(below.status).toBe(403)
    expect(below.body.message).toBe('This needs VIEW access to the project')
    expect((await server.call('POST', url, {}, await make.signIn((await make.account()).admin))).status).toBe(404)
    expect((await server.call('POST', url, { name: 'x' }, await make.signIn(account.admin))).status).toBe(400)
    expect(await count()).toBe(before)
  })
})
