/** PUT /projects/{projectId}/billing-notification over HTTP (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { type AccountFixture, type Person, type ProjectFixture, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BILLING_UNDEFINED } from './billing-notification.schema'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture
let adminToken: string
let editor: Person
let reader: Person

const url = (id: number) => `/api/projects/${id}/billing-notification`

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
  adminToken = await make.signIn(account.admin)
  editor = await make.user(account)
  reader = await make.user(account)
})
afterAll(() => server?.close())

/** A project made through the API: its billing notification starts Disabled. */
const made = async () => {
  const client = await make.company(account)
  const answer = await server.call('POST', '/api/projects', { name: 'Billed', symbol: 'BL-1', companyId: client.id }, adminToken)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  const project: ProjectFixture = { id: answer.body.id, accountId: account.id, name: 'Billed', symbol: 'BL-1' }
  await make.grantProject(editor, project, 'EDIT')
  await make.grantProject(reader, project, 'VIEW')
  return project
}

describe('billing notification', () => {
  test('EDIT enables and disables it at once, answering the project', async () => {
    const project = await made()
    const token = await make.signIn(editor)
    const on = await server.call('PUT', url(project.id), { shouldNotifyBilling: true }, token)
    expect(on.status, JSON.stringify(on.body)).toBe(200)
    expect(on.body).toMatchObject({ id: project.id, shouldNotifyBilling: true, isBillingNotified: false })
    expect(Boolean((await server.knex('projects').where({ id: project.id }).first('should_notify_billing')).should_notify_billing)).toBe(true)
    const off = await server.call('PUT', url(project.id), { shouldNotifyBilling: false }, token)
    expect(off.body.shouldNotifyBilling).toBe(false)
  })

  test('below EDIT 403, another account 404, a bad body 400; nothing changes', async () => {
    const project = await made()
    const refused = await server.call('PUT', url(project.id), { shouldNotifyBilling: true }, await make.signIn(reader))
    expect(refused.status).toBe(403)
    const other = await make.account()
    expect((await server.call('PUT', url(project.id), { shouldNotifyBilling: true }, await make.signIn(other.admin))).status).toBe(404)
    expect((await server.call('PUT', url(987654), { shouldNotifyBilling: true }, adminToken)).status).toBe(404)
    for (const body of [{}, { shouldNotifyBilling: 'yes' }, { shouldNotifyBilling: true, extra: 1 }]) {
      const answer = await server.call('PUT', url(project.id), body, adminToken)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    expect(Boolean((await server.knex('projects').where({ id: project.id }).first('should_notify_billing')).should_notify_billing)).toBe(false)
  })

  test('while the value is undefined the change is refused with 409', async () => {
    const project = await make.project(account)
    // A row not written through the API (an import): its choice was never made.
    await server.knex('projects').where({ id: project.id }).update({ should_notify_billing: null })
    const answer = await server.call('PUT', url(project.id), { shouldNotifyBilling: true }, adminToken)
    expect(answer.status).toBe(409)
    expect(answer.body.message).toBe(BILLING_UNDEFINED)
    expect((await server.knex('projects').where({ id: project.id }).first('should_notify_billing')).should_notify_billing).toBeNull()
  })
})
