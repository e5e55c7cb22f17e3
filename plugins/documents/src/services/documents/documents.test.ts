/**
 * The documents list over real HTTP (SQLite, or MariaDB with TEST_DATABASE_URL): each tab,
 * the search box by number and by title, paging and its totals, rows confined to the
 * projects the caller may view and to their account, canEdit by the caller's level, the
 * caller's own favourite marks, and the Recent tab following the documents they open.
 */
import {
  type AccountFixture,
  type DocumentFixture,
  type DocumentTypeFixture,
  fixtures,
  type Person,
  type ProjectFixture,
  startTestServer,
  type TestServer,
} from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DOCUMENT_COUNT_AHEAD, DOCUMENT_LIST_LIMIT, type DocumentListItem, RECENT_DOCUMENTS_MAX } from './documents.schema'

let server: TestServer
let make: ReturnType<typeof fixtures>
let own: AccountFixture
let other: AccountFixture
let bridge: ProjectFixture
let tunnel: ProjectFixture
let hidden: ProjectFixture
let theirs: ProjectFixture
let drawing: DocumentTypeFixture
let report: DocumentTypeFixture
let editor: Person
/** In `bridge` (EDIT for the editor, VIEW for the viewer), `tunnel` (VIEW for the editor), `hidden` (neither), `theirs` (another account). */
const docs = {} as Record<'ga' | 'pump' | 'valves' | 'lining' | 'secret' | 'theirs', DocumentFixture>
const tokens: Record<string, string> = {}

interface Page {
  total: number
  totalCapped: boolean
  limit: number
  skip: number
  data: DocumentListItem[]
}

const list = async (token: string, query = '') => {
  const answer = await server.call<Page>('GET', `/api/documents${query ? `?${query}` : ''}`, undefined, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
const symbolsOf = (page: Page) => page.data.map((row) => row.symbol)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  own = await make.account()
  other = await make.account()
  bridge = await make.project(own, { name: 'Bridge', symbol: 'PRJ-1' })
  tunnel = await make.project(own, { name: 'Tunnel', symbol: 'PRJ-2' })
  hidden = await make.project(own, { name: 'Hidden', symbol: 'PRJ-3' })
  theirs = await make.project(other, { name: 'Their bridge', symbol: 'PRJ-1' })
  drawing = await make.documentType(own, { name: 'Drawing' })
  report = await make.documentType(own, { name: 'Report' })
  const theirType = await make.documentType(other, { name: 'Their drawing' })

  editor = await make.user(own, 'user', { firstName: 'Erin', lastName: 'Editor' })
  await make.grantProject(editor, bridge, 'EDIT')
  await make.grantProject(editor, tunnel, 'VIEW')
  const viewer = await make.user(own, 'user', { firstName: 'Vic', lastName: 'Viewer' })
  await make.grantProject(viewer, bridge, 'VIEW')
  tokens.editor = await make.signIn(editor)
  tokens.viewer = await make.signIn(viewer)
  tokens.nobody = await make.signIn(await make.user(own))
  tokens.admin = await make.signIn(own.admin)
  tokens.other = await make.signIn(other.admin)

  // The editor is responsible for one, made another, and is responsible for one they may not view.
  docs.ga = await make.document(bridge, { name: 'General arrangement', symbol: 'A-001', type: drawing, responsibleId: editor.id })
  docs.pump = await make.document(bridge, { name: 'Pump foundation', symbol: 'A-002', type: report, createdBy: editor.id })
  docs.valves = await make.document(bridge, { name: 'Valve list 100%', symbol: 'A-003', type: drawing })
  docs.lining = await make.document(tunnel, { name: 'Tunnel lining', symbol: 'B-001', type: drawing })
  docs.secret = await make.document(hidden, { name: 'Secret arrangement', symbol: 'C-001', type: drawing, responsibleId: editor.id })
  docs.theirs = await make.document(theirs, { name: 'Their arrangement', symbol: 'A-001', type: theirType })
  await server.knex('folders').where({ id: docs.ga.id }).update({ revision: 'B', customer_number: 'CUS-17', supplier_number: 'SUP-4', tag_number: '10-P-001', provider: 'SUPPLIER' })
  // Two files of the list and a comment's file, which the count leaves out.
  const at = new Date().toISOString()
  const file = (name: string, type: string) => ({
    account_id: own.id,
    project_id: bridge.id,
    folder_id: docs.ga.id,
    name,
    storage_key: `test/${name}`,
    mime: 'application/pdf',
    size: 10,
    file_type: type,
    created_at: at,
  })
  await server.knex('folder_files').insert([file('one.pdf', 'ATTACHMENT'), file('two.pdf', 'ATTACHMENT'), file('comment.pdf', 'COMMENT')])
})
afterAll(() => server?.close())

