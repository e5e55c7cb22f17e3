/**
 * Which service answers a URL follows from the paths, not from the order plugins or their
 * services are listed in: the installed plugins, and the same plugins with the list and
 * each plugin's services reversed, send every registered path to the same service.
 */
import { type Method, type PluginDefinition, serviceAt } from '@app/plugin-kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { plugins } from './plugins'
import { type TestServer, startTestServer } from './testing'

const WITH_ID: Method[] = ['get', 'update', 'patch', 'remove']
/** A URL of the path with `7` for each placeholder (and as the id of id methods). */
const urlOf = (path: string, method: Method) => `${path.replace(/:\w+/g, '7')}${WITH_ID.includes(method) ? '/7' : ''}`

/** The registered path whose service the router picks for `url`. */
const answering = (server: TestServer, url: string) => {
  const found = server.app.lookup(url)
  return server.app.get('registry').find((r) => found && serviceAt(server.app, r.path) === found.service)?.path
}

describe('route resolution', () => {
  let installed: TestServer
  let reversed: TestServer
  beforeAll(async () => {
    installed = await startTestServer()
    // core first still: its configure registers the authentication service others rely on.
    const [core, ...rest] = plugins
    const backwards: PluginDefinition[] = [core!, ...rest.reverse()].map((p) => ({ ...p, services: [...p.services].reverse() }))
    reversed = await startTestServer({}, { plugins: backwards })
  })
  afterAll(async () => {
    await installed?.close()
    await reversed?.close()
  })

  test('every path and method reaches its own service, in either order', () => {
    const registry = installed.app.get('registry')
    expect(registry.length).toBeGreaterThan(40)
    for (const entry of registry)
      for (const method of entry.methods) {
        const url = urlOf(entry.path, method)
        expect(answering(installed, url), `${method} ${url}`).toBe(entry.path)
        expect(answering(reversed, url), `${method} ${url}, services in reverse`).toBe(entry.path)
      }
  })
})
