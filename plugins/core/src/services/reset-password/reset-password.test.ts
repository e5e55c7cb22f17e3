/**
 * Forgotten password over real HTTP: the request answers the same for every
 * address, the mailed link works once and within its day, and a reset ends every
 * session of the user.
 */
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { DEMO_PASSWORD, startTestServer } from '@app/api/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUserToken, hashToken } from '../../user-tokens'
import { RESET_REQUESTED } from '../reset-request/reset-request.schema'
import { RESET_DONE, RESET_FAILED } from './reset-password.schema'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

interface Mail {
  file: string
  to: string
  subject: string
  text: string
}

/** The .eml files of the outbox, with quoted-printable bodies decoded. */
const outbox = async (): Promise<Mail[]> => {
  const dir = path.join(server.config.dataDir, 'outbox')
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort()
  return Promise.all(
    files.map(async (file) => {
      const raw = (await readFile(path.join(dir, file), 'utf8')).replace(/\r\n/g, '\n')
      const split = raw.indexOf('\n\n')
      const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ')
      let text = raw.slice(split + 2)
      const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
      if (/quoted-printable/i.test(header('Content-Transfer-Encoding')))
        text = text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      else if (/base64/i.test(header('Content-Transfer-Encoding'))) text = Buffer.from(text, 'base64').toString('utf8')
      return { file, to: header('To'), subject: header('Subject'), text }
    }),
  )
}
const mailsTo = async (to: string) => (await outbox()).filter((m) => m.to.includes(to))

/** The reset mail is sent without waiting for it: poll until the n-th mail to the address is there. */
const waitForMails = async (to: string, count: number) => {
  for (let i = 0; i < 100; i++) {
    const mails = await mailsTo(to)
    if (mails.length >= count) return mails
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`No ${count} mails to ${to} in the outbox`)
}
const tokenOf = (mail: Mail) => {
  const match = /\/changePassword\/([A-Za-z0-9_-]+)/.exec(mail.text)
  if (!match) throw new Error(`No reset link in: ${mail.text}`)
  return match[1]!
}

const requestReset = (email: string) => server.call('POST', `/api/passwordreset/requestReset?email=${encodeURIComponent(email)}`)
const userIdOf = async (username: string) => Number((await server.knex('users').where({ username }).first('id')).id)
const signInStatus = async (username: string, password: string) =>
  (await server.call('POST', '/api/authentication', { username, password })).status

describe('requestReset', () => {
  test('a known address gets a mail with a single-use link; only its hash is stored', async () => {
    const answer = await requestReset('User@Demo.test')
    expect([200, 201]).toContain(answer.status)
    expect(answer.body).toEqual({ message: RESET_REQUESTED })

    const [mail] = await waitForMails('user@demo.test', 1)
    expect(mail!.subject).toMatch(/password/i)
    expect(mail!.text).toContain(`${server.config.publicUrl}/changePassword/`)
    const token = tokenOf(mail!)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)

    const rows = await server.knex('user_tokens').where({ user_id: await userIdOf('user@demo.test') })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'reset', token_hash: hashToken(token), used_at: null })
    expect(JSON.stringify(rows)).not.toContain(token)
    const ttl = Number(rows[0].expires_at) - Date.now()
    expect(ttl).toBeGreaterThan(23.9 * 3600_000)
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000)
  })

  test('an unknown address answers the same message and no mail is written', async () => {
    const before = (await outbox()).length
    const tokensBefore = (await server.knex('user_tokens').count({ n: '*' }))[0]!.n
    const answer = await requestReset('nobody@demo.test')
    expect([200, 201]).toContain(answer.status)
    expect(answer.body).toEqual({ message: RESET_REQUESTED })
    await new Promise((r) => setTimeout(r, 300))
    expect((await outbox()).length).toBe(before)
    expect((await server.knex('user_tokens').count({ n: '*' }))[0]!.n).toEqual(tokensBefore)
  })

  test('an anonymised or disabled user gets no mail, with the same answer', async () => {
    await server.knex('users').where({ username: 'sales@demo.test' }).update({ enabled: false })
    const answer = await requestReset('sales@demo.test')
    await server.knex('users').where({ username: 'sales@demo.test' }).update({ enabled: true })
    expect(answer.body).toEqual({ message: RESET_REQUESTED })
    await new Promise((r) => setTimeout(r, 300))
    expect(await mailsTo('sales@demo.test')).toHaveLength(0)
  })

  test.each([['abc'], ['@demo.test'], ['a@b'], ['nodomain.test'], ['']])('%j answers 400 with the e-mail message', async (email) => {
    const answer = await requestReset(email)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ email: 'This field value must be a valid email address' })
  })

  test('without an e-mail it answers 400 on the field', async () => {
    const answer = await server.call('POST', '/api/passwordreset/requestReset')
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.errors)).toEqual(['email'])
  })

  test('requests for one address are limited: past 5 an hour the answer is the same but no mail goes', async () => {
    const email = 'manager@demo.test'
    for (let i = 0; i < 7; i++) {
      const answer = await requestReset(email)
      expect(answer.status).toBeLessThan(300)
      expect(answer.body).toEqual({ message: RESET_REQUESTED })
    }
    await waitForMails(email, 5)
    await new Promise((r) => setTimeout(r, 300))
    expect(await mailsTo(email)).toHaveLength(5)
    // Another address is not affected.
    await requestReset('consultant@demo.test')
    await waitForMails('consultant@demo.test', 1)
  })
})

