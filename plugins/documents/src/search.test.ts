/**
 * The documents' groups of GET /api/search over real HTTP: documents by number or title and
 * files by name, in any case, only in projects the caller holds VIEW on and only of their
 * account, sorted by number then title (files by name), counted in full, each linking to
 * the document's page or its files. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { SEARCH_COUNT_UP_TO } from '@app/plugin-kit'
import { type AccountFixture, type DocumentFixture, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture
let viewed: ProjectFixture
let accessOnly: ProjectFixture
let ungranted: ProjectFixture
const tokens: Record<string, string> = {}
const docs: Record<string, DocumentFixture> = {}

type Group = { group: string; total: number; items: { id: number; title: string; href: string }[] }
const search = async (token: string, q: string, limit?: number) => {
  const answer = await server.call('GET', `/api/search?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&$limit=${limit}`}`, undefined, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const groups = answer.body.groups as Group[]
  return { documents: groups.find((g) => g.group === 'documents'), files: groups.find((g) => g.group === 'files') }
}
const attach = async (doc: DocumentFixture, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([new TextEncoder().encode(name)]), name)
  const answer = await server.call('POST', `/api/folders/${doc.id}/files`, form, tokens.admin)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
}
const pageOf = (doc: DocumentFixture) => `/project/${doc.projectId}/documents/${doc.id}`

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
  tokens.admin = await make.signIn(account.admin)
  viewed = await make.project(account)
  accessOnly = await make.project(account)
  ungranted = await make.project(account)
  const viewer = await make.user(account)
  await make.grantProject(viewer, viewed, 'VIEW')
  await make.grantProject(viewer, accessOnly, 'ACCESS')
  tokens.viewer = await make.signIn(viewer)

  docs.house = await make.document(viewed, { symbol: 'PUMP-2', name: 'Pump house' })
  docs.station = await make.document(viewed, { symbol: null, name: 'Pumping station' })
  docs.curves = await make.document(viewed, { symbol: 'X-1', name: 'Curves' })
  docs.hidden = await make.document(accessOnly, { symbol: 'PUMP-9', name: 'Valves' })
  docs.third = await make.document(ungranted, { symbol: 'A-1', name: 'Third pump' })
  await make.document(viewed, { symbol: 'Q-1', name: 'Quay wall' })
  // Another account's document and file match too, and are never found.
  const other = await make.account()
  const theirs = await make.document(await make.project(other), { symbol: 'PUMP-1', name: 'Their pump' })
  tokens.other = await make.signIn(other.admin)

  await attach(docs.curves, 'pump-curve.pdf')
  await attach(docs.curves, 'datasheet.pdf')
  await attach(docs.hidden, 'PUMP-layout.dwg')
  await attach(docs.station, 'old-pump-sketch.pdf')
  // The station's sketch stays with its archived revision A once revision B begins: its Files tab no longer lists it.
  for (const role of ['EDIT', 'CONTROL', 'APPROVE'])
    expect((await server.call('PUT', `/api/folders/${docs.station.id}/control/${role}`, { doneOn: Date.now() }, tokens.admin)).status).toBe(200)
  expect((await server.call('POST', `/api/folders/${docs.station.id}/archive`, {}, tokens.admin)).status).toBe(201)
  expect((await server.call('POST', `/api/folders/${docs.station.id}/revisions`, {}, tokens.admin)).status).toBe(201)
  // A note's file (COMMENT) is no file of the lists.
  await make.file(docs.house, 'pump-note.txt', { type: 'COMMENT', mime: 'text/plain' })
  await make.file(theirs, 'their-pump.pdf')
})
afterAll(() => server?.close())

describe('GET /api/search: documents and files', () => {
  test('documents by number or title, any case, in the projects the caller views, sorted by number then title', async () => {
    const { documents } = await search(tokens.viewer!, 'PuMp')
    expect(documents).toEqual({
      group: 'documents',
      total: 2,
      totalCapped: false,
      items: [
        { id: docs.station!.id, title: 'Pumping station', href: pageOf(docs.station!) },
        { id: docs.house!.id, title: 'PUMP-2 - Pump house', href: pageOf(docs.house!) },
      ],
    })
    // By number alone.
    expect((await search(tokens.viewer!, 'x-1')).documents?.items.map((i) => i.title)).toEqual(['X-1 - Curves'])
  })

  test('files by name, linking to their document’s files; no note files, none kept with an archived revision', async () => {
    const { files } = await search(tokens.viewer!, 'pump')
    expect(files?.total).toBe(1)
    expect(files?.items).toEqual([{ id: expect.any(Number), title: 'pump-curve.pdf (X-1)', href: `${pageOf(docs.curves!)}/files` }])
    expect((await search(tokens.viewer!, 'DATASHEET')).files?.items.map((i) => i.title)).toEqual(['datasheet.pdf (X-1)'])
  })

  test('an administrator of the account finds every project’s; the total counts past the limit', async () => {
    const { documents, files } = await search(tokens.admin!, 'pump')
    expect(documents?.total).toBe(4)
    expect(documents?.items.map((i) => i.title)).toEqual(['Pumping station', 'A-1 - Third pump', 'PUMP-2 - Pump house', 'PUMP-9 - Valves'])
    expect(files?.items.map((i) => i.title)).toEqual(['pump-curve.pdf (X-1)', 'PUMP-layout.dwg (PUMP-9)'])
    const limited = await search(tokens.admin!, 'pump', 1)
    expect(limited.documents).toMatchObject({ total: 4, items: [{ title: 'Pumping station' }] })
    expect(limited.files).toMatchObject({ total: 2, items: [{ title: 'pump-curve.pdf (X-1)' }] })
  })

  test('a group of more hits than are counted says "at least": the first hits still come in order', async () => {
    const big = await make.account()
    const project = await make.project(big)
    const type = await make.documentType(big)
    const many = SEARCH_COUNT_UP_TO + 5
    const made = await make.documents(
      project,
      Array.from({ length: many }, (_, n) => ({ symbol: `S-${String(n).padStart(5, '0')}`, name: `Silo ${n}` })),
      { type },
    )
    for (let n = 0; n < many; n++) await make.file(made[0]!, `silo-${String(n).padStart(5, '0')}.pdf`)
    const { documents, files } = await search(await make.signIn(big.admin), 'silo', 2)
    expect(documents).toMatchObject({ total: SEARCH_COUNT_UP_TO, totalCapped: true, items: [{ title: 'S-00000 - Silo 0' }, { title: 'S-00001 - Silo 1' }] })
    expect(files).toMatchObject({ total: SEARCH_COUNT_UP_TO, totalCapped: true, items: [{ title: 'silo-00000.pdf (S-00000)' }, { title: 'silo-00001.pdf (S-00000)' }] })
  })

  test("a member's first hits across their projects come in order, however the projects number and name them", async () => {
    const team = await make.account()
    const [east, west, closed] = await Promise.all([0, 1, 2].map(() => make.project(team)))
    const member = await make.user(team)
    await make.grantProject(member, east!, 'VIEW')
    await make.grantProject(member, west!, 'VIEW')
    // Below VIEW: its document and file, first of all by number and name, are never found.
    await make.grantProject(member, closed!, 'ACCESS')
    await make.file(await make.document(closed!, { symbol: 'S-00', name: 'Survey 0' }), 'survey-00.pdf')
    // East and West number and name theirs in turns, the names in either case; one document has no number.
    const unnumbered = await make.document(west!, { symbol: null, name: 'Survey unnumbered' })
    const titles = ['Survey unnumbered']
    const names: string[] = []
    for (let n = 1; n <= 9; n++) {
      const doc = await make.document(n % 2 ? east! : west!, { symbol: `S-0${n}`, name: `Survey ${n}` })
      const name = `${n % 3 ? 'Survey' : 'survey'}-0${n}.pdf`
      await make.file(doc, name)
      titles.push(`S-0${n} - Survey ${n}`)
      names.push(`${name} (S-0${n})`)
    }
    expect(unnumbered.symbol).toBeNull()
    const token = await make.signIn(member)
    for (const limit of [1, 3, 4, 10]) {
      const { documents, files } = await search(token, 'survey', limit)
      expect(documents?.items.map((i) => i.title)).toEqual(titles.slice(0, limit))
      expect(files?.items.map((i) => i.title)).toEqual(names.slice(0, limit))
      expect([documents?.total, files?.total]).toEqual([10, 9])
    }
  })

  test('another account sees only its own; the text is matched as text, not as a pattern', async () => {
    const { documents, files } = await search(tokens.other!, 'pump')
    expect(documents?.items.map((i) => i.title)).toEqual(['PUMP-1 - Their pump'])
    expect(files?.items.map((i) => i.title)).toEqual(['their-pump.pdf (PUMP-1)'])
    const wild = await search(tokens.admin!, '%_%')
    expect([wild.documents?.total, wild.files?.total]).toEqual([0, 0])
  })

  test('no groups for a member with no project, nor with the documents module switched off', async () => {
    const nobody = await make.signIn(await make.user(account))
    expect(await search(nobody, 'pump')).toEqual({ documents: undefined, files: undefined })
    const globalAdmin = await make.signIn(await make.user(account, 'globalAdmin'))
    const switchDocuments = (enabled: boolean) => server.call('PUT', `/api/accounts/${account.id}/modules`, { modules: [{ id: 'document', enabled }] }, globalAdmin)
    expect((await switchDocuments(false)).status).toBe(200)
    try {
      expect(await search(tokens.admin!, 'pump')).toEqual({ documents: undefined, files: undefined })
    } finally {
      expect((await switchDocuments(true)).status).toBe(200)
    }
    expect((await search(tokens.admin!, 'pump')).documents?.total).toBe(4)
  })
})
