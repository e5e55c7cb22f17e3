/**
 * `stats` on GET /projects and GET /projects/{id}: each project's storageTotal from the
 * `projectFiles` contributors (a test plugin's files table stands in for the documents
 * module), read with the page; without `stats`, 0. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { definePlugin, projectFiles } from '@app/plugin-kit'
import { type AccountFixture, type ProjectFixture, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const FILES = 'test_stats_project_files'
const filesPlugin = definePlugin({
  id: 'test-project-files',
  module: 'project',
  version: '0.0.0',
  migrations: [
    {
      name: '2026-11-24-901-test-project-files',
      async up(knex) {
        await knex.schema.createTable(FILES, (t) => {
          t.increments('id')
          t.integer('project_id').notNullable()
          t.bigInteger('size').notNullable()
        })
      },
      async down(knex) {
        await knex.schema.dropTableIfExists(FILES)
      },
    },
  ],
  services: [],
  permissions: [],
  configure(app) {
    app.get('extensions').contribute(projectFiles, {
      bytesSql: (knex, project) => knex.raw(`select sum(f.size) from ${FILES} f where f.project_id = ??`, [project]),
    })
  },
})

let server: TestServer
let account: AccountFixture
let token: string
let full: ProjectFixture
let empty: ProjectFixture

beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [filesPlugin] })
  const make = fixtures(server)
  account = await make.account()
  token = await make.signIn(account.admin)
  full = await make.project(account, { symbol: 'A-1' })
  empty = await make.project(account, { symbol: 'B-1' })
  await server.knex(FILES).insert([
    { project_id: full.id, size: 3_000_000_000 },
    { project_id: full.id, size: 500 },
  ])
})
afterAll(() => server?.close())

describe('stats', () => {
  test('the list and one project carry their files’ bytes when stats is asked', async () => {
    const listed = await server.call('GET', '/api/projects?stats=true&$sort[symbol]=1', undefined, token)
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    expect(listed.body.data.map((p: { storageTotal: number }) => p.storageTotal)).toEqual([3_000_000_500, 0])
    const one = await server.call('GET', `/api/projects/${full.id}?stats=true`, undefined, token)
    expect(one.body.storageTotal).toBe(3_000_000_500)
    expect((await server.call('GET', `/api/projects/${empty.id}?stats=true`, undefined, token)).body.storageTotal).toBe(0)
  })

  test('without stats the figure is not read: 0', async () => {
    const listed = await server.call('GET', '/api/projects?$sort[symbol]=1', undefined, token)
    expect(listed.body.data.map((p: { storageTotal: number }) => p.storageTotal)).toEqual([0, 0])
    expect((await server.call('GET', `/api/projects/${full.id}`, undefined, token)).body.storageTotal).toBe(0)
  })
})
