/**
 * Asking for a reset link over real HTTP (POST /api/passwordreset/requestReset): the
 * same answer for every address, a mail with a single-use link only to a known, enabled
 * person, and at most five an hour per address. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, type Fixtures, type TestServer, fixtures, linkToken, mailsTo, outbox, startTestServer, waitForMails } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashToken } from '../../user-tokens'
import { RESET_REQUESTED } from './reset-request.schema'

let server: TestServer
let make: Fixtures
let acme: AccountFixture

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  acme = await make.account()
})
afterAll(() => server?.close())

const requestReset = (email: string) => server.call('POST', `/api/passwordreset/requestReset?email=${encodeURIComponent(email)}`)
/** Long enough for a mail that was going to be sent without waiting to be in the outbox. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe('POST /api/passwordreset/requestReset', () => {
  test('a known address, in any letter case, gets a mail with a single-use link; only its hash is stored', async () => {
    const person = await make.user(acme)
    const answer = await requestReset(person.username.toUpperCase())
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ message: RESET_REQUESTED })

    const [mail] = await waitForMails(server, person.username, 1)
    expect(mail!.subject).toMatch(/password/i)
    expect(mail!.text).toContain(`${server.config.publicUrl}/changePassword/`)
    const token = linkToken(mail!, '/changePassword/')
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)

    const rows = await server.knex('user_tokens').where({ user_id: person.id })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'reset', token_hash: hashToken(token), used_at: null })
    expect(JSON.stringify(rows)).not.toContain(token)
    const ttl = Number(rows[0].expires_at) - Date.now()
    expect(ttl).toBeGreaterThan(23.9 * 3600_000)
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000)
  })

  test('an unknown address answers the same message and no mail is written', async () => {
    const before = (await outbox(server)).length
    const tokensBefore = (await server.knex('user_tokens').count({ n: '*' }))[0]!.n
    const answer = await requestReset('nobody@fixture.test')
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ message: RESET_REQUESTED })
    await settle()
    expect((await outbox(server)).length).toBe(before)
    expect((await server.knex('user_tokens').count({ n: '*' }))[0]!.n).toEqual(tokensBefore)
  })

  test('an anonymised or disabled person gets no mail, with the same answer', async () => {
    const disabled = await make.user(acme)
    const anonymised = await make.user(acme)
    await server.knex('users').where({ id: disabled.id }).update({ enabled: false })
    await server.knex('users').where({ id: anonymised.id }).update({ anonymous: true })
    for (const person of [disabled, anonymised]) expect((await requestReset(person.username)).body).toEqual({ message: RESET_REQUESTED })
    await settle()
    expect(await mailsTo(server, disabled.username)).toHaveLength(0)
    expect(await mailsTo(server, anonymised.username)).toHaveLength(0)
    expect(await server.knex('user_tokens').whereIn('user_id', [disabled.id, anonymised.id])).toHaveLength(0)
  })

  test.each([['abc'], ['@fixture.test'], ['a@b'], ['nodomain.test'], ['']])('%j answers 400 with the e-mail message', async (email) => {
    const answer = await requestReset(email)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ email: 'This field value must be a valid email address' })
  })

  test('without an e-mail it answers 400 on the field; a body is refused too', async () => {
    const answer = await server.call('POST', '/api/passwordreset/requestReset')
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors)).toEqual(['email'])
    const person = await make.user(acme)
    const withBody = await server.call('POST', `/api/passwordreset/requestReset?email=${encodeURIComponent(person.username)}`, { email: person.username })
    expect(withBody.status).toBe(400)
    await settle()
    expect(await mailsTo(server, person.username)).toHaveLength(0)
  })

  test('requests for one address are limited: past 5 an hour the answer is the same but no mail goes', async () => {
    const limited = await make.user(acme)
    for (let i = 0; i < 7; i++) {
      const answer = await requestReset(limited.username)
      expect(answer.status).toBe(201)
      expect(answer.body).toEqual({ message: RESET_REQUESTED })
    }
    await waitForMails(server, limited.username, 5)
    await settle()
    expect(await mailsTo(server, limited.username)).toHaveLength(5)
    // Another address is not affected.
    const other = await make.user(acme)
    await requestReset(other.username)
    await waitForMails(server, other.username, 1)
  })
})
