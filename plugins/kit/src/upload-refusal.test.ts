/**
 * A refused upload is refused before its body is read, over real HTTP: the route's own
 * `allow` check and a project named in the path answer 403 or 404 to a request that
 * announces 200 MB and sends 64 KB, at once, and nothing reaches storage, not even a
 * partial file. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fixtures, startTestServer, uploadHead } from '@app/testing'
import { Forbidden } from '@feathersjs/errors'
import { afterAll, describe, expect, test } from 'vitest'
import { type PluginDefinition, definePlugin, installPlugins } from './define-plugin'
import type { AppParams, Application, HookContext } from './types'
import { claimUpload } from './upload'

/** Keeps the file it is given and answers its name: what a service does once an upload is allowed. */
const keeper = () => ({
  async create(_data: unknown, params: AppParams) {
    return { kept: claimUpload(params).filename }
  },
})

const guardedPlugin = definePlugin({
  id: 'kit-upload-refusal-test',
  module: 'core',
  version: '0.0.0',
  permissions: [],
  migrations: [],
  services: [
    {
      path: 'kit-test-boxes/:box/files',
      methods: ['create'],
      scope: { kind: 'none', why: 'Test service of the kit: its own check allows only the open box.' },
      uploads: {
        methods: ['create'],
        allow: async ({ params }: HookContext) => {
          if (params.route?.box !== 'open') throw new Forbidden('This box is closed')
        },
      },
      service: keeper,
    },
    {
      path: 'kit-test-projects/:projectId/files',
      methods: ['create'],
      scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: { routeParam: 'projectId' } },
      uploads: { methods: ['create'] },
      service: keeper,
    },
  ],
})

const server = await startTestServer({}, { extraPlugins: [guardedPlugin] })
afterAll(() => server.close())
const make = fixtures(server)
const account = await make.account()
const token = await make.signIn(account.admin)

/** Every file under storage, partial ones included. */
const stored = async () => (await readdir(path.join(server.config.dataDir, 'files'), { recursive: true }).catch(() => [] as string[])).sort()

const form = () => {
  const body = new FormData()
  body.append('file', new Blob(['a small file']), 'small.txt')
  return body
}
const upload = async (url: string, bearer: string) => {
  const answer = await fetch(`${server.url}${url}`, { method: 'POST', body: form(), headers: { authorization: `Bearer ${bearer}` } })
  return { status: answer.status, body: await answer.json() }
}
/** 200 MB announced, 64 KB sent: only a refusal that reads none of it can answer. */
const largeUpload = (url: string, bearer: string) => uploadHead(server.url, { method: 'POST', path: url, token: bearer })

describe("the route's own check", () => {
  test('refuses before the body is read: a large upload answers 403 at once and stores nothing', async () => {
    const before = await stored()
    const refused = await largeUpload('/api/kit-test-boxes/closed/files', token)
    expect(refused).toMatchObject({ status: 403, body: { message: 'This box is closed' } })
    expect(await stored()).toEqual(before)
  })

  test('runs for a call without a file too, and lets an allowed upload through', async () => {
    const json = await server.call('POST', '/api/kit-test-boxes/closed/files', {}, token)
    expect(json.status).toBe(403)
    const before = await stored()
    expect(await upload('/api/kit-test-boxes/open/files', token)).toEqual({ status: 201, body: { kept: 'small.txt' } })
    expect((await stored()).length).toBeGreaterThan(before.length)
  })
})

describe('a project named in the path', () => {
  test('is checked before the body: too low a level is 403, another account’s project 404, at once, nothing stored', async () => {
    const project = await make.project(account)
    const viewer = await make.user(account)
    await make.grantProject(viewer, project, 'VIEW')
    const editor = await make.user(account)
    await make.grantProject(editor, project, 'EDIT')
    const foreign = await make.project(await make.account())
    const before = await stored()

    const low = await largeUpload(`/api/kit-test-projects/${project.id}/files`, await make.signIn(viewer))
    expect(low).toMatchObject({ status: 403, body: { message: 'This needs EDIT access to the project' } })
    expect((await largeUpload(`/api/kit-test-projects/${foreign.id}/files`, token)).status).toBe(404)
    expect(await stored()).toEqual(before)

    expect(await upload(`/api/kit-test-projects/${project.id}/files`, await make.signIn(editor))).toEqual({ status: 201, body: { kept: 'small.txt' } })
  })

  test('a project-scoped upload whose project would come from the form fields is refused at start', async () => {
    const fieldNamed: PluginDefinition = {
      ...guardedPlugin,
      services: [
        {
          path: 'kit-test-field-files',
          methods: ['create'],
          scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: { field: 'projectId' } },
          uploads: { methods: ['create'] },
          service: keeper,
        },
      ],
    }
    const bare = { get: () => undefined, set: () => undefined } as unknown as Application
    await expect(installPlugins(bare, [fieldNamed])).rejects.toThrow(/takes uploads: name the project in its path/)
  })
})
