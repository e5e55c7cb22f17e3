/**
 * What a client sees when the database refuses a request's data, over real HTTP: a unique
 * conflict is 409 naming the field, a missing referenced row, a broken check or a value
 * its column cannot hold 400, through knex's service and through a plain knex query alike;
 * no answer carries SQL, a table or the driver's words, and the log keeps what the
 * database said. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { Type } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { definePlugin } from './define-plugin'
import { TableService } from './table-service'
import { capturedLogger } from './testing'
import type { Application } from './types'

const TABLE = 'kit_test_constrained'
const PARENTS = 'kit_test_parents'

const row = Type.Object(
  { id: Type.Integer(), code: Type.String(), parentId: Type.Integer(), amount: Type.Integer(), note: Type.Union([Type.String(), Type.Null()]) },
  { additionalProperties: false },
)
// Looser on purpose than the table, so that the database is the one to refuse.
const data = Type.Object(
  { code: Type.String({ maxLength: 100 }), parentId: Type.Integer(), amount: Type.Integer(), note: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
)

const constrainedPlugin = definePlugin({
  id: 'kit-database-errors-test',
  module: 'core',
  version: '0.0.0',
  permissions: [],
  migrations: [
    {
      name: '2026-11-24-900-kit-database-errors-test',
      async up(knex) {
        await knex.schema.createTable(PARENTS, (t) => {
          t.increments('id')
        })
        await knex.schema.createTable(TABLE, (t) => {
          t.increments('id')
          t.string('code', 20).notNullable().unique()
          t.integer('parent_id').unsigned().notNullable().references(`${PARENTS}.id`)
          t.integer('amount').notNullable().checkPositive()
          t.string('note', 5)
        })
      },
      async down(knex) {
        await knex.schema.dropTableIfExists(TABLE)
        await knex.schema.dropTableIfExists(PARENTS)
      },
    },
  ],
  services: [
    {
      path: 'kit-test-constrained',
      methods: ['create'],
      scope: { kind: 'none', why: 'Test service of the kit: a table whose constraints are stricter than its schema.' },
      schemas: { data, result: row },
      service: (app: Application) => new TableService({ Model: app.get('knex'), name: TABLE, result: row }),
    },
    {
      path: 'kit-test-constrained-raw',
      methods: ['create'],
      scope: { kind: 'none', why: 'Test service of the kit: the same table written by a plain knex query.' },
      schemas: { data },
      service: (app: Application) => ({
        async create(body: { code: string; parentId: number; amount: number; note?: string }) {
          await app.get('knex')(TABLE).insert({ code: body.code, parent_id: body.parentId, amount: body.amount, note: body.note ?? null })
          return { ok: true }
        },
      }),
    },
  ],
})

/** SQL, our table names, the driver's words: none may reach a client. */
const INTERNALS = /insert|select|values|kit_test|constraint|sqlite|foreign|duplicate|`/i

let server: TestServer
let token: string
let parent: number
const { logger, lines } = capturedLogger()
beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [constrainedPlugin], logger })
  const make = fixtures(server)
  token = await make.signIn((await make.account()).admin)
  const [id] = await server.knex(PARENTS).insert({})
  parent = Number(id)
})
afterAll(() => server?.close())

const count = async () => Number((await server.knex(TABLE).count({ n: '*' }))[0]!.n)

describe.each(['kit-test-constrained', 'kit-test-constrained-raw'])('database refusals through %s', (path) => {
  const create = (body: Record<string, unknown>) => server.call('POST', `/api/${path}`, body, token)
  const valid = (code: string) => ({ code: `${path.length}-${code}`, parentId: parent, amount: 1 })

  test('a unique conflict is 409 naming the field, and the log has what the database said', async () => {
    expect((await create(valid('same'))).status).toBe(201)
    const before = await count()
    const answer = await create(valid('same'))
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ message: 'This already exists', errors: { code: 'This already exists' } })
    expect(JSON.stringify(answer.body)).not.toMatch(INTERNALS)
    expect(await count()).toBe(before)
    const logged = lines.filter((line) => line.request === `POST /api/${path}` && line.status === 409)
    expect(logged.length).toBeGreaterThan(0)
    expect(logged[0]!.err.message).toMatch(/UNIQUE|Duplicate/)
  })

  test('a missing referenced row, a broken check and a value too long for its column are 400 without SQL', async () => {
    const before = await count()
    const answers = {
      missingParent: await create({ ...valid('orphan'), parentId: parent + 1000 }),
      negative: await create({ ...valid('negative'), amount: -5 }),
      // MariaDB refuses it (strict mode); SQLite keeps any length and stores it.
      tooLong: await create({ ...valid('long'), note: 'longer than five' }),
    }
    for (const [name, answer] of Object.entries(answers)) {
      expect(JSON.stringify(answer.body), name).not.toMatch(INTERNALS)
      if (name === 'tooLong' && server.knex.client.config.client !== 'mysql2') {
        expect(answer.status).toBe(201)
        continue
      }
      expect(answer.status, name).toBe(400)
      expect(answer.body.message, name).toBe('Invalid input')
    }
    if (server.knex.client.config.client === 'mysql2') expect(answers.tooLong.body.errors).toEqual({ note: 'Invalid value' })
    expect(await count()).toBe(before + (server.knex.client.config.client === 'mysql2' ? 0 : 1))
  })
})
