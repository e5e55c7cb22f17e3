/**
 * The documents' word indexes are kept by every write of a number, a title or a file name,
 * and filled afresh by the migration: what the documents list's search box then finds.
 */
import { type AccountFixture, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fillWordIndexes } from './migrations/018-words'
import { fillFileNameKeys } from './migrations/019-file-name-keys'
import { FILE_WORDS, FOLDER_WORDS } from './words'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture
let token: string

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
  token = await make.signIn(account.admin)
})
afterAll(() => server?.close())

const listed = async (filter: string) => {
  const answer = await server.call('GET', `/api/documents?filter=${encodeURIComponent(filter)}`, undefined, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body.data as { name: string }[]).map((row) => row.name)
}
const fileHits = async (text: string) => {
  const answer = await server.call('GET', `/api/search?q=${encodeURIComponent(text)}`, undefined, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body.groups as { group: string; items: { title: string }[] }[]).find((g) => g.group === 'files')?.items.map((i) => i.title)
}

describe("the documents' word indexes", () => {
  test('follow a document made, renumbered and renamed through the API, and go with it', async () => {
    const project = await make.project(account)
    const type = await make.documentType(account)
    const made = await server.call('POST', '/api/folders', { projectId: project.id, folderTypeId: type.id, name: 'Mooring bollard', symbol: 'MB-0042' }, token)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(await listed('0042')).toEqual(['Mooring bollard'])
    const changed = await server.call('PATCH', `/api/folders/${made.body.id}`, { name: 'Fender panel', symbol: 'FP-7' }, token)
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(await listed('mooring')).toEqual([])
    expect(await listed('0042')).toEqual([])
    expect(await listed('fp7')).toEqual(['Fender panel'])
    expect((await server.call('DELETE', `/api/folders/${made.body.id}`, undefined, token)).status).toBe(200)
    expect(await server.knex(FOLDER_WORDS.table).where(FOLDER_WORDS.row, made.body.id).count({ n: '*' })).toEqual([{ n: 0 }])
  })

  test("follow a file's name as it is uploaded and renamed", async () => {
    const doc = await make.document(await make.project(account), { symbol: 'CR-1', name: 'Crane rail' })
    const form = new FormData()
    form.append('file', new Blob([new TextEncoder().encode('rail')]), 'rail-splice_detail.pdf')
    const uploaded = await server.call('POST', `/api/folders/${doc.id}/files`, form, token)
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    expect(await fileHits('splice')).toEqual(['rail-splice_detail.pdf (CR-1)'])
    const nameKey = async () => (await server.knex('folder_files').where('id', uploaded.body.id).first('name_key')).name_key
    expect(await nameKey()).toBe(' rail splice detail pdf')
    const renamed = await server.call('PUT', `/api/folders/${doc.id}/files/${uploaded.body.id}/rename`, { name: 'rail-clip.pdf' }, token)
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(await fileHits('splice')).toEqual([])
    expect(await fileHits('clip')).toEqual(['rail-clip.pdf (CR-1)'])
    expect(await nameKey()).toBe(' rail clip pdf')
  })

  test('are filled afresh from the rows there are (the migration that brings them)', async () => {
    const project = await make.project(account)
    const doc = await make.document(project, { symbol: 'QW-12', name: 'Quay wall anchors' })
    const file = await make.file(doc, 'anchor-schedule.xlsx')
    // As an earlier release left them: no entries, and the search key a lower-cased "number title".
    await server.knex(FOLDER_WORDS.table).where('account_id', account.id).delete()
    await server.knex(FILE_WORDS.table).where('account_id', account.id).delete()
    await server.knex('folders').where('id', doc.id).update({ search_key: 'qw-12 quay wall anchors' })
    expect(await listed('anchors')).toEqual([])
    await fillWordIndexes(server.knex)
    expect((await server.knex('folders').where('id', doc.id).first('search_key')).search_key).toBe(' qw 12 quay wall anchors')
    expect(await listed('anchors')).toEqual(['Quay wall anchors'])
    expect(await listed('qw-12')).toEqual(['Quay wall anchors'])
    expect(await fileHits('schedule')).toEqual(['anchor-schedule.xlsx (QW-12)'])
    // Files' name keys (the next migration) likewise.
    await server.knex('folder_files').where('id', file.id).update({ name_key: '' })
    await fillFileNameKeys(server.knex)
    expect((await server.knex('folder_files').where('id', file.id).first('name_key')).name_key).toBe(' anchor schedule xlsx')
  })
})
