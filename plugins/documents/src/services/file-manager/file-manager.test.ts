/**
 * The file manager's list over real HTTP: a project's files of the revisions in work (no
 * COMMENT files, none kept with an archived revision) and its documents' links, files
 * first, each by name in any case; the filter on file names, link names and addresses; the
 * map keeping geolocated files only; a section alone; paging across the two; VIEW reads and
 * below is 403; another account's project is the same 404 as a missing one; bad input is
 * 400 naming the field. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FileManagerItem } from './file-manager.schema'

let server: TestServer
let project: ProjectFixture
const tokens: Record<string, string> = {}

const call = (url: string, token = tokens.viewer) => server.call('GET', `/api/projects/${project.id}/file-manager${url}`, undefined, token)
const names = (body: { data: FileManagerItem[] }) => body.data.map((item) => `${item.kind}:${item.name}`)

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam()
  project = team.project
  Object.assign(tokens, team.tokens)
  const ga = await make.document(project, { symbol: 'GA-1', name: 'General arrangement' })
  const pump = await make.document(project, { symbol: null, name: 'Pump room' })
  const elsewhere = await make.document(await make.project(team.account))
  const at = new Date().toISOString()
  const [revision] = await server.knex('folder_revisions').insert({ account_id: team.account.id, folder_id: pump.id, revision: 'A', archived_at: at, controls: '[]' }, ['id'])
  const revisionId = Number(typeof revision === 'object' ? revision.id : revision)
  await make.file(ga, 'b-section.pdf')
  await make.file(ga, 'A-plan.pdf', { size: 2048 })
  await make.file(pump, 'site-photo.jpg', { mime: 'image/jpeg', place: { latitude: 60.17, longitude: 24.94 } })
  await make.file(pump, 'note.pdf', { type: 'COMMENT' })
  await make.file(pump, 'old-plan.pdf', { revisionId })
  await make.file(elsewhere, 'other-project.pdf')
  const link = (folder: { id: number; projectId: number }, description: string, url: string) => ({
    account_id: team.account.id,
    project_id: folder.projectId,
    folder_id: folder.id,
    description,
    url,
    created_at: at,
  })
  await server.knex('folder_urls').insert([
    link(ga, 'Supplier sheet', 'https://supplier.example/plan'),
    link(pump, 'approval letter', 'https://intranet.example/letters/7'),
    link(elsewhere, 'Other project link', 'https://example.com/'),
  ])
})
afterAll(() => server?.close())

describe("a project's file manager", () => {
  test('files of the revisions in work first, then links, each by name in any case, with their documents', async () => {
    const answer = await call('')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ total: 5, skip: 0, limit: 50, level: 'VIEW' })
    expect(names(answer.body)).toEqual(['file:A-plan.pdf', 'file:b-section.pdf', 'file:site-photo.jpg', 'url:approval letter', 'url:Supplier sheet'])
    const [plan, , photo, letter] = answer.body.data
    expect(plan).toEqual({ kind: 'file', id: expect.any(Number), name: 'A-plan.pdf', documentId: expect.any(Number), documentSymbol: 'GA-1', documentName: 'General arrangement', mime: 'application/pdf', size: 2048 })
    expect(photo).toMatchObject({ kind: 'file', latitude: 60.17, longitude: 24.94, documentSymbol: null, documentName: 'Pump room' })
    expect(letter).toEqual({ kind: 'url', id: expect.any(Number), name: 'approval letter', documentId: expect.any(Number), documentSymbol: null, documentName: 'Pump room', url: 'https://intranet.example/letters/7' })
  })

  test('the filter: a file name, a link name or its address contains the text, any case; % and _ are plain characters', async () => {
    expect(names((await call('?filter=PLAN')).body)).toEqual(['file:A-plan.pdf', 'url:Supplier sheet'])
    expect(names((await call('?filter=%20letter%20')).body)).toEqual(['url:approval letter'])
    expect(names((await call('?filter=intranet')).body)).toEqual(['url:approval letter'])
    expect((await call('?filter=%25')).body.total).toBe(0)
    expect((await call('?filter=a_plan')).body.total).toBe(0)
  })

  test('the map keeps the geolocated files only; a section alone', async () => {
    const map = await call('?map=true')
    expect(names(map.body)).toEqual(['file:site-photo.jpg'])
    expect(map.body.total).toBe(1)
    expect(names((await call('?map=true&filter=plan')).body)).toEqual([])
    expect(names((await call('?map=false&kind=url')).body)).toEqual(['url:approval letter', 'url:Supplier sheet'])
    expect((await call('?kind=file')).body.total).toBe(3)
    expect((await call('?kind=url&map=true')).body).toMatchObject({ total: 0, data: [] })
  })

  test('pages run from the files into the links', async () => {
    const pages = await Promise.all([0, 2, 4].map((skip) => call(`?$limit=2&$skip=${skip}`)))
    expect(pages.map((page) => names(page.body))).toEqual([['file:A-plan.pdf', 'file:b-section.pdf'], ['file:site-photo.jpg', 'url:approval letter'], ['url:Supplier sheet']])
    expect(pages.map((page) => page.body.total)).toEqual([5, 5, 5])
    expect((await call('?$skip=9')).body).toMatchObject({ total: 5, data: [] })
    expect((await call('?$limit=0')).body).toMatchObject({ total: 5, data: [] })
  })

  test('VIEW and above read it, each told their level; below VIEW is 403; another account or no project is 404', async () => {
    expect((await call('', tokens.editor)).body.level).toBe('EDIT')
    expect((await call('', tokens.admin)).body.level).toBe('ADMINISTER')
    const make = fixtures(server)
    const outsider = await make.user({ id: project.accountId })
    await make.grantProject(outsider, project, 'ACCESS')
    const refused = await call('', await make.signIn(outsider))
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This needs VIEW access to the project')
    const foreign = await call('', tokens.stranger)
    expect(foreign.status).toBe(404)
    const missing = await server.call('GET', '/api/projects/987654321/file-manager', undefined, tokens.stranger)
    expect(missing.status).toBe(404)
    expect(foreign.body.message.replace(String(project.id), '<id>')).toBe(missing.body.message.replace('987654321', '<id>'))
    expect((await server.call('GET', `/api/projects/${project.id}/file-manager`)).status).toBe(401)
  })

  test('bad input is 400 naming the field', async () => {
    const refused: [string, string][] = [
      ['?map=perhaps', 'map'],
      ['?kind=folder', 'kind'],
      ['?$limit=201', '$limit'],
      ['?$skip=-1', '$skip'],
      [`?filter=${'x'.repeat(201)}`, 'filter'],
      ['?sort=name', 'sort'],
    ]
    for (const [query, field] of refused) {
      const answer = await call(query)
      expect(answer.status, query).toBe(400)
      expect(Object.keys(answer.body.errors), query).toEqual([field])
    }
  })
})