describe('changePassword', () => {
  test('the mailed link resets the password once; old password and old tokens stop working', async () => {
    const username = 'admin@demo.test'
    const oldToken = await server.signIn(username)
    expect((await server.call('GET', '/api/authentication/validate', undefined, oldToken)).status).toBe(200)

    await requestReset(username)
    const [mail] = await waitForMails(username, 1)
    const token = tokenOf(mail!)

    const answer = await server.call('POST', '/api/passwordreset/changePassword', { token, password: 'brand-new-secret' })
    expect(answer.status).toBeLessThan(300)
    expect(answer.body).toEqual({ message: RESET_DONE })

    expect(await signInStatus(username, DEMO_PASSWORD)).toBe(401)
    expect(await signInStatus(username, 'brand-new-secret')).toBe(201)
    expect((await server.call('GET', '/api/authentication/validate', undefined, oldToken)).status).toBe(401)
    expect((await server.call('GET', '/api/contexts', undefined, oldToken)).status).toBe(401)

    const hash = (await server.knex('users').where({ username }).first('password_hash')).password_hash as string
    expect(hash.startsWith('$argon2id$')).toBe(true)

    // The same link a second time: refused, and the password stays.
    const again = await server.call('POST', '/api/passwordreset/changePassword', { token, password: 'another-secret' })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(RESET_FAILED)
    expect(await signInStatus(username, 'brand-new-secret')).toBe(201)
  })

  test('an expired link is refused and nothing changes', async () => {
    const username = 'consultant@demo.test'
    const mails = await waitForMails(username, 1)
    await requestReset(username)
    const latest = await waitForMails(username, mails.length + 1)
    const token = tokenOf(latest[latest.length - 1]!)
    await server.knex('user_tokens').where({ token_hash: hashToken(token) }).update({ expires_at: Date.now() - 1000 })

    const answer = await server.call('POST', '/api/passwordreset/changePassword', { token, password: 'expired-secret' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(RESET_FAILED)
    expect(await signInStatus(username, DEMO_PASSWORD)).toBe(201)
    expect(await signInStatus(username, 'expired-secret')).toBe(401)
  })

  test('an unknown token is refused', async () => {
    const answer = await server.call('POST', '/api/passwordreset/changePassword', { token: 'not-a-real-token', password: 'whatever1' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(RESET_FAILED)
  })

  test('password rule: at least 8 characters, not a common one, at most 100; the link stays usable after a refusal', async () => {
    const username = 'salesadmin@demo.test'
    const token = await createUserToken(server.app, await userIdOf(username), 'reset')
    const refused: [string, string][] = [
      ['abcdefg', 'You must enter at least 8 characters'],
      ['password1', 'This password is too common or too easy to guess'],
      ['qwertyuiop', 'This password is too common or too easy to guess'],
      [username, 'This password is too common or too easy to guess'],
      ['a'.repeat(101), 'The maximum number of characters is 100'],
    ]
    for (const [password, message] of refused) {
      const answer = await server.call('POST', '/api/passwordreset/changePassword', { token, password })
      expect(answer.status, password).toBe(400)
      expect(answer.body.errors, password).toEqual({ password: message })
    }
    expect(await signInStatus(username, DEMO_PASSWORD)).toBe(201)
    const accepted = await server.call('POST', '/api/passwordreset/changePassword', { token, password: 'sales-admin-reset-9' })
    expect(accepted.body).toEqual({ message: RESET_DONE })
    const missing = await server.call('POST', '/api/passwordreset/changePassword', { password: 'abcdef' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ token: 'This field is required' })
  })

  test('a welcome token is not accepted by changePassword', async () => {
    const userId = await userIdOf('user@demo.test')
    const token = await createUserToken(server.app, userId, 'welcome')
    const answer = await server.call('POST', '/api/passwordreset/changePassword', { token, password: 'welcome-secret' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(RESET_FAILED)
  })

  test('concurrent uses of one link: exactly one succeeds', async () => {
    const userId = await userIdOf('globaladmin@demo.test')
    const token = await createUserToken(server.app, userId, 'reset')
    const answers = await Promise.all(
      ['race-secret-1', 'race-secret-2', 'race-secret-3'].map((password) =>
        server.call('POST', '/api/passwordreset/changePassword', { token, password }),
      ),
    )
    expect(answers.map((a) => a.status).filter((s) => s < 300)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.message === RESET_FAILED)).toBe(true)
  })
})

describe('changePasswordAndUserDetails', () => {
  test('a welcome token sets the password and the names, once', async () => {
    const username = 'user@demo.test'
    const token = await createUserToken(server.app, await userIdOf(username), 'welcome')
    const answer = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', {
      token,
      password: 'welcome-aboard',
      firstName: ' Ulrika ',
      lastName: 'Userson',
    })
    expect(answer.status).toBeLessThan(300)
    expect(answer.body).toEqual({ message: RESET_DONE })
    const signedIn = await server.call('POST', '/api/authentication', { username, password: 'welcome-aboard' })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.principal).toMatchObject({ firstName: 'Ulrika', lastName: 'Userson' })

    const again = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', {
      token,
      password: 'welcome-again',
      firstName: 'X',
      lastName: 'Y',
    })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(RESET_FAILED)
  })

  test('the welcome page takes the same password rule, the new names counting as the person\'s words', async () => {
    const token = await createUserToken(server.app, await userIdOf('companyadmin@demo.test'), 'welcome')
    const weak = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', { token, password: 'Kowalski2024', firstName: 'Jan', lastName: 'Kowalski' })
    expect(weak.status).toBe(400)
    expect(weak.body.errors).toEqual({ password: 'This password is too common or too easy to guess' })
    const short = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', { token, password: 'x7-Q', firstName: 'Jan', lastName: 'Kowalski' })
    expect(short.body.errors).toEqual({ password: 'You must enter at least 8 characters' })
    expect(await signInStatus('companyadmin@demo.test', DEMO_PASSWORD)).toBe(201)
    const answer = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', { token, password: 'steel-and-spruce', firstName: 'Jan', lastName: 'Kowalski' })
    expect(answer.body).toEqual({ message: RESET_DONE })
  })

  test('a reset token is accepted too; names are required', async () => {
    const token = await createUserToken(server.app, await userIdOf('manager@demo.test'), 'reset')
    const missing = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', {
      token,
      password: 'manager-secret',
      firstName: '',
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ firstName: 'This field is required', lastName: 'This field is required' })

    const answer = await server.call('POST', '/api/passwordreset/changePasswordAndUserDetails', {
      token,
      password: 'manager-secret',
      firstName: 'Mika',
      lastName: 'Manager',
    })
    expect(answer.body).toEqual({ message: RESET_DONE })
    expect(await signInStatus('manager@demo.test', 'manager-secret')).toBe(201)
  })
})
