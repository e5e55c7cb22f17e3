/**
 * GET /projects/positions over real HTTP: the home map's markers are the positioned
 * projects the caller may open (a member: those they or their role hold a level on; the
 * account admin: all of the account's), never another account's, never one without a
 * position; by number, capped, with the count; no query but `$limit`.
 */
import { type AccountFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { POSITIONS_MAX } from './project-positions.schema'

let server: TestServer
let own: AccountFixture
const tokens: Record<string, string> = {}
let held: ProjectFixture[]
let others: ProjectFixture[]
let unplaced: ProjectFixture
let theirs: ProjectFixture

const at = (latitude: number, longitude: number) => ({ position: { latitude, longitude } })

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  own = await make.account()
  const other = await make.account()
  held = [
    await make.project(own, { symbol: 'M-2', ...at(60.17, 24.94) }),
    await make.project(own, { symbol: 'M-1', ...at(-33.87, 151.21) }),
    await make.project(own, { symbol: 'M-3', ...at(0, 0) }),
  ]
  others = [await make.project(own, { symbol: 'A-9', ...at(59.91, 10.75) })]
  unplaced = await make.project(own, { symbol: 'M-0' })
  theirs = await make.project(other, { symbol: 'M-4', ...at(52.23, 21.01) })

  // Their role's grant counts as theirs.
  const role = await make.role(own)
  await make.grantProject(role, held[2]!, 'VIEW')
  const member = await make.user(own, 'user', { role })
  await make.grantProject(member, held[0]!, 'ACCESS')
  await make.grantProject(member, held[1]!, 'ADMINISTER')
  await make.grantProject(member, unplaced, 'VIEW')
  tokens.member = await make.signIn(member)
  tokens.admin = await make.signIn(own.admin)
  tokens.otherAdmin = await make.signIn(other.admin)
  const stranger = await make.user(own)
  await make.grantProject(stranger, await make.project(own), 'VIEW')
  tokens.stranger = await make.signIn(stranger)
})
afterAll(() => server?.close())

const positions = (token: string, query = '') => server.call('GET', `/api/projects/positions${query}`, undefined, token)

describe('GET /projects/positions', () => {
  test('a member sees exactly the positioned projects they or their role hold a level on, by number', async () => {
    const answer = await positions(tokens.member!)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({
      total: 3,
      limit: POSITIONS_MAX,
      data: [
        { id: held[1]!.id, symbol: 'M-1', name: held[1]!.name, latitude: -33.87, longitude: 151.21 },
        { id: held[0]!.id, symbol: 'M-2', name: held[0]!.name, latitude: 60.17, longitude: 24.94 },
        { id: held[2]!.id, symbol: 'M-3', name: held[2]!.name, latitude: 0, longitude: 0 },
      ],
    })
  })

  test("the account admin sees every positioned project of the account, none without a position and none of another account", async () => {
    const answer = await positions(tokens.admin!)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data.map((p: { symbol: string }) => p.symbol)).toEqual(['A-9', 'M-1', 'M-2', 'M-3'])
    expect(answer.body.total).toBe(4)
    const ids = answer.body.data.map((p: { id: number }) => p.id)
    expect(ids).not.toContain(unplaced.id)
    expect(ids).not.toContain(theirs.id)
    expect(ids).toContain(others[0]!.id)
  })

  test("another account's admin sees only their own account's", async () => {
    const answer = await positions(tokens.otherAdmin!)
    expect(answer.body.data.map((p: { id: number }) => p.id)).toEqual([theirs.id])
  })

  test('a project without a longitude, or without a latitude, is not marked', async () => {
    await server.knex('projects').where({ id: held[0]!.id }).update({ longitude: null })
    await server.knex('projects').where({ id: held[1]!.id }).update({ latitude: null })
    try {
      const answer = await positions(tokens.member!)
      expect(answer.body.data.map((p: { id: number }) => p.id)).toEqual([held[2]!.id])
      expect(answer.body.total).toBe(1)
    } finally {
      await server.knex('projects').where({ id: held[0]!.id }).update({ longitude: 24.94 })
      await server.knex('projects').where({ id: held[1]!.id }).update({ latitude: -33.87 })
    }
  })

  test("the account admin's answer, kept between calls, follows every change to the account's projects at once", async () => {
    const symbols = async () => (await positions(tokens.admin!)).body.data.map((p: { symbol: string; latitude: number }) => `${p.symbol}@${p.latitude}`)
    expect(await symbols()).toEqual(['A-9@59.91', 'M-1@-33.87', 'M-2@60.17', 'M-3@0'])
    const answer = await positions(tokens.admin!)
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')

    const moved = await server.call('PATCH', `/api/projects/${others[0]!.id}`, { geoPosition: { latitude: 1.5, longitude: 2.5 } }, tokens.admin)
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(await symbols()).toEqual(['A-9@1.5', 'M-1@-33.87', 'M-2@60.17', 'M-3@0'])

    const added = await fixtures(server).project(own, { symbol: 'B-1', ...at(10, 20) })
    expect(await symbols()).toEqual(['A-9@1.5', 'B-1@10', 'M-1@-33.87', 'M-2@60.17', 'M-3@0'])
    expect((await server.call('DELETE', `/api/projects/${added.id}`, undefined, tokens.admin)).status).toBe(200)
    expect(await symbols()).toEqual(['A-9@1.5', 'M-1@-33.87', 'M-2@60.17', 'M-3@0'])

    await server.call('PATCH', `/api/projects/${others[0]!.id}`, { geoPosition: { latitude: 59.91, longitude: 10.75 } }, tokens.admin)
    expect(await symbols()).toEqual(['A-9@59.91', 'M-1@-33.87', 'M-2@60.17', 'M-3@0'])
  })

  test('a capped answer says how many there are', async () => {
    const answer = await positions(tokens.admin!, '?$limit=2')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ total: 4, limit: 2 })
    expect(answer.body.data.map((p: { symbol: string }) => p.symbol)).toEqual(['A-9', 'M-1'])
    expect((await positions(tokens.admin!, '?$limit=0')).body).toEqual({ total: 4, limit: 0, data: [] })
    // More than the most is the most.
    expect((await positions(tokens.admin!, `?$limit=${POSITIONS_MAX + 1}`)).body.limit).toBe(POSITIONS_MAX)
  })

  test('a member holding no positioned project sees none', async () => {
    const answer = await positions(tokens.stranger!)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({ total: 0, limit: POSITIONS_MAX, data: [] })
  })

  test('any other query key is a 400', async () => {
    for (const query of ['?filter=M', '?$skip=1', '?bbox=0,0,1,1', '?$sort[name]=1', '?$limit=-1', '?$limit=x']) {
      const answer = await positions(tokens.admin!, query)
      expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).toBe(400)
    }
  })

  test('the account is never the client’s to name (an accountId is dropped, as everywhere)', async () => {
    const answer = await positions(tokens.admin!, `?accountId=${theirs.accountId}`)
    expect(answer.status).toBe(200)
    expect(answer.body.data.map((p: { id: number }) => p.id)).not.toContain(theirs.id)
    expect(answer.body.total).toBe(4)
  })

  test('signed out is 401; without a project to see (canSeeProjects) 403', async () => {
    expect((await server.call('GET', '/api/projects/positions')).status).toBe(401)
    const make = fixtures(server)
    const nobody = await make.signIn(await make.user(own))
    expect((await positions(nobody)).status).toBe(403)
  })

  test('/projects/positions is this list, not a project with the id "positions"', async () => {
    const answer = await positions(tokens.admin!)
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body).sort()).toEqual(['data', 'limit', 'total'])
  })
})
