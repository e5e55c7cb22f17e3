/**
 * Links over real HTTP (spec part1 §3 "Link", §7 POST /links, GET /links/{from}/{fromId}/{to},
 * DELETE /links/{from}/{linkId}/{to}): made, read from either end and removed; another
 * account's things and links are the same 404 as missing ones; EDIT on the `from` end's
 * project and VIEW on the other's; lists only show what the caller may VIEW; a pair is
 * linked once; nothing links to itself; an unknown module is a 400 on its field; a linked
 * document or project is not deleted ("is linked to"), and a link whose other end is gone
 * keeps nothing. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, type DocumentFixture, type Fixtures, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LINK_MESSAGES } from './links.schema'

let server: TestServer
let make: Fixtures
let own: AccountFixture
let other: AccountFixture
/** Two projects of `own`: the editor holds EDIT on `site` and VIEW on `yard`; the viewer VIEW on `site` only. */
let site: ProjectFixture
let yard: ProjectFixture
let hidden: ProjectFixture
let theirs: ProjectFixture
let theirDoc: DocumentFixture
const tokens: Record<string, string> = {}
const people: Record<string, Person> = {}

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  own = await make.account()
  other = await make.account()
  site = await make.project(own, { symbol: 'P-12', name: 'Harbour bridge' })
  yard = await make.project(own, { symbol: 'P-20', name: 'Ship yard' })
  hidden = await make.project(own, { symbol: 'P-30', name: 'Secret works' })
  theirs = await make.project(other, { symbol: 'X-1', name: 'Elsewhere' })
  theirDoc = await make.document(theirs, { symbol: 'X-100', name: 'Their plan' })
  const grants: [string, [ProjectFixture, 'ACCESS' | 'VIEW' | 'EDIT'][]][] = [
    ['editor', [
      [site, 'EDIT'],
      [yard, 'VIEW'],
    ]],
    ['viewer', [[site, 'VIEW']]],
    ['access', [[site, 'ACCESS']]],
  ]
  for (const [key, held] of grants) {
    const person = await make.user(own, 'user', { firstName: key, lastName: 'Fixture' })
    for (const [project, level] of held) await make.grantProject(person, project, level)
    people[key] = person
    tokens[key] = await make.signIn(person)
  }
  tokens.admin = await make.signIn(own.admin)
  tokens.other = await make.signIn(other.admin)
})
afterAll(() => server?.close())

const call = (who: string, method: string, url: string, body?: unknown) => server.call(method, `/api${url}`, body, tokens[who])
const link = (who: string, from: string, fromId: number, to: string, toId: number) => call(who, 'POST', '/links', { from, fromId, to, toId })
const linked = (who: string, from: string, fromId: number, to: string, query = '') => call(who, 'GET', `/links/${from}/${fromId}/${to}${query}`)
const unlink = (who: string, from: string, linkId: number, to: string) => call(who, 'DELETE', `/links/${from}/${linkId}/${to}`)
const labels = async (who: string, from: string, fromId: number, to: string) => {
  const answer = await linked(who, from, fromId, to, '?$limit=500')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body.data as { label: string }[]).map((row) => row.label)
}
const linkCount = async () => Number((await server.knex('links').count({ n: '*' }))[0]!.n)

