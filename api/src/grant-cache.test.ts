/**
 * Kept grants (AUTH_CACHE_MS) are ended by account, and by member where the write says
 * so: a grant change counts from the affected member's next call, while every other
 * account's kept grants, and other members' own, are not read again. The loads are
 * counted on the database's statements, per member.
 */
import { createKnex } from '@app/plugin-kit'
import { type AccountFixture, type Person, type ProjectFixture, fixtures } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notesPlugin } from './test/project-notes'
import { startTestServer } from './testing'

// Long enough that only writes end a kept entry here; the last test sets its own.
const server = await startTestServer({ authCacheMs: 60_000 }, { extraPlugins: [notesPlugin] })
const { call, knex } = server
afterAll(() => server.close())
const make = fixtures(server)

/** Grant-list loads per user id: the statement createAccessResolver's loader sends. */
const loads = new Map<number, number>()
knex.on('query', (query: { sql?: string; bindings?: unknown[] }) => {
  if (!/as [`"]resourceId[`"], [`"]action[`"] from [`"]privileges[`"]/.test(query.sql ?? '')) return
  const userId = Number(query.bindings?.[1])
  loads.set(userId, (loads.get(userId) ?? 0) + 1)
})
const loadsOf = (person: Person) => loads.get(person.id) ?? 0

let own: AccountFixture
let other: AccountFixture
let ours: ProjectFixture
let theirs: ProjectFixture
let member: Person
let colleague: Person
let outsider: Person
const tokens = new Map<Person, string>()

beforeAll(async () => {
  own = await make.account()
  other = await make.account()
  ours = await make.project(own)
  theirs = await make.project(other)
  member = await make.user(own)
  colleague = await make.user(own)
  outsider = await make.user(other)
  await make.grantProject(colleague, ours, 'DOWNLOAD')
  await make.grantProject(outsider, theirs, 'DOWNLOAD')
  for (const person of [member, colleague, outsider, own.admin]) tokens.set(person, await make.signIn(person))
})

const summary = (person: Person, project: ProjectFixture) => call('GET', `/api/test-projects/${project.id}/summary`, undefined, tokens.get(person))

/** The project grant as the user page sets it: through core's privilege call, as the account's admin. */
const setGrant = (person: Person, action: string, change: 'add-or-modify-action' | 'remove' = 'add-or-modify-action') =>
  call('POST', `/api/accountusers/${person.id}/privileges/${change}`, { resource: 'PROJECT', resourceId: ours.id, action }, tokens.get(own.admin))

describe('kept grants', () => {
  test('a grant, a change of level and its removal count from the member’s next call', async () => {
    expect((await summary(member, ours)).status).toBe(403)
    expect((await setGrant(member, 'DOWNLOAD')).status).toBe(201)
    expect((await summary(member, ours)).body).toEqual({ projectId: ours.id, level: 'DOWNLOAD' })
    expect((await setGrant(member, 'VIEW')).status).toBe(201)
    expect((await summary(member, ours)).status).toBe(403)
    expect((await setGrant(member, 'EDIT')).status).toBe(201)
    expect((await summary(member, ours)).body.level).toBe('EDIT')
    expect((await setGrant(member, 'EDIT', 'remove')).status).toBe(201)
    expect((await summary(member, ours)).status).toBe(403)
  })

  test('a grant in one account is not a reason to read another account’s grants again, nor another member’s', async () => {
    for (const [person, project] of [
      [outsider, theirs],
      [colleague, ours],
    ] as const)
      expect((await summary(person, project)).status).toBe(200)
    const outsiderLoads = loadsOf(outsider)
    const colleagueLoads = loadsOf(colleague)
    const memberLoads = loadsOf(member)

    expect((await setGrant(member, 'ADMINISTER')).status).toBe(201)
    expect((await summary(member, ours)).body.level).toBe('ADMINISTER')
    expect((await summary(outsider, theirs)).status).toBe(200)
    expect((await summary(colleague, ours)).status).toBe(200)
    expect(loadsOf(member)).toBeGreaterThan(memberLoads)
    expect(loadsOf(outsider), 'another account’s kept grants were read again').toBe(outsiderLoads)
    expect(loadsOf(colleague), 'another member’s kept grants were read again').toBe(colleagueLoads)
  })

  test('a write that does not say whose grants it changes ends every kept list', async () => {
    expect((await summary(outsider, theirs)).status).toBe(200)
    const before = loadsOf(outsider)
    await knex.raw('delete from privileges where id = ?', [-1])
    expect((await summary(outsider, theirs)).status).toBe(200)
    expect(loadsOf(outsider)).toBe(before + 1)
  })

  test('a grant written by another instance counts within AUTH_CACHE_MS', async () => {
    const short = await startTestServer({ authCacheMs: 300 }, { extraPlugins: [notesPlugin] })
    try {
      const there = fixtures(short)
      const account = await there.account()
      const project = await there.project(account)
      const person = await there.user(account)
      const token = await there.signIn(person)
      const ask = () => short.call('GET', `/api/test-projects/${project.id}/summary`, undefined, token)
      expect((await ask()).status).toBe(403)
      const instance = createKnex(short.config.database)
      try {
        await instance('privileges').insert({ account_id: account.id, user_id: person.id, resource: 'PROJECT', resource_id: project.id, action: 'DOWNLOAD' })
      } finally {
        await instance.destroy()
      }
      await new Promise((resolve) => setTimeout(resolve, short.config.authCacheMs + 50))
      expect((await ask()).status).toBe(200)
    } finally {
      await short.close()
    }
  })
})
