/** Document types over HTTP, as a person of every rank, made by fixtures (SQLite, or MariaDB with TEST_DATABASE_URL). */
import { CALLERS, type Caller, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANY_MEMBER, SETTINGS_ONLY, rowsOf } from '../../test/roles'

let server: TestServer
let callers: World
const TABLE = 'setup_folder_types'

beforeAll(async () => {
  server = await startTestServer()
  callers = await fixtures(server).world()
  // One type of the account's own beside the built-ins, for the lists and the duplicates below.
  expect((await create({ name: 'Drawing', typeId: 'DRW' })).status).toBe(201)
})
afterAll(() => server?.close())

const as = (role: Caller) => callers.tokens[role]
const base = () => `/api/foldertypes/${callers.a.id}`
const create = (body: object, role: Caller = 'accountAdmin') => server.call('POST', base(), body, as(role))

describe('document types: reading', () => {
  test('manage lists every type with the built-ins, for settings managers only', async () => {
    for (const role of CALLERS) {
      const answer = await server.call('GET', `${base()}/manage`, undefined, as(role))
      expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBe(SETTINGS_ONLY[role])
    }
    const answer = await server.call('GET', `${base()}/manage?$limit=50`, undefined, as('accountAdmin'))
    expect(answer.body).toMatchObject({ limit: 50, skip: 0 })
    const builtIns = answer.body.data.filter((t: { global: boolean }) => t.global)
    expect(builtIns.map((t: { typeId: string }) => t.typeId).sort()).toEqual(['Checklist', 'Skyview'])
    for (const t of builtIns) expect(t).toMatchObject({ deletable: false, active: true, name: t.typeId })
  })

  test('create lists the active types to every member of the account', async () => {
    for (const role of CALLERS) {
      const answer = await server.call('GET', `${base()}/create`, undefined, as(role))
      expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBe(ANY_MEMBER[role])
    }
    const answer = await server.call('GET', `${base()}/create`, undefined, as('user'))
    expect(answer.body.every((t: { active: boolean }) => t.active)).toBe(true)
    expect(answer.body.map((t: { name: string }) => t.name)).toContain('Skyview')
  })

  test('filters, sorts and pages on the server', async () => {
    const sky = await server.call('GET', `${base()}/manage?filter=SKY`, undefined, as('accountAdmin'))
    expect(sky.body.data.map((t: { typeId: string }) => t.typeId)).toEqual(['Skyview'])
    const sorted = await server.call('GET', `${base()}/manage?$sort[name]=-1&$limit=2`, undefined, as('accountAdmin'))
    const names = sorted.body.data.map((t: { name: string }) => t.name)
    expect(names).toHaveLength(2)
    expect(names).toEqual([...names].sort().reverse())
    expect(sorted.body.total).toBeGreaterThan(2)
  })

  test('a new account has the built-in types too, and a global admin may manage it', async () => {
    const [id] = await server.knex('accounts').insert({ account_no: 'NEW-1', company: 'Fresh Oy', enabled: true, trial: false, created_at: new Date().toISOString() })
    const accountId = Number(id ?? (await server.knex('accounts').where({ account_no: 'NEW-1' }).first('id')).id)
    const answer = await server.call('GET', `/api/foldertypes/${accountId}/manage`, undefined, as('globalAdmin'))
    expect(answer.status).toBe(200)
    expect(answer.body.data.map((t: { typeId: string }) => t.typeId).sort()).toEqual(['Checklist', 'Skyview'])
    expect((await server.call('GET', `/api/foldertypes/${accountId}/manage`, undefined, as('accountAdmin'))).status).toBe(404)
    expect((await server.call('GET', '/api/foldertypes/987654/manage', undefined, as('globalAdmin'))).status).toBe(404)
  })
})