describe('links between documents and projects', () => {
  test('a document linked to another document and to a project reads from both ends, and is removed from either', async () => {
    const floor = await make.document(site, { symbol: 'D-100', name: 'Floor plan' })
    const roof = await make.document(site, { symbol: 'D-101', name: 'Roof plan' })
    const made = await link('editor', 'document', floor.id, 'document', roof.id)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toEqual({
      id: expect.any(Number),
      from: 'document',
      fromId: floor.id,
      to: 'document',
      toId: roof.id,
      label: 'D-101 - Roof plan',
      route: `/project/${site.id}/documents/${roof.id}`,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    const toProject = await link('editor', 'document', floor.id, 'project', yard.id)
    expect(toProject.status, JSON.stringify(toProject.body)).toBe(201)
    expect(toProject.body).toMatchObject({ to: 'project', toId: yard.id, label: 'P-20 - Ship yard', route: `/project/${yard.id}` })
    const row = await server.knex('links').where({ id: made.body.id }).first()
    expect(Number(row.account_id)).toBe(own.id)
    expect(Number(row.created_by)).toBe(people.editor!.id)

    // From both ends, as each sees the other.
    const fromFloor = await linked('viewer', 'document', floor.id, 'document')
    expect(fromFloor.status).toBe(200)
    expect(fromFloor.body).toEqual({ total: 1, limit: 50, skip: 0, data: [expect.objectContaining({ id: made.body.id, from: 'document', fromId: floor.id, toId: roof.id, label: 'D-101 - Roof plan' })] })
    const fromRoof = await linked('viewer', 'document', roof.id, 'document')
    expect(fromRoof.body.data).toEqual([expect.objectContaining({ id: made.body.id, fromId: roof.id, toId: floor.id, label: 'D-100 - Floor plan', route: `/project/${site.id}/documents/${floor.id}` })])
    expect(await labels('editor', 'project', yard.id, 'document')).toEqual(['D-100 - Floor plan'])
    expect(await labels('editor', 'document', floor.id, 'project')).toEqual(['P-20 - Ship yard'])

    // The document link removed from the other end, the project link from the project's (the editor holds EDIT on the document's project only: refused).
    const removed = await unlink('editor', 'document', made.body.id, 'document')
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body).toMatchObject({ id: made.body.id, label: expect.any(String) })
    expect(await labels('editor', 'document', roof.id, 'document')).toEqual([])
    expect(await labels('editor', 'document', floor.id, 'document')).toEqual([])
    expect((await unlink('editor', 'project', toProject.body.id, 'document')).status).toBe(403)
    const fromDocument = await unlink('editor', 'document', toProject.body.id, 'project')
    expect(fromDocument.status).toBe(200)
    expect(fromDocument.body).toMatchObject({ from: 'document', fromId: floor.id, to: 'project', toId: yard.id, label: 'P-20 - Ship yard' })
    expect((await unlink('editor', 'document', toProject.body.id, 'project')).status).toBe(404)
    expect(await labels('editor', 'project', yard.id, 'document')).toEqual([])
  })

  test('made from either end, a pair is linked once: "Link already exists"', async () => {
    const a = await make.document(site)
    const b = await make.document(site)
    expect((await link('editor', 'document', a.id, 'document', b.id)).status).toBe(201)
    for (const [from, fromId, to, toId] of [
      ['document', a.id, 'document', b.id],
      ['document', b.id, 'document', a.id],
    ] as const) {
      const again = await link('editor', from, fromId, to, toId)
      expect(again.status).toBe(409)
      expect(again.body.message).toBe(LINK_MESSAGES.duplicate)
      expect(again.body.errors).toEqual({ toId: LINK_MESSAGES.duplicate })
    }
    expect((await link('editor', 'document', a.id, 'project', site.id)).status).toBe(201)
    const reverse = await link('admin', 'project', site.id, 'document', a.id)
    expect(reverse.status).toBe(409)
    expect(await server.knex('links').where({ account_id: own.id }).whereIn('from_id', [a.id, b.id]).count({ n: '*' })).toEqual([{ n: 2 }])
  })

  test('a list is sorted by label, paged and counted', async () => {
    const hub = await make.document(site, { symbol: 'H-1', name: 'Hub' })
    for (const symbol of ['C-3', 'A-1', 'B-2']) expect((await link('editor', 'document', hub.id, 'document', (await make.document(site, { symbol, name: 'Part' })).id)).status).toBe(201)
    expect(await labels('viewer', 'document', hub.id, 'document')).toEqual(['A-1 - Part', 'B-2 - Part', 'C-3 - Part'])
    const page = await linked('viewer', 'document', hub.id, 'document', '?$limit=1&$skip=1')
    expect(page.body).toMatchObject({ total: 3, limit: 1, skip: 1, data: [expect.objectContaining({ label: 'B-2 - Part' })] })
    const none = await linked('viewer', 'document', hub.id, 'document', '?$limit=0')
    expect(none.body).toEqual({ total: 3, limit: 0, skip: 0, data: [] })
    expect((await linked('viewer', 'document', hub.id, 'document', '?$limit=-1')).status).toBe(400)
    expect((await linked('viewer', 'document', hub.id, 'document', '?nope=1')).status).toBe(400)
  })

  test('an archived document is linked, and linked from, like any other', async () => {
    const archived = await make.document(site, { state: 'ARCHIVED', symbol: 'AR-1', name: 'Issued plan' })
    const current = await make.document(site)
    const to = await link('editor', 'document', current.id, 'document', archived.id)
    expect(to.status, JSON.stringify(to.body)).toBe(201)
    const from = await link('editor', 'document', archived.id, 'project', site.id)
    expect(from.status, JSON.stringify(from.body)).toBe(201)
    expect(await labels('editor', 'document', archived.id, 'document')).toHaveLength(1)
    expect((await unlink('editor', 'document', to.body.id, 'document')).status).toBe(200)
  })
})

describe('who may read, make and remove links', () => {
  test('reading needs VIEW on the item, and lists only the other ends the caller may VIEW', async () => {
    const mine = await make.document(site, { symbol: 'M-1', name: 'Mine' })
    const inYard = await make.document(yard, { symbol: 'Y-1', name: 'In the yard' })
    const inHidden = await make.document(hidden, { symbol: 'S-1', name: 'Secret' })
    for (const [to, toId] of [
      ['document', inYard.id],
      ['document', inHidden.id],
      ['project', yard.id],
      ['project', hidden.id],
    ] as const)
      expect((await link('admin', 'document', mine.id, to, toId)).status).toBe(201)
    expect(await labels('admin', 'document', mine.id, 'document')).toEqual(['S-1 - Secret', 'Y-1 - In the yard'])
    // The editor holds VIEW on the yard, nothing on the hidden project; the viewer neither.
    expect(await labels('editor', 'document', mine.id, 'document')).toEqual(['Y-1 - In the yard'])
    expect(await labels('editor', 'document', mine.id, 'project')).toEqual(['P-20 - Ship yard'])
    const viewer = await linked('viewer', 'document', mine.id, 'document')
    expect(viewer.body).toEqual({ total: 0, limit: 50, skip: 0, data: [] })
    // Below VIEW on the item itself: refused, naming the level.
    for (const [who, from, id] of [
      ['access', 'document', mine.id],
      ['viewer', 'document', inHidden.id],
      ['viewer', 'project', hidden.id],
    ] as const) {
      const refused = await linked(who, from, id, 'document')
      expect(refused.status, `${who} ${from} ${id}`).toBe(403)
      expect(refused.body.message).toBe('This needs VIEW access to the project')
    }
  })

  test('making or removing needs EDIT on the from end and VIEW on the other; a refusal writes nothing', async () => {
    const onSite = await make.document(site)
    const inYard = await make.document(yard)
    const inHidden = await make.document(hidden)
    const before = await linkCount()
    const cases: [string, [string, number, string, number], string][] = [
      ['viewer', ['document', onSite.id, 'project', site.id], 'EDIT'],
      ['access', ['document', onSite.id, 'project', site.id], 'EDIT'],
      // VIEW on the yard: not enough to link from its document…
      ['editor', ['document', inYard.id, 'document', onSite.id], 'EDIT'],
      // …nor from the project itself, but enough to link to it.
      ['editor', ['project', yard.id, 'document', onSite.id], 'EDIT'],
      // Nothing on the hidden project: not even to link to it.
      ['editor', ['document', onSite.id, 'document', inHidden.id], 'VIEW'],
      ['editor', ['document', onSite.id, 'project', hidden.id], 'VIEW'],
    ]
    for (const [who, [from, fromId, to, toId], level] of cases) {
      const refused = await link(who, from, fromId, to, toId)
      expect(refused.status, `${who}: ${from} ${fromId} → ${to} ${toId}`).toBe(403)
      expect(refused.body.message).toBe(`This needs ${level} access to the project`)
    }
    expect(await linkCount()).toBe(before)

    const made = await link('editor', 'document', onSite.id, 'document', inYard.id)
    expect(made.status).toBe(201)
    // The viewer sees it, and may not remove it from either end; the editor holds EDIT only on the site's end.
    expect((await unlink('viewer', 'document', made.body.id, 'document')).status).toBe(403)
    const hiddenLink = await link('admin', 'document', onSite.id, 'document', inHidden.id)
    const refused = await unlink('editor', 'document', hiddenLink.body.id, 'document')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This needs VIEW access to the project')
    expect(await linkCount()).toBe(before + 2)
    expect((await unlink('editor', 'document', made.body.id, 'document')).status).toBe(200)
    expect((await unlink('admin', 'document', hiddenLink.body.id, 'document')).status).toBe(200)
  })

  test("another account's items and links answer 404, exactly like missing ones, and stay", async () => {
    const mine = await make.document(site)
    const theirLink = await link('other', 'document', theirDoc.id, 'project', theirs.id)
    expect(theirLink.status).toBe(201)
    const missing = 987654321
    const before = await linkCount()
    const pairs: [string, string, unknown][] = [
      ['GET', `/links/document/${theirDoc.id}/project`, undefined],
      ['GET', `/links/project/${theirs.id}/document`, undefined],
      ['POST', '/links', { from: 'document', fromId: theirDoc.id, to: 'project', toId: site.id }],
      ['POST', '/links', { from: 'document', fromId: mine.id, to: 'document', toId: theirDoc.id }],
      ['POST', '/links', { from: 'document', fromId: mine.id, to: 'project', toId: theirs.id }],
      ['DELETE', `/links/document/${theirLink.body.id}/project`, undefined],
      ['DELETE', `/links/project/${theirLink.body.id}/document`, undefined],
    ]
    for (const [method, url, body] of pairs) {
      const theirsAnswer = await call('admin', method, url, body)
      const id = String(url.match(/\d+/)?.[0] ?? (body as { toId?: number; fromId?: number }).toId)
      const missingUrl = url.replace(/\d+/, String(missing))
      const missingBody = body && JSON.parse(JSON.stringify(body).replace(new RegExp(`\\b(${theirDoc.id}|${theirs.id})\\b`), String(missing)))
      const missingAnswer = await call('admin', method, missingUrl, missingBody)
      expect(theirsAnswer.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(404)
      expect(missingAnswer.status, `${method} ${missingUrl}`).toBe(404)
      expect(Object.keys(theirsAnswer.body).sort()).toEqual(['className', 'code', 'message', 'name'])
      expect(theirsAnswer.body.message.replace(/\d+/, '<id>'), id).toBe(missingAnswer.body.message.replace(/\d+/, '<id>'))
    }
    expect(await linkCount()).toBe(before)
    expect(await labels('other', 'document', theirDoc.id, 'project')).toEqual(['X-1 - Elsewhere'])
    // An account a client names is never the one used.
    const stamped = await call('other', 'POST', '/links', { from: 'document', fromId: theirDoc.id, to: 'document', toId: (await make.document(theirs)).id, accountId: own.id })
    expect(stamped.status, JSON.stringify(stamped.body)).toBe(201)
    expect(Number((await server.knex('links').where({ id: stamped.body.id }).first()).account_id)).toBe(other.id)
  })

  test('a junk or misplaced link id, or an id after the path, is not found', async () => {
    const a = await make.document(site)
    const made = await link('editor', 'document', a.id, 'project', site.id)
    for (const url of [`/links/document/abc/project`, `/links/document/-1/project`, `/links/document/1.5/project`, `/links/document/${made.body.id}/document`, `/links/project/${made.body.id}/project`, `/links/document/${made.body.id}/project/1`])
      expect((await call('admin', 'DELETE', url)).status, url).toBe(404)
    for (const url of [`/links/document/abc/project`, `/links/document/0/project`, `/links/document/99999999999999999999/project`]) expect((await call('admin', 'GET', url)).status, url).toBe(404)
    expect((await unlink('admin', 'document', made.body.id, 'project')).status).toBe(200)
  })

  test('signed out: 401, nothing written', async () => {
    const before = await linkCount()
    expect((await server.call('POST', '/api/links', { from: 'project', fromId: site.id, to: 'project', toId: yard.id })).status).toBe(401)
    expect((await server.call('GET', `/api/links/project/${site.id}/project`)).status).toBe(401)
    expect(await linkCount()).toBe(before)
  })

  test("with a module switched off for the account, its items' links are refused like its services", async () => {
    const account = await make.account()
    const project = await make.project(account)
    const doc = await make.document(project)
    const admin = await make.signIn(account.admin)
    const global = await make.signIn(await make.user(account, 'globalAdmin'))
    expect((await server.call('POST', '/api/links', { from: 'document', fromId: doc.id, to: 'project', toId: project.id }, admin)).status).toBe(201)
    const off = await server.call('PUT', `/api/accounts/${account.id}/modules`, { modules: [{ id: 'document', enabled: false }] }, global)
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    const token = await make.signIn(account.admin)
    const refused = await server.call('GET', `/api/links/project/${project.id}/document`, undefined, token)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Module document is not enabled for this account')
    expect((await server.call('GET', `/api/links/project/${project.id}/project`, undefined, token)).status).toBe(200)
  })
})

describe('bad input', () => {
  test('each field named with its message, never a 500, nothing written', async () => {
    const a = await make.document(site)
    const before = await linkCount()
    const refused: [unknown, Record<string, string>][] = [
      [{ from: 'material', fromId: a.id, to: 'project', toId: site.id }, { from: LINK_MESSAGES.unknownModule }],
      [{ from: 'document', fromId: a.id, to: 'building', toId: 1 }, { to: LINK_MESSAGES.unknownModule }],
      [{ from: 'folder', fromId: a.id, to: 'quotation', toId: 1 }, { from: LINK_MESSAGES.unknownModule, to: LINK_MESSAGES.unknownModule }],
      [{ from: 'Document', fromId: a.id, to: 'project', toId: site.id }, { from: LINK_MESSAGES.unknownModule }],
      [{ from: '', fromId: a.id, to: 'project', toId: site.id }, { from: 'This field is required' }],
      [{ from: 'x'.repeat(41), fromId: a.id, to: 'project', toId: site.id }, { from: 'The maximum number of characters is 40' }],
      [{ from: 'document', fromId: a.id, to: 'document', toId: a.id }, { toId: LINK_MESSAGES.self }],
      [{ from: 'document', to: 'project', toId: site.id }, { fromId: 'This field is required' }],
      [{ from: 'document', fromId: 'abc', to: 'project', toId: site.id }, { fromId: 'Only valid numbers (no comma)' }],
      [{ from: 'document', fromId: 1.5, to: 'project', toId: site.id }, { fromId: 'Only valid numbers (no comma)' }],
      [{ from: 'document', fromId: 0, to: 'project', toId: site.id }, { fromId: 'Needs to be at least 1' }],
      [{ from: 'document', fromId: a.id, to: 'project', toId: -3 }, { toId: 'Needs to be at least 1' }],
      [{ from: 'document', fromId: a.id, to: 'project' }, { toId: 'This field is required' }],
      [{ from: { $gt: '' }, fromId: a.id, to: 'project', toId: site.id }, { from: LINK_MESSAGES.unknownModule }],
      [{ from: 'document', fromId: a.id, to: 'project', toId: site.id, createdBy: 1 }, { createdBy: 'Unknown field' }],
    ]
    for (const [body, errors] of refused) {
      const answer = await call('editor', 'POST', '/links', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors)
    }
    for (const [from, to, errors] of [
      ['material', 'document', { from: LINK_MESSAGES.unknownModule }],
      ['document', 'nothing', { to: LINK_MESSAGES.unknownModule }],
      ['%00', 'Project', { from: LINK_MESSAGES.unknownModule, to: LINK_MESSAGES.unknownModule }],
    ] as const) {
      for (const method of ['GET', 'DELETE']) {
        const answer = await call('editor', method, `/links/${from}/${a.id}/${to}`)
        expect(answer.status, `${method} ${from} ${to}`).toBe(400)
        expect(answer.body.errors, `${method} ${from} ${to}`).toEqual(errors)
      }
    }
    expect(await linkCount()).toBe(before)
  })
})

describe('what links keep', () => {
  test('a linked document is not deleted: "is linked to", naming things of other projects only by module and id', async () => {
    const kept = await make.document(site, { symbol: 'K-1', name: 'Kept' })
    const partner = await make.document(site, { symbol: 'K-2', name: 'Partner' })
    const far = await make.document(hidden, { symbol: 'S-9', name: 'Far away' })
    for (const [to, toId] of [
      ['document', partner.id],
      ['project', site.id],
      ['document', far.id],
    ] as const)
      expect((await link('admin', 'document', kept.id, to, toId)).status).toBe(201)
    const refused = await call('editor', 'DELETE', `/folders/${kept.id}`)
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.data.blocks).toEqual(
      expect.arrayContaining([
        { reason: 'is linked to', item: 'K-2 - Partner' },
        { reason: 'is linked to', item: 'P-12 - Harbour bridge' },
        { reason: 'is linked to', item: `document #${far.id}` },
      ]),
    )
    expect(refused.body.data.blocks).toHaveLength(3)
    // From the other end too.
    expect((await call('editor', 'DELETE', `/folders/${partner.id}`)).body.data.blocks).toEqual([{ reason: 'is linked to', item: 'K-1 - Kept' }])
    expect(await server.knex('folders').where({ id: kept.id }).first()).toBeDefined()
  })

  test('a linked project is not deleted; once its links are removed, it is', async () => {
    const lonely = await make.project(own, { symbol: 'L-1', name: 'Lonely' })
    const elsewhere = await make.document(site, { symbol: 'E-1', name: 'Elsewhere' })
    const made = await link('admin', 'document', elsewhere.id, 'project', lonely.id)
    const refused = await call('admin', 'DELETE', `/projects/${lonely.id}`)
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.data.blocks).toEqual([{ reason: 'is linked to', item: `document #${elsewhere.id}` }])
    expect((await unlink('admin', 'project', made.body.id, 'document')).status).toBe(200)
    expect((await call('admin', 'DELETE', `/projects/${lonely.id}`)).status).toBe(200)
  })

  test('a link whose other end is gone is not listed, keeps nothing, and is removed', async () => {
    const survivor = await make.document(site)
    const doomed = await make.document(site)
    const made = await link('admin', 'document', survivor.id, 'document', doomed.id)
    // Gone by a path that asked no blocker (the row removed under the API).
    await server.knex('folders').where({ id: doomed.id }).delete()
    expect(await labels('admin', 'document', survivor.id, 'document')).toEqual([])
    expect((await linked('admin', 'document', survivor.id, 'document')).body.total).toBe(0)
    expect((await call('admin', 'DELETE', `/folders/${survivor.id}`)).status).toBe(200)
    expect(await server.knex('links').where({ id: made.body.id }).first()).toBeUndefined()
  })
})
