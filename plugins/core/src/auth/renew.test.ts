/**
 * Sliding expiry: POST /api/authentication/renew gives an active session TOKEN_TTL more
 * under a fresh token for the same session row, never past SESSION_MAX_AGE from its
 * sign-in; a signed-out session is not renewed.
 */
import { type AccountFixture, type Fixtures, type TestServer, fixtures, startTestServer } from '@app/testing'
import jwt from 'jsonwebtoken'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_AT_MAXIMUM, issueToken } from './sessions'

const TTL = 60
const MAX_AGE = 120

let server: TestServer
let make: Fixtures
let account: AccountFixture
beforeAll(async () => {
  server = await startTestServer({ tokenTtl: TTL, sessionMaxAge: MAX_AGE })
  make = fixtures(server)
  account = await make.account()
})
afterAll(() => server?.close())

/** A new user of the account, signed in. */
const signedIn = async () => make.signIn(await make.user(account))

const renew = (token: string) => server.call('POST', '/api/authentication/renew', {}, token)
const validate = (token: string) => server.call('GET', '/api/authentication/validate', undefined, token)
const claims = (token: string) => jwt.decode(token) as jwt.JwtPayload
const session = (token: string) => server.knex('sessions').where({ id: claims(token).jti }).first()
const seconds = (ms: number) => Math.floor(ms / 1000)

describe('POST /api/authentication/renew', () => {
  test('answers a fresh token for the same session with TOKEN_TTL from now; the old one stays until its end', async () => {
    const token = await signedIn()
    const first = await session(token)
    expect(Number(first.signed_in_at)).toBeGreaterThan(Date.now() - 5000)
    // JWTs count whole seconds: wait into the next one, so the new expiry is later.
    await new Promise((resolve) => setTimeout(resolve, 1100))

    const answer = await renew(token)
    expect(answer.status).toBe(201)
    const renewed = answer.body.accessToken as string
    expect(renewed).not.toBe(token)
    expect(claims(renewed).jti).toBe(claims(token).jti)
    expect(claims(renewed).sub).toBe(claims(token).sub)
    expect(claims(renewed).exp!).toBeGreaterThan(claims(token).exp!)
    expect(claims(renewed).exp! - claims(renewed).iat!).toBeLessThanOrEqual(TTL)
    const row = await session(renewed)
    expect(Number(row.expires_at)).toBe(answer.body.expiresAt)
    // The token ends in the second its session row ends, however long signing took.
    expect(claims(renewed).exp).toBe(seconds(answer.body.expiresAt))
    expect(Number(row.expires_at)).toBeGreaterThan(Number(first.expires_at))
    expect(Number(row.signed_in_at)).toBe(Number(first.signed_in_at))
    expect((await validate(renewed)).status).toBe(200)
    expect((await validate(token)).status).toBe(200)

    // Both are one session: signing out with the new token ends the old one too.
    expect((await server.call('DELETE', '/api/authentication', undefined, renewed)).status).toBe(200)
    expect((await validate(token)).status).toBe(401)
    expect((await renew(token)).status).toBe(401)
  })

  test('never past SESSION_MAX_AGE from the sign-in: the last renewal is cut there, the next is refused', async () => {
    const token = await signedIn()
    const id = claims(token).jti
    const now = Date.now()
    // Signed in 100 s ago, with 10 s left: SESSION_MAX_AGE (120 s) leaves 20 s, not TOKEN_TTL (60 s).
    await server.knex('sessions').where({ id }).update({ signed_in_at: now - 100_000, expires_at: now + 10_000 })
    const cut = await renew(token)
    expect(cut.status).toBe(201)
    expect(cut.body.expiresAt).toBe(now - 100_000 + MAX_AGE * 1000)
    expect(claims(cut.body.accessToken).exp).toBeLessThanOrEqual(seconds(cut.body.expiresAt))
    expect(claims(cut.body.accessToken).exp).toBeGreaterThanOrEqual(seconds(cut.body.expiresAt) - 1)

    const again = await renew(cut.body.accessToken)
    expect(again.status).toBe(403)
    expect(again.body.message).toBe(SESSION_AT_MAXIMUM)
    expect(again.body).not.toHaveProperty('accessToken')
    expect(Number((await server.knex('sessions').where({ id }).first('expires_at')).expires_at)).toBe(cut.body.expiresAt)
  })

  test('a session from before renewal existed (no sign-in time) lives out its token and is not renewed', async () => {
    const token = await signedIn()
    await server.knex('sessions').where({ id: claims(token).jti }).update({ signed_in_at: null })
    const answer = await renew(token)
    expect(answer.status).toBe(403)
    expect((await validate(token)).status).toBe(200)
  })

  test('a revoked session, a challenge token and no token are refused with 401', async () => {
    const token = await signedIn()
    await server.knex('sessions').where({ id: claims(token).jti }).update({ revoked: true })
    expect((await renew(token)).status).toBe(401)
    expect((await renew('garbage')).status).toBe(401)
    expect((await server.call('POST', '/api/authentication/renew', {})).status).toBe(401)

    // The first step of a two-factor sign-in is no session to renew.
    const challenge = await issueToken(server.app, Number(claims(token).sub), claims(token).acc, 'challenge')
    expect((await renew(challenge)).status).toBe(401)
  })

  test('switching account carries the sign-in time: a switch never extends SESSION_MAX_AGE', async () => {
    const person = await make.user(account)
    const other = await make.account()
    await make.join(person, other)
    const token = await make.signIn(person)
    const first = await session(token)
    const switched = await server.call('POST', `/api/contexts/${other.id}`, {}, token)
    expect(switched.status).toBe(201)
    const second = await session(switched.body.accessToken)
    expect(second.id).not.toBe(first.id)
    expect(Number(second.account_id)).toBe(other.id)
    expect(Number(second.signed_in_at)).toBe(Number(first.signed_in_at))
  })
})
