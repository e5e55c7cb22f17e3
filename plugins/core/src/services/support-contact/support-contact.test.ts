/** GET /api/support/contact over real HTTP. SQLite, or MariaDB with TEST_DATABASE_URL. */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { supportEmail } from './support-contact'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

describe('GET /api/support/contact', () => {
  test('the contact is support@ the public host unless SUPPORT_EMAIL says otherwise; signed out 401', async () => {
    const make = fixtures(server)
    const token = await make.signIn(await make.user(await make.account()))
    const answer = await server.call('GET', '/api/support/contact', undefined, token)
    const expected = process.env.SUPPORT_EMAIL || `support@${new URL(server.config.publicUrl).hostname}`
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ email: expected })
    expect(supportEmail(server.app, { SUPPORT_EMAIL: 'help@example.test' })).toBe('help@example.test')
    expect(supportEmail(server.app, {})).toBe(`support@${new URL(server.config.publicUrl).hostname}`)
    expect((await server.call('GET', '/api/support/contact')).status).toBe(401)
  })
})
