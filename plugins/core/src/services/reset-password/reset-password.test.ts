/**
 * Spending a reset or welcome link over real HTTP (POST /api/passwordreset/changePassword
 * and /changePasswordAndUserDetails): a link works once, within its day, for its kind,
 * under the password rule, and a reset ends every session of the person. SQLite, or
 * MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, FIXTURE_PASSWORD, type Fixtures, type TestServer, fixtures, linkToken, startTestServer, waitForMails } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUserToken, hashToken } from '../../user-tokens'
import { RESET_DONE, RESET_FAILED } from './reset-password.schema'

let server: TestServer
let make: Fixtures
let acme: AccountFixture

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  acme = await make.account()
})
afterAll(() => server?.close())

const changePassword = (body: unknown) => server.call('POST', '/api/passwordreset/changePassword', body)
const changeWithDetails = (body: unknown) => server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', body)
const signInStatus = async (username: string, password: string) => (await server.call('POST', '/api/authentication', { username, password })).status

describe('POST /api/passwordreset/changePassword', () => {
  test('the mailed link resets the password once; old password and old tokens stop working', async () => {
    const person = await make.user(acme)
    const oldToken = await make.signIn(person)
    expect((await server.call('GET', '/api/authentication/validate', undefined, oldToken)).status).toBe(200)

    await server.call('POST', `/api/passwordreset/requestReset?email=${encodeURIComponent(person.username)}`)
    const [mail] = await waitForMails(server, person.username, 1)
    const token = linkToken(mail!, '/changePassword/')

    const answer = await changePassword({ token, password: 'brand-new-secret' })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ message: RESET_DONE })

    expect(await signInStatus(person.username, FIXTURE_PASSWORD)).toBe(401)
    expect(await signInStatus(person.username, 'brand-new-secret')).toBe(201)
    expect((await server.call('GET', '/api/authentication/validate', undefined, oldToken)).status).toBe(401)
    expect((await server.call('GET', '/api/contexts', undefined, oldToken)).status).toBe(401)

    const hash = (await server.knex('users').where({ id: person.id }).first('password_hash')).password_hash as string
    expect(hash.startsWith('$argon2id$')).toBe(true)

    // The same link a second time: refused, and the password stays.
    const again = await changePassword({ token, password: 'another-secret' })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(RESET_FAILED)
    expect(await signInStatus(person.username, 'brand-new-secret')).toBe(201)
  })

  test('an expired link is refused and nothing changes', async () => {
    const person = await make.user(acme)
    const token = await createUserToken(server.app, person.id, 'reset')
    await server.knex('user_tokens').where({ token_hash: hashToken(token) }).update({ expires_at: Date.now() - 1000 })

    const answer = await changePassword({ token, password: 'expired-secret' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(RESET_FAILED)
    expect(await signInStatus(person.username, FIXTURE_PASSWORD)).toBe(201)
    expect(await signInStatus(person.username, 'expired-secret')).toBe(401)
  })

  test('an unknown token is refused', async () => {
    const answer = await changePassword({ token: 'not-a-real-token', password: 'whatever1' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(RESET_FAILED)
  })

  test('password rule: at least 8 characters, not a common one, at most 100; the link stays usable after a refusal', async () => {
    const person = await make.user(acme)
    const token = await createUserToken(server.app, person.id, 'reset')
    const refused: [string, string][] = [
      ['abcdefg', 'You must enter at least 8 characters'],
      ['password1', 'This password is too common or too easy to guess'],
      ['qwertyuiop', 'This password is too common or too easy to guess'],
      [person.username, 'This password is too common or too easy to guess'],
      ['a'.repeat(101), 'The maximum number of characters is 100'],
    ]
    for (const [password, message] of refused) {
      const answer = await changePassword({ token, password })
      expect(answer.status, password).toBe(400)
      expect(answer.body.errors, password).toEqual({ password: message })
    }
    expect(await signInStatus(person.username, FIXTURE_PASSWORD)).toBe(201)
    const accepted = await changePassword({ token, password: 'sales-admin-reset-9' })
    expect(accepted.body).toEqual({ message: RESET_DONE })
    const missing = await changePassword({ password: 'abcdef' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ token: 'This field is required' })
  })

  test('a welcome token is not accepted by changePassword', async () => {
    const person = await make.user(acme)
    const token = await createUserToken(server.app, person.id, 'welcome')
    const answer = await changePassword({ token, password: 'welcome-secret' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(RESET_FAILED)
    expect(await signInStatus(person.username, FIXTURE_PASSWORD)).toBe(201)
  })

  test('concurrent uses of one link: exactly one succeeds', async () => {
    const person = await make.user(acme)
    const token = await createUserToken(server.app, person.id, 'reset')
    const answers = await Promise.all(['race-secret-1', 'race-secret-2', 'race-secret-3'].map((password) => changePassword({ token, password })))
    expect(answers.map((a) => a.status).filter((s) => s < 300)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.message === RESET_FAILED)).toBe(true)
  })
})

describe('POST /api/passwordreset/changePasswordAndUserDetails', () => {
  test('a welcome token sets the password and the names, once', async () => {
    const person = await make.user(acme)
    const token = await createUserToken(server.app, person.id, 'welcome')
    const answer = await changeWithDetails({ token, password: 'welcome-aboard', firstName: ' Ulrika ', lastName: 'Userson' })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ message: RESET_DONE })
    const signedIn = await server.call('POST', '/api/authentication', { username: person.username, password: 'welcome-aboard' })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.principal).toMatchObject({ firstName: 'Ulrika', lastName: 'Userson' })

    const again = await changeWithDetails({ token, password: 'welcome-again', firstName: 'X', lastName: 'Y' })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(RESET_FAILED)
  })

  test("the welcome page takes the same password rule, the new names counting as the person's words", async () => {
    const person = await make.user(acme)
    const token = await createUserToken(server.app, person.id, 'welcome')
    const weak = await changeWithDetails({ token, password: 'Kowalski2024', firstName: 'Jan', lastName: 'Kowalski' })
    expect(weak.status).toBe(400)
    expect(weak.body.errors).toEqual({ password: 'This password is too common or too easy to guess' })
    const short = await changeWithDetails({ token, password: 'x7-Q', firstName: 'Jan', lastName: 'Kowalski' })
    expect(short.body.errors).toEqual({ password: 'You must enter at least 8 characters' })
    expect(await signInStatus(person.username, FIXTURE_PASSWORD)).toBe(201)
    const answer = await changeWithDetails({ token, password: 'steel-and-spruce', firstName: 'Jan', lastName: 'Kowalski' })
    expect(answer.body).toEqual({ message: RESET_DONE })
  })

  test('names left out stay as the wizard gave them; an emptied one is refused', async () => {
    const person = await make.user(acme, 'user', { firstName: 'Wendy', lastName: 'Welcome' })
    const token = await createUserToken(server.app, person.id, 'welcome')
    const emptied = await changeWithDetails({ token, password: 'steel-and-spruce', firstName: '' })
    expect(emptied.status).toBe(400)
    expect(emptied.body.errors).toEqual({ firstName: 'This field is required' })
    expect((await changeWithDetails({ token, password: 'steel-and-spruce' })).body).toEqual({ message: RESET_DONE })
    const signedIn = await server.call('POST', '/api/authentication', { username: person.username, password: 'steel-and-spruce' })
    expect(signedIn.body.principal).toMatchObject({ firstName: 'Wendy', lastName: 'Welcome' })
  })

  test('a reset token is accepted too', async () => {
    const person = await make.user(acme)
    const token = await createUserToken(server.app, person.id, 'reset')

    const answer = await changeWithDetails({ token, password: 'manager-secret', firstName: 'Mika', lastName: 'Manager' })
    expect(answer.body).toEqual({ message: RESET_DONE })
    expect(await signInStatus(person.username, 'manager-secret')).toBe(201)
  })
})