describe('the documents list', () => {
  test('All (the default): the documents of every project the caller may view, by number, each with its project, type, responsible, files and marks', async () => {
    const page = await list(tokens.editor!)
    expect(page).toMatchObject({ total: 4, limit: DOCUMENT_LIST_LIMIT.default, skip: 0 })
    expect(symbolsOf(page)).toEqual(['A-001', 'A-002', 'A-003', 'B-001'])
    expect(page.data[0]).toEqual({
      id: docs.ga.id,
      projectId: bridge.id,
      projectName: 'Bridge',
      projectSymbol: 'PRJ-1',
      name: 'General arrangement',
      symbol: 'A-001',
      folderTypeId: drawing.id,
      typeName: 'Drawing',
      state: 'IN_PROGRESS',
      revision: 'B',
      responsible: { id: editor.id, firstName: 'Erin', lastName: 'Editor' },
      customerNumber: 'CUS-17',
      supplierNumber: 'SUP-4',
      tagNumber: '10-P-001',
      provider: 'SUPPLIER',
      fileCount: 2,
      changedAt: expect.any(String),
      favorite: false,
      canEdit: true,
    })
    expect(page.data[1]).toMatchObject({ typeName: 'Report', responsible: null, customerNumber: null, supplierNumber: null, tagNumber: null, provider: null, fileCount: 0 })
    expect(await list(tokens.editor!, 'tab=all')).toEqual(page)
  })

  test('My: the documents the caller is responsible for or made, of projects they may view', async () => {
    expect(symbolsOf(await list(tokens.editor!, 'tab=my'))).toEqual(['A-001', 'A-002'])
    expect(await list(tokens.viewer!, 'tab=my')).toEqual({ total: 0, totalCapped: false, limit: DOCUMENT_LIST_LIMIT.default, skip: 0, data: [] })
  })

  test('the search box finds the start of a word of the number or title, whatever the case and the signs between words', async () => {
    expect(symbolsOf(await list(tokens.editor!, 'filter=a-00'))).toEqual(['A-001', 'A-002', 'A-003'])
    expect(symbolsOf(await list(tokens.editor!, 'filter=B-001'))).toEqual(['B-001'])
    expect(symbolsOf(await list(tokens.editor!, 'filter=b001'))).toEqual(['B-001'])
    expect(symbolsOf(await list(tokens.editor!, 'filter=002'))).toEqual(['A-002'])
    expect(symbolsOf(await list(tokens.editor!, 'filter=PUMP'))).toEqual(['A-002'])
    expect(symbolsOf(await list(tokens.editor!, `filter=${encodeURIComponent('  Arrangement ')}`))).toEqual(['A-001'])
    expect(symbolsOf(await list(tokens.editor!, `filter=${encodeURIComponent('a-002 pump')}`))).toEqual(['A-002'])
    expect(symbolsOf(await list(tokens.editor!, `filter=${encodeURIComponent('100%')}`))).toEqual(['A-003'])
    // Inside a word is no start; signs alone are no word.
    expect(symbolsOf(await list(tokens.editor!, 'filter=ump'))).toEqual([])
    expect(symbolsOf(await list(tokens.editor!, `filter=${encodeURIComponent('%')}`))).toEqual([])
    expect(symbolsOf(await list(tokens.editor!, 'filter=_'))).toEqual([])
    // With a tab and a project.
    expect(symbolsOf(await list(tokens.editor!, 'tab=my&filter=pump'))).toEqual(['A-002'])
    expect(symbolsOf(await list(tokens.editor!, `filter=a-00&projectId=${tunnel.id}`))).toEqual([])
    expect((await list(tokens.editor!, 'filter=nothing-like-this')).total).toBe(0)
  })

  test('pages: the total of the tab, the page asked for, none past the end', async () => {
    const first = await list(tokens.admin!, '$limit=2')
    expect(first).toMatchObject({ total: 5, limit: 2, skip: 0 })
    expect(symbolsOf(first)).toEqual(['A-001', 'A-002'])
    const second = await list(tokens.admin!, '$limit=2&$skip=2')
    expect(symbolsOf(second)).toEqual(['A-003', 'B-001'])
    expect(second.total).toBe(5)
    expect(symbolsOf(await list(tokens.admin!, '$limit=2&$skip=4'))).toEqual(['C-001'])
    expect(await list(tokens.admin!, '$skip=9')).toEqual({ total: 5, totalCapped: false, limit: DOCUMENT_LIST_LIMIT.default, skip: 9, data: [] })
    expect(await list(tokens.admin!, '$limit=0')).toEqual({ total: 5, totalCapped: false, limit: 0, skip: 0, data: [] })
    expect((await list(tokens.admin!, `$limit=${DOCUMENT_LIST_LIMIT.max}`)).data).toHaveLength(5)
  })

  test('a list of more documents than are counted: "at least" a total past the page, counted further for a later page', async () => {
    const big = await make.account()
    const project = await make.project(big, { name: 'Depot', symbol: 'DEP' })
    const type = await make.documentType(big, { name: 'Drawing' })
    const many = DOCUMENT_COUNT_AHEAD + 2 * DOCUMENT_LIST_LIMIT.default + 10
    await make.documents(
      project,
      Array.from({ length: many }, (_, n) => ({ symbol: `D-${String(n + 1).padStart(5, '0')}`, name: n % 2 ? 'Facade' : 'Section', createdBy: big.admin.id })),
      { type },
    )
    const token = await make.signIn(big.admin)
    const first = await list(token)
    expect(first).toMatchObject({ total: DOCUMENT_LIST_LIMIT.default + DOCUMENT_COUNT_AHEAD, totalCapped: true })
    expect(symbolsOf(first).slice(0, 2)).toEqual(['D-00001', 'D-00002'])
    const further = await list(token, `$skip=${DOCUMENT_LIST_LIMIT.default}`)
    expect(further).toMatchObject({ total: 2 * DOCUMENT_LIST_LIMIT.default + DOCUMENT_COUNT_AHEAD, totalCapped: true })
    expect(symbolsOf(further)[0]).toBe(`D-000${DOCUMENT_LIST_LIMIT.default + 1}`)
    // Near the end the count reaches every row: exact again.
    expect(await list(token, `$skip=${2 * DOCUMENT_LIST_LIMIT.default}`)).toMatchObject({ total: many, totalCapped: false })
    // The filter's matches, half of them, are fewer than the bound: exact.
    expect(await list(token, 'filter=facade')).toMatchObject({ total: many / 2, totalCapped: false })
  })

  test('a bad query answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['tab=mine', 'tab'],
      ['projectId=abc', 'projectId'],
      ['projectId=1.5', 'projectId'],
      ['projectId=0', 'projectId'],
      [`$limit=${DOCUMENT_LIST_LIMIT.max + 1}`, '$limit'],
      ['$skip=-1', '$skip'],
      [`filter=${'x'.repeat(201)}`, 'filter'],
      ['userId=1', 'userId'],
      ['$sort[name]=1', '$sort'],
    ]
    for (const [query, field] of cases) {
      const answer = await server.call('GET', `/api/documents?${query}`, undefined, tokens.editor)
      expect(answer.status, query).toBe(400)
      expect(Object.keys(answer.body.errors ?? {}), `${query}: ${JSON.stringify(answer.body)}`).toContain(field)
    }
    expect((await server.call('GET', '/api/documents')).status).toBe(401)
  })

  test('a caller sees only the projects they may view; a project they may not lists nothing', async () => {
    const viewer = await list(tokens.viewer!)
    expect(symbolsOf(viewer)).toEqual(['A-001', 'A-002', 'A-003'])
    for (const row of viewer.data) expect(row.projectId).toBe(bridge.id)
    expect(await list(tokens.viewer!, `projectId=${tunnel.id}`)).toMatchObject({ total: 0, data: [] })
    expect(symbolsOf(await list(tokens.viewer!, `projectId=${bridge.id}`))).toEqual(['A-001', 'A-002', 'A-003'])
    expect(symbolsOf(await list(tokens.editor!, `projectId=${tunnel.id}`))).toEqual(['B-001'])
    expect(await list(tokens.editor!, `projectId=${hidden.id}`)).toMatchObject({ total: 0, data: [] })
    expect(await list(tokens.nobody!)).toMatchObject({ total: 0, data: [] })
    // The account's admin holds every project of the account.
    expect(symbolsOf(await list(tokens.admin!))).toEqual(['A-001', 'A-002', 'A-003', 'B-001', 'C-001'])
  })

  test("another account's documents never appear, whatever the query names", async () => {
    const mine = await list(tokens.admin!, 'filter=arrangement')
    expect(mine.data.map((row) => row.id)).toEqual([docs.ga.id, docs.secret.id])
    expect(await list(tokens.admin!, `projectId=${theirs.id}`)).toMatchObject({ total: 0, data: [] })
    const theirList = await list(tokens.other!)
    expect(theirList.data.map((row) => row.id)).toEqual([docs.theirs.id])
    expect(theirList.data[0]).toMatchObject({ projectName: 'Their bridge', typeName: 'Their drawing', canEdit: true })
    expect(await list(tokens.other!, `projectId=${bridge.id}`)).toMatchObject({ total: 0, data: [] })
    const answer = await server.call('GET', `/api/documents?accountId=${own.id}`, undefined, tokens.other)
    expect(answer.status).toBe(400)
  })

  test('canEdit: true where the caller holds EDIT (or administers the account), false where only VIEW', async () => {
    const byProject = (page: Page) => Object.fromEntries(page.data.map((row) => [row.symbol, row.canEdit]))
    expect(byProject(await list(tokens.editor!))).toEqual({ 'A-001': true, 'A-002': true, 'A-003': true, 'B-001': false })
    expect(byProject(await list(tokens.viewer!))).toEqual({ 'A-001': false, 'A-002': false, 'A-003': false })
    expect(Object.values(byProject(await list(tokens.admin!)))).toEqual([true, true, true, true, true])
  })

  test("Favorites: the caller's own marks, shown on every tab", async () => {
    for (const doc of [docs.valves, docs.lining]) expect((await server.call('PUT', `/api/folders/${doc.id}/favorite`, {}, tokens.editor)).status).toBe(200)
    const favorites = await list(tokens.editor!, 'tab=favorites')
    expect(symbolsOf(favorites)).toEqual(['A-003', 'B-001'])
    for (const row of favorites.data) expect(row.favorite).toBe(true)
    expect(Object.fromEntries((await list(tokens.editor!)).data.map((row) => [row.symbol, row.favorite]))).toEqual({ 'A-001': false, 'A-002': false, 'A-003': true, 'B-001': true })
    // Another person's marks are theirs: the viewer has none, and sees A-003 unmarked.
    expect((await list(tokens.viewer!, 'tab=favorites')).total).toBe(0)
    expect((await list(tokens.viewer!)).data.find((row) => row.symbol === 'A-003')?.favorite).toBe(false)
    // Search and project apply within the tab.
    expect(symbolsOf(await list(tokens.editor!, `tab=favorites&projectId=${tunnel.id}`))).toEqual(['B-001'])
    expect(symbolsOf(await list(tokens.editor!, 'tab=favorites&filter=valve'))).toEqual(['A-003'])
    expect((await server.call('DELETE', `/api/folders/${docs.lining.id}/favorite`, undefined, tokens.editor)).status).toBe(200)
    expect(symbolsOf(await list(tokens.editor!, 'tab=favorites'))).toEqual(['A-003'])
  })

  test('Recent: the documents the caller opened, the latest first', async () => {
    const open = async (doc: DocumentFixture, token = tokens.viewer!) => {
      const answer = await server.call('GET', `/api/folders/${doc.id}`, undefined, token)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      // Visits are stamped to the millisecond: two in one would tie.
      await sleep(5)
    }
    expect((await list(tokens.viewer!, 'tab=recent')).total).toBe(0)
    await open(docs.pump)
    await open(docs.ga)
    expect(symbolsOf(await list(tokens.viewer!, 'tab=recent'))).toEqual(['A-001', 'A-002'])
    // Opening one again moves it to the top, and it is listed once.
    await open(docs.pump)
    const recent = await list(tokens.viewer!, 'tab=recent')
    expect(symbolsOf(recent)).toEqual(['A-002', 'A-001'])
    expect(recent.total).toBe(2)
    expect(Number((await server.knex('folder_visits').where({ folder_id: docs.pump.id }).count({ n: '*' }))[0]!.n)).toBe(1)
    // Another person's visits are theirs; a failed read records nothing.
    expect(symbolsOf(await list(tokens.editor!, 'tab=recent'))).toEqual([])
    expect((await server.call('GET', `/api/folders/${docs.lining.id}`, undefined, tokens.viewer)).status).toBe(403)
    expect(symbolsOf(await list(tokens.viewer!, 'tab=recent'))).toEqual(['A-002', 'A-001'])
    // Writing a document is no visit.
    expect((await server.call('PATCH', `/api/folders/${docs.valves.id}`, { format: 'A3' }, tokens.editor)).status).toBe(200)
    expect(symbolsOf(await list(tokens.editor!, 'tab=recent'))).toEqual([])
    // Filters apply within the tab.
    expect(symbolsOf(await list(tokens.viewer!, 'tab=recent&filter=general'))).toEqual(['A-001'])
  })

  test(`Recent lists at most the ${RECENT_DOCUMENTS_MAX} latest`, async () => {
    const project = await make.project(own)
    const reader = await make.user(own)
    await make.grantProject(reader, project, 'VIEW')
    const made: DocumentFixture[] = []
    for (let i = 0; i < RECENT_DOCUMENTS_MAX + 5; i++) made.push(await make.document(project, { symbol: `R-${String(i).padStart(3, '0')}`, type: drawing }))
    // Visited in order, a second apart: R-054 is the latest.
    const start = Date.UTC(2027, 0, 1)
    await server.knex('folder_visits').insert(
      made.map((doc, i) => ({ account_id: own.id, user_id: reader.id, folder_id: doc.id, visited_at: new Date(start + i * 1000).toISOString() })),
    )
    const token = await make.signIn(reader)
    const first = await list(token, 'tab=recent')
    expect(first.total).toBe(RECENT_DOCUMENTS_MAX)
    expect(first.data).toHaveLength(DOCUMENT_LIST_LIMIT.default)
    expect(first.data[0]!.symbol).toBe('R-054')
    const last = await list(token, 'tab=recent&$skip=40&$limit=25')
    expect(last.total).toBe(RECENT_DOCUMENTS_MAX)
    expect(symbolsOf(last)).toEqual(['R-014', 'R-013', 'R-012', 'R-011', 'R-010', 'R-009', 'R-008', 'R-007', 'R-006', 'R-005'])
    expect((await list(token, 'tab=recent&$skip=50')).data).toEqual([])
  })

  test('a visit that cannot be recorded does not fail the read', async () => {
    await server.knex.schema.renameTable('folder_visits', 'folder_visits_away')
    try {
      const answer = await server.call('GET', `/api/folders/${docs.valves.id}`, undefined, tokens.viewer)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body.name).toBe('Valve list 100%')
    } finally {
      await server.knex.schema.renameTable('folder_visits_away', 'folder_visits')
    }
    expect(symbolsOf(await list(tokens.viewer!, 'tab=recent'))).toEqual(['A-002', 'A-001'])
  })
})

