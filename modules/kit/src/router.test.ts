import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { $location, locationChanged, matchPath, prefixParams, underPrefix, withQueryParams } from './router'

describe('matchPath', () => {
  test('matches literal segments and collects params', () => {
    expect(matchPath('/users/:id/details', '/users/12/details')).toEqual({ id: '12' })
    expect(matchPath('/help', '/help')).toEqual({})
    expect(matchPath('/help', '/help/')).toEqual({})
  })

  test('refuses other segments and other lengths (no prefix matching)', () => {
    expect(matchPath('/users/:id/details', '/users/12/access')).toBeNull()
    expect(matchPath('/users/:id', '/users/12/details')).toBeNull()
    expect(matchPath('/profile', '/')).toBeNull()
  })

  test('decodes params', () => {
    expect(matchPath('/files/:name', '/files/a%20b.pdf')).toEqual({ name: 'a b.pdf' })
  })
})

test('a prefix owns its own path and the paths below it only', () => {
  expect(underPrefix('/profile', '/profile')).toBe(true)
  expect(underPrefix('/profile', '/profile/settings')).toBe(true)
  expect(underPrefix('/profile', '/profiles')).toBe(false)
  expect(underPrefix('/project/:id/documents', '/project/4/documents/9/files')).toBe(true)
  expect(underPrefix('/project/:id/documents', '/project/4/dashboard')).toBe(false)
})

test("a prefix's parameters come from the path below it (a side panel's project), raw, and none from a path elsewhere", () => {
  expect(prefixParams('/project/:projectId', '/project/7/documents/9/files')).toEqual({ projectId: '7' })
  expect(prefixParams('/project/:projectId', '/project/7')).toEqual({ projectId: '7' })
  // A malformed escape stays as it came: routing must not throw on it.
  expect(prefixParams('/project/:projectId', '/project/%E0%A4%A/documents')).toEqual({ projectId: '%E0%A4%A' })
  expect(prefixParams('/project/:projectId', '/projects')).toBeNull()
  expect(prefixParams('/project/:projectId', '/project')).toBeNull()
})

test('query params are set, replaced and removed', () => {
  expect(withQueryParams('?q=abc&view=1', { view: null, mapPlacement: 'left' })).toBe('?q=abc&mapPlacement=left')
  expect(withQueryParams('?view=1', { view: null })).toBe('')
})

test('the location store follows the browser', async () => {
  const scope = fork()
  await allSettled(locationChanged, { scope, params: { pathname: '/help', search: '?a=1' } })
  expect(scope.getState($location)).toEqual({ pathname: '/help', search: '?a=1' })
})
