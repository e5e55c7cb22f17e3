/**
 * A global admin opens an account whose first admin is registered already, over real
 * HTTP: that person becomes the account's admin (one identity, several memberships), is
 * mailed that they were added, and keeps their names and password. An anonymised
 * person's e-mail is still 409. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type Fixtures, type Person, type TestServer, fixtures, mailsTo, startTestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { EMAIL_TAKEN } from '../../signup'

let server: TestServer
let make: Fixtures
let globalAdmin: string
beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  globalAdmin = await make.signIn(await make.user(await make.account(), 'globalAdmin'))
})
afterAll(() => server?.close())

const form = (company: string, person: Person) => ({
  company,
  country: 'NO',
  phone: '+47 123 456 789',
  adminEmail: person.username.toUpperCase(),
  adminFirstName: 'Other',
  adminLastName: 'Names',
})
const create = (body: ReturnType<typeof form>) => server.call('POST', '/api/accounts/admin-create', body, globalAdmin)
const identity = (id: number) => server.knex('users').where({ id }).first('username', 'first_name', 'last_name', 'acronym', 'password_hash', 'language')
const count = async (table: string) => Number((await server.knex(table).count({ n: '*' }))[0]!.n)

test('a registered e-mail makes that person the new account’s admin; their identity stays theirs and they are told', async () => {
  const person = await make.user(await make.account())
  const before = await identity(person.id)
  const people = await count('users')

  const answer = await create(form('Second Home AS', person))
  expect(answer.status).toBe(201)
  expect(answer.body).toMatchObject({ company: 'Second Home AS', enabled: true, userCount: 1 })
  const accountId = answer.body.id as number

  expect(await count('users')).toBe(people)
  expect(await identity(person.id)).toEqual(before)
  const member = await server.knex('account_users as au').join('roles as r', 'r.id', 'au.role_id').where({ 'au.account_id': accountId }).select('au.user_id', 'au.access_level', 'au.enabled', 'r.security_group')
  expect(member).toHaveLength(1)
  expect(member[0]).toMatchObject({ user_id: person.id, access_level: 'ACCOUNT_ADMIN', security_group: 'ADMIN' })

  const mail = (await mailsTo(server, person.username)).at(-1)!
  expect(mail.subject).toBe('You were added to Second Home AS')
  expect(mail.text).not.toContain('/welcomeNewUser/')

  // Their own password signs them in; the new account is theirs to switch to and to administer.
  const token = await make.signIn(person)
  const contexts = await server.call('GET', '/api/contexts', undefined, token)
  expect(contexts.body.map((c: { contextId: number }) => c.contextId)).toContain(accountId)
  const switched = await server.call('POST', `/api/contexts/${accountId}`, {}, token)
  expect(switched.status).toBe(201)
  expect((await server.call('GET', `/api/accounts/${accountId}/details`, undefined, switched.body.accessToken)).status).toBe(200)
})

test("an anonymised person's e-mail answers 409 and nothing changes", async () => {
  const person = await make.user(await make.account())
  await server.knex('users').where({ id: person.id }).update({ anonymous: true })
  const accounts = await count('accounts')
  const members = await count('account_users')
  const answer = await create(form('Never Made AS', person))
  expect(answer.status).toBe(409)
  expect(answer.body.message).toBe(EMAIL_TAKEN)
  expect(await count('accounts')).toBe(accounts)
  expect(await count('account_users')).toBe(members)
})
