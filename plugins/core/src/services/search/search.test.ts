/**
 * GET /api/search over real HTTP: the groups the plugins contribute, each asked as the
 * caller, of the modules switched on for the caller's account; the text is trimmed and
 * needs 3 characters. The companies group is the companies plugin's; a test plugin stands
 * in for a module's group (projects, documents …) to prove the module switch.
 */
import { definePlugin, searchProviders } from '@app/plugin-kit'
import { type World, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const seen: { userId?: number; text: string; limit: number }[] = []
const thingsGroup = definePlugin({
  id: 'test-search-things',
  module: 'project',
  version: '0.0.0',
  migrations: [],
  services: [],
  permissions: [],
  configure(app) {
    app.get('extensions').contribute(searchProviders, {
      group: 'things',
      module: 'project',
      async search(_app, params, text, limit) {
        seen.push({ userId: params.user?.id, text, limit })
        return { group: 'things', total: 0, items: [] }
      },
    })
  },
})

let server: TestServer
let world: World
const search = (caller: Parameters<World['as']>[0], query: string) => world.as(caller, 'GET', `/api/search${query}`)

beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [thingsGroup] })
  world = await fixtures(server).world()
  const { a, b, make } = world
  for (const [name, number] of [
    ['Harbour Logistics', 'HL-2'],
    ['Harbour Cranes', null],
    ['Quay works', 'HARB-1'],
    ['Inland Rail', 'IR-1'],
  ] as const) {
    const company = await make.company(a, { name })
    if (number) await server.call('PATCH', `/api/companies/${company.id}`, { number }, world.tokens.accountAdmin)
  }
  await make.company(b, { name: 'Harbour Elsewhere' })
})
afterAll(() => server?.close())

describe('GET /api/search', () => {
  test('companies by name or number, any case, sorted by number then name, with the count', async () => {
    const answer = await search('accountAdmin', '?q=HARB')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const companies = answer.body.groups.find((g: { group: string }) => g.group === 'companies')
    expect(companies.total).toBe(3)
    expect(companies.items.map((i: { title: string }) => i.title)).toEqual(['Harbour Cranes', 'HARB-1 - Quay works', 'HL-2 - Harbour Logistics'])
    expect(companies.items[0].href).toMatch(/^\/company\/\d+$/)
    // By number, and trimmed.
    const byNumber = await search('accountAdmin', `?q=${encodeURIComponent('  ir-1 ')}`)
    expect(byNumber.body.groups.find((g: { group: string }) => g.group === 'companies').items.map((i: { title: string }) => i.title)).toEqual(['IR-1 - Inland Rail'])
  })

  test('$limit lists fewer hits per group, the total still counts them all', async () => {
    const answer = await search('accountAdmin', '?q=harbour&$limit=1')
    const companies = answer.body.groups.find((g: { group: string }) => g.group === 'companies')
    expect(companies).toMatchObject({ total: 2 })
    expect(companies.items).toHaveLength(1)
  })

  test('each group is asked as the caller: only what they may open, of their own account', async () => {
    // The ordinary user may not open the companies list: no companies group at all.
    const user = await search('user', '?q=harbour')
    expect(user.status).toBe(200)
    expect(user.body.groups.map((g: { group: string }) => g.group)).toEqual(['things'])
    expect(seen.at(-1)).toEqual({ userId: world.people.user.id, text: 'harbour', limit: 20 })
    const other = await search('otherAccount', '?q=harbour')
    expect(other.body.groups.find((g: { group: string }) => g.group === 'companies').items.map((i: { title: string }) => i.title)).toEqual(['Harbour Elsewhere'])
  })

  test('a group of a module switched off for the account is not asked', async () => {
    const switchProject = (enabled: boolean) =>
      server.call('PUT', `/api/accounts/${world.a.id}/modules`, { modules: [{ id: 'project', enabled }] }, world.tokens.globalAdmin)
    expect((await switchProject(false)).status).toBe(200)
    try {
      const asked = seen.length
      const answer = await search('accountAdmin', '?q=harbour')
      expect(answer.status).toBe(200)
      // The project module's groups are not asked; the other modules' (companies; the documents') still are.
      const groups = answer.body.groups.map((g: { group: string }) => g.group)
      expect(groups).toContain('companies')
      expect(groups).not.toContain('projects')
      expect(groups).not.toContain('things')
      expect(seen.length).toBe(asked)
      // Core's search itself is always on.
    } finally {
      expect((await switchProject(true)).status).toBe(200)
    }
    // The projects plugin's own group comes back with its module.
    expect((await search('accountAdmin', '?q=harbour')).body.groups.map((g: { group: string }) => g.group)).toEqual(expect.arrayContaining(['companies', 'projects', 'things']))
  })

  test('fewer than 3 characters, after trimming, or no text is a 400 with the field’s message', async () => {
    for (const query of ['?q=ab', `?q=${encodeURIComponent('  ab   ')}`, '?q=']) {
      const answer = await search('accountAdmin', query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.errors).toEqual({ q: 'You must enter at least 3 characters' })
    }
    const none = await search('accountAdmin', '')
    expect(none.status).toBe(400)
    expect(none.body.errors).toEqual({ q: 'This field is required' })
    expect((await search('accountAdmin', '?q=harbour&accountId=1')).status).toBe(400)
    expect((await search('anonymous', '?q=harbour')).status).toBe(401)
  })
})