describe("a member's pages across their projects", () => {
  test('each page is the next slice of the whole list by number (unnumbered first), however the projects number their documents, filtered and in My too (an admin\'s too)', async () => {
    const account = await make.account()
    const type = await make.documentType(account)
    const [north, south, east, closed] = await Promise.all(['North', 'South', 'East', 'Closed'].map((name) => make.project(account, { name })))
    const member = await make.user(account)
    for (const project of [north!, south!, east!]) await make.grantProject(member, project, 'VIEW')
    // Below VIEW: its documents, numbered before all the others, are not listed.
    await make.grantProject(member, closed!, 'ACCESS')
    await make.document(closed!, { symbol: 'A-00', type })
    // South and East number theirs in turns (A-01 in South, A-02 in East …), North under its own prefix; two have no number.
    // The member is responsible for every third; the account's admin is responsible for some, made others and both for a few: their My tab comes in two streams.
    const specs = [
      ...Array.from({ length: 16 }, (_, k) => ({ project: k % 2 ? east! : south!, symbol: `A-${String(k + 1).padStart(2, '0')}`, name: `Sheet ${k + 1}` })),
      ...Array.from({ length: 9 }, (_, k) => ({ project: north!, symbol: `N-${k + 1}`, name: `North ${k + 1}` })),
      ...[east!, south!].map((project) => ({ project, symbol: null, name: `Unnumbered ${project.name}` })),
    ]
    const isMine = (n: number) => n % 3 === 0
    const isMadeByAdmin = (n: number) => n % 4 === 1 || n % 4 === 3
    const isAdminResponsible = (n: number) => !isMine(n) && (n % 4 === 2 || n % 4 === 3)
    const made: DocumentFixture[] = []
    for (const [n, { project, ...spec }] of specs.entries())
      made.push(
        await make.document(project, {
          ...spec,
          type,
          responsibleId: isMine(n) ? member.id : isAdminResponsible(n) ? account.admin.id : null,
          createdBy: isMadeByAdmin(n) ? account.admin.id : null,
        }),
      )
    const mine = made.filter((_, n) => isMine(n))
    const madeByAdmin = made.filter((_, n) => isMadeByAdmin(n))
    const adminResponsible = made.filter((_, n) => isAdminResponsible(n))
    const adminsOwn = made.filter((doc) => madeByAdmin.includes(doc) || adminResponsible.includes(doc))
    const token = await make.signIn(member)
    const adminToken = await make.signIn(account.admin)
    const inOrder = (docs: DocumentFixture[]) =>
      [...docs]
        .sort((a, b) => (a.symbol === null) !== (b.symbol === null) ? (a.symbol === null ? -1 : 1) : (a.symbol ?? '').localeCompare(b.symbol ?? '') || a.name.localeCompare(b.name) || a.id - b.id)
        .map((doc) => doc.id)
    const pagesOf = async (query: string, expected: number[], as = token) => {
      for (const limit of [1, 4, 7])
        for (let skip = 0; skip <= expected.length; skip += limit) {
          const page = await list(as, `${query}&$limit=${limit}&$skip=${skip}`)
          expect(page.data.map((row) => row.id), `${query} $skip=${skip} $limit=${limit}`).toEqual(expected.slice(skip, skip + limit))
          expect(page.total).toBe(expected.length)
        }
    }
    await pagesOf('tab=all', inOrder(made))
    await pagesOf('tab=all&filter=a-', inOrder(made.filter((doc) => doc.symbol?.startsWith('A-'))))
    await pagesOf('tab=my', inOrder(mine))
    await pagesOf('tab=my', inOrder(adminsOwn), adminToken)
    await pagesOf('tab=my&filter=sheet', inOrder(adminsOwn.filter((doc) => doc.name.startsWith('Sheet'))), adminToken)
  })
})
