/**
 * What the documents give other plugins, over real HTTP: a project with documents is not
 * deleted (409 naming them), a project's storage total and an account's files count its
 * documents' files, and a company whose projects hold documents is not deleted either.
 */
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const attach = async (folderId: number, token: string, bytes: number) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), `file-${bytes}.bin`)
  expect((await server.call('POST', `/api/folders/${folderId}/files`, form, token)).status).toBe(201)
}

test('a project with documents is kept, naming them; its storage total and its account count their files', async () => {
  const make = fixtures(server)
  const account = await make.account()
  const token = await make.signIn(account.admin)
  const project = await make.project(account)
  const doc = await make.document(project, { name: 'Drawing', symbol: 'D-1' })
  await attach(doc.id, token, 1000)
  await attach(doc.id, token, 500)

  const refused = await server.call('DELETE', `/api/projects/${project.id}`, undefined, token)
  expect(refused.status).toBe(409)
  expect(refused.body.data.blocks).toContainEqual({ reason: 'has document', item: 'D-1 - Drawing' })

  const shown = await server.call('GET', `/api/projects/${project.id}?stats=true`, undefined, token)
  expect(shown.body.storageTotal).toBe(1500)

  const globalAdmin = await make.signIn(await make.user(account, 'globalAdmin'))
  const accounts = await server.call('GET', `/api/accounts?$limit=500`, undefined, globalAdmin)
  const row = accounts.body.data.find((a: { id: number }) => a.id === account.id)
  expect(row).toMatchObject({ fileCount: 2 })
  // mbUsed comes rounded to the kilobyte.
  expect(row.mbUsed).toBeCloseTo(1500 / 1024 / 1024, 3)
})

test('a company whose projects hold documents is kept, naming them; once it is no project’s client it goes', async () => {
  const make = fixtures(server)
  const account = await make.account()
  const token = await make.signIn(account.admin)
  const client = await make.company(account)
  const project = await make.project(account, { client })
  await make.document(project, { name: 'Hull plan', symbol: 'D-7' })
  await make.document(project, { name: 'Untitled', symbol: null })
  // Documents of a project without that client, and of another account, name nothing here.
  await make.document(await make.project(account), { name: 'Elsewhere', symbol: 'E-1' })
  await make.document(await make.project(await make.account()), { name: 'Theirs', symbol: 'T-1' })

  const refused = await server.call('DELETE', `/api/companies/${client.id}`, undefined, token)
  expect(refused.status).toBe(409)
  const named = refused.body.data.blocks.filter((b: { reason: string }) => b.reason === 'has document')
  expect(named).toEqual([
    { reason: 'has document', item: 'Untitled' },
    { reason: 'has document', item: 'D-7 - Hull plan' },
  ])

  // The project gets another client: its documents no longer keep the first company.
  const other = await make.company(account)
  expect((await server.call('PATCH', `/api/projects/${project.id}`, { companyId: other.id }, token)).status).toBe(200)
  expect((await server.call('DELETE', `/api/companies/${client.id}`, undefined, token)).status).toBe(200)
})
