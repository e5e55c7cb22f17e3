/**
 * A project's document groups, folders and IFC files over HTTP: the account's active
 * document types (setup's), each with the folders a `projectFolders` contributor gives
 * (a test one standing in for the documents module). SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type ProjectFolder, definePlugin, projectFolders } from '@app/plugin-kit'
import { type AccountFixture, type ProjectFixture, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let server: TestServer
let make: ReturnType<typeof fixtures>
let account: AccountFixture
let project: ProjectFixture
let adminToken: string

beforeAll(async () => {
  server = await startTestServer()
  make = fixtures(server)
  account = await make.account()
  project = await make.project(account)
  adminToken = await make.signIn(account.admin)
})
afterAll(() => server?.close())

const urls = (id: number) => [`/api/projects/${id}/foldertypes`, `/api/projects/${id}/folders`, `/api/projects/${id}/ifcfiles`]

describe('document groups', () => {
  test('without a folders contributor: every active type of the account with no folders, and empty lists', async () => {
    const drawing = await server.call('POST', `/api/foldertypes/${account.id}`, { name: 'Drawing', typeId: 'DRW' }, adminToken)
    expect(drawing.status, JSON.stringify(drawing.body)).toBe(201)
    const off = await server.call('POST', `/api/foldertypes/${account.id}`, { name: 'Old manuals', typeId: 'OLD', active: false }, adminToken)
    expect(off.status).toBe(201)
    const groups = await server.call('GET', `/api/projects/${project.id}/foldertypes`, undefined, adminToken)
    expect(groups.status, JSON.stringify(groups.body)).toBe(200)
    expect(groups.body.map((g: { typeId: string }) => g.typeId).sort()).toEqual(['Checklist', 'DRW', 'Skyview'])
    for (const group of groups.body) expect(group.folders).toEqual([])
    expect((await server.call('GET', `/api/projects/${project.id}/folders`, undefined, adminToken)).body).toEqual([])
    expect((await server.call('GET', `/api/projects/${project.id}/ifcfiles`, undefined, adminToken)).body).toEqual([])
  })

  test("a contributor's folders appear in their type's group, for this project only", async () => {
    const types = (await server.call('GET', `/api/projects/${project.id}/foldertypes`, undefined, adminToken)).body as { id: number; typeId: string }[]
    const drawing = types.find((t) => t.typeId === 'DRW')!
    const folder: ProjectFolder = { id: 77, name: 'Layout', symbol: 'D-1', folderTypeId: drawing.id, files: [], urls: [] }
    server.app.get('extensions').contribute(projectFolders, {
      folders: async (_app, _params, projectId) => (projectId === project.id ? [folder] : []),
      ifcFiles: async (_app, _params, projectId) => (projectId === project.id ? [{ id: 5, name: 'model.ifc' }] : []),
    })
    const groups = (await server.call('GET', `/api/projects/${project.id}/foldertypes`, undefined, adminToken)).body as { typeId: string; folders: unknown[] }[]
    expect(groups.find((g) => g.typeId === 'DRW')!.folders).toEqual([folder])
    expect(groups.find((g) => g.typeId === 'Skyview')!.folders).toEqual([])
    expect((await server.call('GET', `/api/projects/${project.id}/folders`, undefined, adminToken)).body).toEqual([folder])
    expect((await server.call('GET', `/api/projects/${project.id}/ifcfiles`, undefined, adminToken)).body).toEqual([{ id: 5, name: 'model.ifc' }])
    const other = await make.project(account)
    expect((await server.call('GET', `/api/projects/${other.id}/folders`, undefined, adminToken)).body).toEqual([])
  })

  test("a group whose module is installed but switched off for the account is left out (Skyview's, the documents')", async () => {
    // Stand-ins for the Skyview and documents plugins, so their modules have a switch.
    const standIn = (id: string, module: 'skyview' | 'document') => definePlugin({ id, module, version: '0.0.0', migrations: [], permissions: [], services: [] })
    const withModules = await startTestServer({}, { extraPlugins: [standIn('skyview-stand-in', 'skyview'), standIn('documents-stand-in', 'document')] })
    try {
      const there = fixtures(withModules)
      const other = await there.account()
      const theirs = await there.project(other)
      const token = await there.signIn(other.admin)
      await withModules.call('POST', `/api/foldertypes/${other.id}`, { name: 'Drawing', typeId: 'DRW' }, token)
      const typeIds = async () => ((await withModules.call('GET', `/api/projects/${theirs.id}/foldertypes`, undefined, token)).body as { typeId: string }[]).map((g) => g.typeId).sort()
      expect(await typeIds()).toEqual(['Checklist', 'DRW', 'Skyview'])
      const globalAdmin = await there.signIn(await there.user(other, 'globalAdmin'))
      const off = await withModules.call('PUT', `/api/accounts/${other.id}/modules`, { modules: [{ id: 'skyview', enabled: false }, { id: 'document', enabled: false }] }, globalAdmin)
      expect(off.status, JSON.stringify(off.body)).toBe(200)
      expect(await typeIds()).toEqual(['Checklist'])
    } finally {
      await withModules.close()
    }
  })

  test('VIEW is needed: ACCESS gets 403, another account 404', async () => {
    const viewer = await make.user(account)
    const passer = await make.user(account)
    await make.grantProject(viewer, project, 'VIEW')
    await make.grantProject(passer, project, 'ACCESS')
    const [viewerToken, passerToken, otherToken] = [await make.signIn(viewer), await make.signIn(passer), await make.signIn((await make.account()).admin)]
    for (const url of urls(project.id)) {
      expect((await server.call('GET', url, undefined, viewerToken)).status, url).toBe(200)
      expect((await server.call('GET', url, undefined, passerToken)).status, url).toBe(403)
      expect((await server.call('GET', url, undefined, otherToken)).status, url).toBe(404)
    }
  })
})
