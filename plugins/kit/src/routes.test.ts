/** Which service answers a URL follows from the paths alone, never from their order. */
import { describe, expect, test } from 'vitest'
import { SpecificRouter, routeConflicts } from './routes'

const service = (path: string, methods: ('find' | 'get' | 'create' | 'update' | 'remove')[] = ['find']) => ({ path, methods })

describe('route conflicts', () => {
  test('two declared placeholders in the same place conflict', () => {
    expect(routeConflicts([service('users/:accountId'), service('users/:userId')])).toEqual([
      '/users/:accountId (users/:accountId) and /users/:userId (users/:userId) match the same URLs',
    ])
  })

  test('a declared placeholder conflicts with the id route of a service that has id methods', () => {
    expect(routeConflicts([service('users', ['find', 'get']), service('users/:accountId')])).toHaveLength(1)
  })

  test('the id route of a service without id methods is no conflict', () => {
    expect(routeConflicts([service('users', ['find', 'create']), service('users/:accountId')])).toEqual([])
  })

  test('placeholders in other places, or other static segments, are no conflict', () => {
    expect(routeConflicts([service('users/:userId/privileges'), service('users/:accountId', ['update']), service('users/export/privileges')])).toEqual([])
    expect(routeConflicts([service('a/:x/b'), service('a/:y/c')])).toEqual([])
  })

  test('one service is never in conflict with itself', () => {
    expect(routeConflicts([service('users/:userId', ['find', 'get'])])).toEqual([])
  })
})

describe('the router', () => {
  /** Inserts the routes as Feathers does (each path and its `/:__id`) in the given order. */
  const routerOf = (paths: string[]) => {
    const router = new SpecificRouter<string>()
    for (const path of paths) {
      router.insert(path, path)
      router.insert(`${path}/:__id`, path)
    }
    return router
  }
  const ROUTES = ['users', 'users/:accountId', 'users/:accountId/toggle/:userId', 'users/:userId/privileges', 'users/export']
  const orders = [ROUTES, [...ROUTES].reverse(), [ROUTES[2]!, ROUTES[0]!, ROUTES[4]!, ROUTES[1]!, ROUTES[3]!]]

  test.each(orders)('answers with the most specific route whatever the order (%#)', (...order) => {
    const router = routerOf(order)
    expect(router.lookup('/users')).toEqual({ params: {}, data: 'users' })
    expect(router.lookup('/users/7')).toEqual({ params: { accountId: '7' }, data: 'users/:accountId' })
    expect(router.lookup('/users/7/privileges')).toEqual({ params: { userId: '7' }, data: 'users/:userId/privileges' })
    expect(router.lookup('/users/7/toggle/9')).toEqual({ params: { accountId: '7', userId: '9' }, data: 'users/:accountId/toggle/:userId' })
    expect(router.lookup('/users/export')).toEqual({ params: {}, data: 'users/export' })
    expect(router.lookup('/users/7/8')).toEqual({ params: { accountId: '7', __id: '8' }, data: 'users/:accountId' })
    expect(router.lookup('/users/7/8/9/10')).toBeNull()
    expect(router.lookup('/nothing')).toBeNull()
  })

  test('refuses a path twice and forgets a removed one', () => {
    const router = routerOf(['users'])
    expect(() => router.insert('users', 'again')).toThrow(/already exists/)
    router.remove('users/:__id')
    expect(router.lookup('/users/7')).toBeNull()
    expect(router.lookup('/users')).toEqual({ params: {}, data: 'users' })
  })
})
