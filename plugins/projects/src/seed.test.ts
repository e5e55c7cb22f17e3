/**
 * The demo seed's projects, on a server started with the demo data (SQLite, or MariaDB
 * with TEST_DATABASE_URL): each demo account's projects with clients, positions and
 * dates, seen by the demo users at their levels, and a second seed adds nothing.
 */
import { seedDemo } from '@app/plugin-kit'
import { DEMO_PASSWORD } from '@app/api/testing'
import { startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seedDemo: true })
})
afterAll(() => server?.close())

const list = async (username: string) => {
  const token = await server.signIn(username, DEMO_PASSWORD)
  const answer = await server.call('GET', '/api/projects?$sort[symbol]=1', undefined, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data as { symbol: string; company: { name: string } | null; geoPosition: unknown; startDate: number | null; parentId: number | null; accessLevel: { level: string } }[]
}

describe('demo projects', () => {
  test('the engineering account has its projects with clients, positions and dates', async () => {
    const projects = await list('admin@demo.test')
    expect(projects.map((p) => p.symbol)).toEqual(['P-1001', 'P-1002', 'P-1002-1', 'P-1003'])
    for (const p of projects) {
      expect(p.company?.name, p.symbol).toBeTruthy()
      expect(p.geoPosition, p.symbol).not.toBeNull()
      expect(p.startDate, p.symbol).not.toBeNull()
    }
    expect(projects.find((p) => p.symbol === 'P-1002-1')!.parentId).not.toBeNull()
  })

  test('the demo users see their projects at their levels', async () => {
    const user = await list('user@demo.test')
    expect(user.map((p) => [p.symbol, p.accessLevel.level])).toEqual([
      ['P-1001', 'EDIT'],
      ['P-1003', 'VIEW'],
    ])
    const manager = await list('manager@demo.test')
    expect(manager.map((p) => [p.symbol, p.accessLevel.level])).toEqual([
      ['P-1001', 'ADMINISTER'],
      ['P-1002', 'ADMINISTER'],
    ])
    expect((await list('sales@demo.test')).map((p) => p.symbol)).toEqual(['S-200'])
  })

  test('seeding again adds nothing', async () => {
    const count = async () => Number((await server.knex('projects').count({ n: '*' }))[0]!.n)
    const before = await count()
    await seedDemo(server.app, DEMO_PASSWORD)
    expect(await count()).toBe(before)
  })
})