describe('document types: changing', () => {
  test('only settings managers create; others change nothing', async () => {
    const before = await rowsOf(server, TABLE)
    for (const role of ['salesAdmin', 'companyAdmin', 'user', 'otherAccount', 'anonymous'] as const) {
      const answer = await create({ name: 'Specification', typeId: 'SPEC' }, role)
      expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBe(SETTINGS_ONLY[role])
    }
    expect(await rowsOf(server, TABLE)).toEqual(before)
    const created = await create({ name: 'Specification', typeId: 'SPEC' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ name: 'Specification', typeId: 'SPEC', active: true, deletable: true, global: false, accountId: callers.a.id })
  })

  test('name needs 3 characters and type id 2; bad input changes nothing', async () => {
    const before = await rowsOf(server, TABLE)
    const short = await create({ name: 'Ab', typeId: 'X' })
    expect(short.status).toBe(400)
    expect(short.body.errors).toEqual({ name: 'You must enter at least 3 characters', typeId: 'You must enter at least 2 characters' })
    const missing = await create({})
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ name: 'This field is required', typeId: 'This field is required' })
    expect(await rowsOf(server, TABLE)).toEqual(before)
  })

  test('a type id used in the account answers 409, in any letter case', async () => {
    const before = await rowsOf(server, TABLE)
    for (const typeId of ['DRW', 'drw', 'skyview']) {
      const answer = await create({ name: 'Another one', typeId })
      expect(answer.status, typeId).toBe(409)
      expect(answer.body.message).toBe('Type id already exists')
      expect(answer.body.errors).toEqual({ typeId: 'Type id already exists' })
    }
    expect(await rowsOf(server, TABLE)).toEqual(before)
    // Another account may use the same type id.
    expect((await server.call('POST', `/api/foldertypes/${callers.b.id}`, { name: 'Drawing', typeId: 'DRW' }, as('otherAccount'))).status).toBe(201)
  })

  test('edit with PATCH, and with PUT naming the type in the body as the spec does', async () => {
    const { body: type } = await create({ name: 'Report', typeId: 'REP' })
    const patched = await server.call('PATCH', `${base()}/${type.id}`, { name: 'Reports' }, as('accountAdmin'))
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ id: type.id, name: 'Reports', typeId: 'REP' })
    const put = await server.call('PUT', base(), { id: type.id, name: 'Test report', typeId: 'TREP' }, as('accountAdmin'))
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(put.body).toMatchObject({ id: type.id, name: 'Test report', typeId: 'TREP' })
    const clash = await server.call('PATCH', `${base()}/${type.id}`, { typeId: 'DRW' }, as('accountAdmin'))
    expect(clash.status).toBe(409)
    expect((await server.call('PATCH', `${base()}/${type.id}`, { typeId: 'TREP' }, as('accountAdmin'))).status).toBe(200)
    for (const role of ['user', 'salesAdmin'] as const)
      expect((await server.call('PATCH', `${base()}/${type.id}`, { name: 'Mine now' }, as(role))).status).toBe(403)
    expect((await server.call('PATCH', `/api/foldertypes/${callers.b.id}/${type.id}`, { name: 'Mine now' }, as('otherAccount'))).status).toBe(404)
    expect((await server.knex(TABLE).where({ id: type.id }).first()).name).toBe('Test report')
  })

  test('the active switch flips, for settings managers', async () => {
    const { body: type } = await create({ name: 'Certificate', typeId: 'CERT' })
    const url = `${base()}/toggle/${type.id}`
    for (const role of CALLERS.filter((r) => SETTINGS_ONLY[r] !== 200)) {
      const answer = await server.call('POST', url, {}, as(role))
      expect(answer.status, role).toBe(SETTINGS_ONLY[role])
    }
    const off = await server.call('POST', url, {}, as('accountAdmin'))
    expect(off.status).toBe(201)
    expect(off.body.active).toBe(false)
    const offered = await server.call('GET', `${base()}/create`, undefined, as('user'))
    expect(offered.body.map((t: { typeId: string }) => t.typeId)).not.toContain('CERT')
    expect((await server.call('POST', url, {}, as('globalAdmin'))).body.active).toBe(true)
    expect((await server.call('POST', `${base()}/toggle/987654`, {}, as('accountAdmin'))).status).toBe(404)
  })

  test('built-in types switch off but are neither edited nor deleted', async () => {
    const skyview = await server.knex(TABLE).where({ account_id: callers.a.id, type_id: 'Skyview' }).first()
    const edit = await server.call('PATCH', `${base()}/${skyview.id}`, { name: 'Renamed' }, as('accountAdmin'))
    expect(edit.status).toBe(403)
    expect(edit.body.message).toBe('A built-in document type cannot be changed')
    const remove = await server.call('DELETE', `${base()}/${skyview.id}`, undefined, as('accountAdmin'))
    expect(remove.status).toBe(400)
    expect(remove.body.message).toBe('This document type cannot be deleted')
    expect(await server.knex(TABLE).where({ id: skyview.id }).first()).toEqual(skyview)
    const toggled = await server.call('POST', `${base()}/toggle/${skyview.id}`, {}, as('accountAdmin'))
    expect(toggled.body.active).toBe(false)
    await server.call('POST', `${base()}/toggle/${skyview.id}`, {}, as('accountAdmin'))
  })

  test('delete removes a deletable type; others are refused', async () => {
    const { body: type } = await create({ name: 'Obsolete', typeId: 'OBS' })
    for (const role of CALLERS.filter((r) => SETTINGS_ONLY[r] !== 200))
      expect((await server.call('DELETE', `${base()}/${type.id}`, undefined, as(role))).status, role).toBe(SETTINGS_ONLY[role])
    expect((await server.call('DELETE', `/api/foldertypes/${callers.b.id}/${type.id}`, undefined, as('otherAccount'))).status).toBe(404)
    const removed = await server.call('DELETE', `${base()}/${type.id}`, undefined, as('accountAdmin'))
    expect(removed.status).toBe(200)
    expect(await server.knex(TABLE).where({ id: type.id }).first()).toBeUndefined()
    expect((await server.call('GET', `${base()}/${type.id}`, undefined, as('accountAdmin'))).status).toBe(404)
  })
})
