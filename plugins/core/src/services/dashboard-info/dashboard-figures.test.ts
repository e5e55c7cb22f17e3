/**
 * GET /api/dashboard/info with figures that are no list's total (like the SQM tile): each
 * contributed figure is asked as the caller, left out when it answers nothing or its
 * module is switched off for the caller's account. A test plugin stands in for the
 * projects module's figure.
 */
import { definePlugin, dashboardFigures } from '@app/plugin-kit'
import { type World, fixtures, startTestServer, type TestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'

const asked: (number | undefined)[] = []
let world: World
const figurePlugin = definePlugin({
  id: 'test-figures',
  module: 'project',
  version: '0.0.0',
  migrations: [],
  services: [],
  permissions: [],
  configure(app) {
    app.get('extensions').contribute(dashboardFigures, {
      tile: 'testFigure',
      module: 'project',
      async value(_app, params) {
        asked.push(params.user?.id)
        // The ordinary user sees no projects with an area: nothing to show.
        return params.user?.id === world.people.user.id ? undefined : 1250.5
      },
    })
  },
})

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({}, { extraPlugins: [figurePlugin] })
  world = await fixtures(server).world()
})
afterAll(() => server?.close())

test('a figure is asked as the caller and shown, unless it answers nothing', async () => {
  const admin = await world.as('accountAdmin', 'GET', '/api/dashboard/info')
  expect(admin.status).toBe(200)
  expect(admin.body.testFigure).toBe(1250.5)
  expect(asked.at(-1)).toBe(world.people.accountAdmin.id)
  const user = await world.as('user', 'GET', '/api/dashboard/info')
  expect(user.status).toBe(200)
  expect('testFigure' in user.body).toBe(false)
})

test('a figure of a module switched off for the account is neither asked nor shown', async () => {
  const switchProject = (enabled: boolean) =>
    world.as('globalAdmin', 'PUT', `/api/accounts/${world.a.id}/modules`, { modules: [{ id: 'project', enabled }] })
  expect((await switchProject(false)).status).toBe(200)
  try {
    const before = asked.length
    const answer = await world.as('accountAdmin', 'GET', '/api/dashboard/info')
    expect(answer.status).toBe(200)
    expect('testFigure' in answer.body).toBe(false)
    expect(asked.length).toBe(before)
  } finally {
    expect((await switchProject(true)).status).toBe(200)
  }
  expect((await world.as('otherAccount', 'GET', '/api/dashboard/info')).body.testFigure).toBe(1250.5)
})
