/**
 * Core's calls that other plugins use to read and change what core owns, on a real
 * database (SQLite, or MariaDB with TEST_DATABASE_URL): giving a member a grant (the
 * projects' creator), batched members, and a person's name as a sort subquery.
 */
import { type AccountFixture, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
})
afterAll(() => server?.close())

const grantsOf = (userId: number, resourceId: number) =>
  server.knex('privileges').where({ account_id: account.id, user_id: userId, resource: 'PROJECT', resource_id: resourceId }).select('action', 'name')

describe('core calls', () => {
  test('giveGrant gives a grant, raises a lower one in place, and never lowers one', async () => {
    const core = server.app.get('core')
    const person = await make.user(account)
    const [a, b, c] = [await make.project(account), await make.project(account), await make.project(account)]
    await core.giveGrant(account.id, person.id, { resource: 'PROJECT', resourceId: a.id, action: 'ADMINISTER' })
    expect(await grantsOf(person.id, a.id)).toEqual([{ action: 'ADMINISTER', name: null }])
    await make.grantProject(person, b, 'VIEW')
    await core.giveGrant(account.id, person.id, { resource: 'PROJECT', resourceId: b.id, action: 'EDIT' })
    expect(await grantsOf(person.id, b.id)).toEqual([{ action: 'EDIT', name: null }])
    await make.grantProject(person, c, 'ADMINISTER')
    await core.giveGrant(account.id, person.id, { resource: 'PROJECT', resourceId: c.id, action: 'VIEW' })
    expect(await grantsOf(person.id, c.id)).toEqual([{ action: 'ADMINISTER', name: null }])
    // The caller's kept grants see it at once (the grant clock places the write).
    const token = await make.signIn(person)
    expect((await server.call('GET', `/api/projects/${b.id}`, undefined, token)).body.accessLevel.level).toBe('EDIT')
    await core.giveGrant(account.id, person.id, { resource: 'PROJECT', resourceId: b.id, action: 'ADMINISTER' })
    expect((await server.call('GET', `/api/projects/${b.id}`, undefined, token)).body.accessLevel.level).toBe('ADMINISTER')
  })

  test('personNameSql sorts by last name, then first name, in any case', async () => {
    const names = [
      ['bertta', 'Aalto'],
      ['Anna', 'aalto'],
      ['Cecilia', 'Berg'],
    ] as const
    const ids: number[] = []
    for (const [firstName, lastName] of names) ids.push((await make.user(account, 'user', { firstName, lastName })).id)
    const sorted = await server
      .knex('users')
      .whereIn('id', ids)
      .orderBy(server.app.get('core').personNameSql('users.id') as never)
      .pluck('first_name')
    expect(sorted).toEqual(['Anna', 'bertta', 'Cecilia'])
  })
})
