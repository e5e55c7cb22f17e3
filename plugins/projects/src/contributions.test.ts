/**
 * What the projects give the rest of the product, over HTTP where a call exists: the
 * Projects tile's count (GET /dashboard/info), the SQM figure, the /search group and a
 * company's delete blocker. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AuthUser, dashboardFigures } from '@app/plugin-kit'
import { type AccountFixture, type CompanyFixture, type Person, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture
let client: CompanyFixture
let adminToken: string
let viewer: Person
let viewerToken: string
const made: { id: number; symbol: string; name: string }[] = []

const userOf = async (token: string): Promise<AuthUser> =>
  server.app.service('authentication').userOf({ authentication: { strategy: 'jwt', accessToken: token } })

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
  client = await make.company(account)
  adminToken = await make.signIn(account.admin)
  const rows = [
    { symbol: 'QX-2', name: 'Quarry Beta', squareMeters: 100.5 },
    { symbol: 'QX-1', name: 'quarry alpha', squareMeters: 200 },
    { symbol: 'ZZ-9', name: 'Other', squareMeters: 1000 },
    { symbol: 'QX-1', name: 'Another QUARRY', squareMeters: null },
  ]
  for (const row of rows) {
    const answer = await server.call('POST', '/api/projects', { ...row, companyId: client.id }, adminToken)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    made.push(answer.body)
  }
  viewer = await make.user(account)
  for (const p of [made[0]!, made[2]!]) await make.grantProject(viewer, { ...p, accountId: account.id }, 'VIEW')
  viewerToken = await make.signIn(viewer)
  // Another account's project matches too, and is never counted.
  await make.project(await make.account(), { symbol: 'QX-3', name: 'Quarry elsewhere' })
})
afterAll(() => server?.close())

describe('contributions', () => {
  test('the Projects tile counts what the caller sees', async () => {
    const admin = await server.call('GET', '/api/dashboard/info', undefined, adminToken)
    expect(admin.status, JSON.stringify(admin.body)).toBe(200)
    expect(admin.body.projectCount).toBe(4)
    expect((await server.call('GET', '/api/dashboard/info', undefined, viewerToken)).body.projectCount).toBe(2)
  })

  test('square metres: summed over the projects the caller sees, or one project', async () => {
    const figure = server.app.get('extensions').all(dashboardFigures).find((f) => f.tile === 'squareMeters')!
    expect(await figure.value(server.app, { user: await userOf(adminToken) })).toBe(1300.5)
    const user = await userOf(viewerToken)
    expect(await figure.value(server.app, { user })).toBe(1100.5)
    expect(await figure.value(server.app, { user }, made[0]!.id)).toBe(100.5)
    // A project the caller does not see counts nothing.
    expect(await figure.value(server.app, { user }, made[1]!.id)).toBe(0)
  })

  test('search: number or name in any case, sorted by number then name, with the total', async () => {
    const answer = await server.call('GET', '/api/search?q=QUArry&$limit=2', undefined, adminToken)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const group = answer.body.groups.find((g: { group: string }) => g.group === 'projects')
    expect(group.total).toBe(3)
    expect(group.items).toEqual([
      { id: made[3]!.id, title: 'QX-1 - Another QUARRY', href: `/project/${made[3]!.id}` },
      { id: made[1]!.id, title: 'QX-1 - quarry alpha', href: `/project/${made[1]!.id}` },
    ])
    const seen = (await server.call('GET', '/api/search?q=qx-', undefined, viewerToken)).body.groups.find((g: { group: string }) => g.group === 'projects')
    expect(seen).toEqual({ group: 'projects', total: 1, items: [{ id: made[0]!.id, title: 'QX-2 - Quarry Beta', href: `/project/${made[0]!.id}` }] })
  })

  test('a company that is a client of projects cannot be deleted: "is linked to" "symbol - name"', async () => {
    const answer = await server.call('DELETE', `/api/companies/${client.id}`, undefined, adminToken)
    expect(answer.status).toBe(409)
    expect(answer.body.data.blocks).toEqual(
      expect.arrayContaining([
        { reason: 'is linked to', item: 'QX-1 - Another QUARRY' },
        { reason: 'is linked to', item: 'QX-2 - Quarry Beta' },
      ]),
    )
    const free = await make.company(account)
    expect((await server.call('DELETE', `/api/companies/${free.id}`, undefined, adminToken)).status).toBe(200)
  })
})
