import { describe, expect, test } from 'vitest'
import { i18n } from './i18n'
import { MENU_FLAGS, type MenuFlag, type MenuFlags } from '@app/plugin-kit/shared'
import { defineModule, findRoute, isDefinedModule, routeAllowed } from './module'

const Page = () => null
const texts = (title: string) => ({ title })
const holding = (...held: MenuFlag[]) => Object.fromEntries(MENU_FLAGS.map((flag) => [flag, held.includes(flag)])) as MenuFlags

const module = defineModule({
  id: 'sample',
  routes: [
    { path: '/sample', component: Page },
    { path: '/sample/:id/details', component: Page },
    { path: '/sample/:id/:tab', params: { tab: ['notes', 'files'] }, component: Page },
  ],
  locales: { 'en-GB': texts('Sample'), 'fi-FI': texts('Näyte'), 'no-NO': texts('Prøve'), 'pl-PL': texts('Próbka'), 'se-SE': texts('Prov') },
})

test('only a real definition is accepted', () => {
  expect(isDefinedModule(module)).toBe(true)
  expect(isDefinedModule({ id: 'fake', routes: [], locales: {} })).toBe(false)
  expect(isDefinedModule(null)).toBe(false)
  expect(isDefinedModule({ default: module })).toBe(false)
})

test('each route gets single-spa lifecycles', () => {
  for (const { parcel } of module.parcels) {
    expect(typeof parcel.bootstrap).toBe('function')
    expect(typeof parcel.mount).toBe('function')
    expect(typeof parcel.unmount).toBe('function')
    expect(typeof parcel.update).toBe('function')
  }
})

test('home panels become parcels too; a module without any has none', () => {
  const withPanels = defineModule({ id: 'paneled', routes: [], home: [{ id: 'map', component: Page }], locales: module.locales })
  expect(withPanels.homeParcels.map(({ id }) => id)).toEqual(['map'])
  expect(typeof withPanels.homeParcels[0]?.parcel.mount).toBe('function')
  expect(module.homeParcels).toEqual([])
})

test('the route for a pathname is the first whose pattern matches', () => {
  expect(findRoute(module, '/sample/4/details')?.route.path).toBe('/sample/:id/details')
  expect(findRoute(module, '/sample')?.route.path).toBe('/sample')
  expect(findRoute(module, '/sample/4')).toBeNull()
})

test("a route's fixed-set parameter opens it for those values alone: another (a switched-off module's tab) is not found", () => {
  expect(findRoute(module, '/sample/4/files')?.route.path).toBe('/sample/:id/:tab')
  expect(findRoute(module, '/sample/4/checklists')).toBeNull()
})

test("the module's texts land in its namespace", () => {
  expect(i18n.t('sample:title', { lng: 'pl-PL' })).toBe('Próbka')
})

describe("a module's flag", () => {
  const guarded = defineModule({
    id: 'guarded',
    flag: 'canSeeCompany',
    routes: [
      { path: '/guarded', component: Page },
      { path: '/guarded/add', flag: 'canManageCompany', component: Page },
      { path: '/guarded/open', flag: null, component: Page },
    ],
    locales: { 'en-GB': texts('G'), 'fi-FI': texts('G'), 'no-NO': texts('G'), 'pl-PL': texts('G'), 'se-SE': texts('G') },
  })
  const opens = (path: string, flags: MenuFlags) => routeAllowed(findRoute(guarded, path)!.route, flags)

  test('is what a route without its own needs', () => {
    expect(opens('/guarded', holding('canSeeCompany'))).toBe(true)
    expect(opens('/guarded', holding('canManageCompany'))).toBe(false)
  })

  test("gives way to a route's own flag", () => {
    expect(opens('/guarded/add', holding('canManageCompany'))).toBe(true)
    expect(opens('/guarded/add', holding('canSeeCompany'))).toBe(false)
  })

  test('does not guard a route that declares none (null)', () => {
    expect(opens('/guarded/open', holding())).toBe(true)
  })

  test('is settled in the routes the definition lists', () => {
    expect(guarded.routes.map((route) => route.flag)).toEqual(['canSeeCompany', 'canManageCompany', null])
  })
})

test('a module without a flag leaves its routes open', () => {
  expect(module.routes.every((route) => routeAllowed(route, holding()))).toBe(true)
})
