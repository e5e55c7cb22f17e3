/**
 * Limits per client address beyond the per-user ones, over real HTTP: wrong two-factor
 * codes count per address (RATE_LIMIT_ADDRESS), so one address cannot try a few codes
 * on each of many users, and sign-ups count per address under RATE_LIMIT_SIGNUP.
 */
import { type Fixtures, type Person, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clearOfStepEdge, codeAt, wrongCode } from './totp-testing'

let server: TestServer
let make: Fixtures
beforeAll(async () => {
  server = await startTestServer({
    rateLimit: { perUser: { max: 100, windowSeconds: 900 }, perAddress: { max: 3, windowSeconds: 900 } },
    signUpLimit: { max: 2, windowSeconds: 3600 },
  })
  make = fixtures(server)
})
afterAll(() => server?.close())

const count = async (table: string) => Number((await server.knex(table).count({ n: '*' }))[0]!.n)

describe('two-factor codes per client address', () => {
  /** A person with two-factor on, and their plain secret. */
  const enrolled = async (account: { id: number }) => {
    const person = await make.user(account)
    const token = await make.signIn(person)
    const secret = (await server.call('POST', '/api/two-factor/enrolment', {}, token)).body.secret as string
    expect((await server.call('POST', '/api/two-factor/confirmation', { code: codeAt(secret, -1) }, token)).status).toBe(201)
    return { person, secret }
  }
  const secondStep = async (person: Person, code: string) => {
    const challengeToken = (await server.call('POST', '/api/authentication', { username: person.username, password: person.password })).body.challengeToken
    return server.call('POST', '/api/authentication/two-factor', { challengeToken, code })
  }

  test('wrong codes spread over several users meet the address limit; then even a right code is 429 and gives no token', async () => {
    const account = await make.account()
    const people = [await enrolled(account), await enrolled(account), await enrolled(account)]
    await server.knex('rate_limits').where('key', 'like', 'totp:%').delete()
    await clearOfStepEdge()
    // A right code is handed back: it does not count.
    expect((await secondStep(people[0]!.person, codeAt(people[0]!.secret, 0))).body.valid).toBe(true)
    // Three wrong codes from this address (the limit), each user far below their own 5.
    for (const { person, secret } of [people[0]!, people[1]!, people[1]!])
      expect((await secondStep(person, wrongCode(secret))).body).toEqual({ valid: false })
    const sessions = await count('sessions')
    const { person, secret } = people[2]!
    const refused = await secondStep(person, codeAt(secret, 1))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.body).not.toHaveProperty('accessToken')
    // The refused call's challenge was the only session it made.
    expect(await count('sessions')).toBe(sessions + 1)
  })
})

describe('sign-ups per client address (RATE_LIMIT_SIGNUP)', () => {
  const signUp = (n: string) =>
    server.call('POST', '/api/accounts', {
      firstName: 'Sam',
      lastName: 'Signer',
      company: `Limit ${n} Oy`,
      email: `signer-${n}@limit.test`,
      repeatEmail: `signer-${n}@limit.test`,
      password: 'a long and unusual passphrase 42',
      repeatPassword: 'a long and unusual passphrase 42',
      country: 'FI',
      phone: '+358 40 123 4567',
    })

  test('the configured number is allowed; the next is 429 and creates nothing', async () => {
    expect((await signUp('1')).status).toBe(201)
    expect((await signUp('2')).status).toBe(201)
    const accounts = await count('accounts')
    const refused = await signUp('3')
    expect(refused.status).toBe(429)
    expect(await count('accounts')).toBe(accounts)
    expect(await server.knex('users').where({ username: 'signer-3@limit.test' }).first('id')).toBeUndefined()
  })
})
