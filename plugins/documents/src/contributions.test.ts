/**
 * What the documents give other plugins, over real HTTP: a project with documents is not
 * deleted (409 naming them), a project's storage total and an account's files count its
 * documents' files.
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
