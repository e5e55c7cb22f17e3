import { expect, test } from 'vitest'
import { i18n } from './i18n'
import { defineModule, findRoute, isDefinedModule } from './module'

const Page = () => null
const texts = (title: string) => ({ title })

const module = defineModule({
  id: 'sample',
  routes: [
    { path: '/sample', component: Page },
    { path: '/sample/:id/details', component: Page },
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

test('the route for a pathname is the first whose pattern matches', () => {
  expect(findRoute(module, '/sample/4/details')?.route.path).toBe('/sample/:id/details')
  expect(findRoute(module, '/sample')?.route.path).toBe('/sample')
  expect(findRoute(module, '/sample/4')).toBeNull()
})

test("the module's texts land in its namespace", () => {
  expect(i18n.t('sample:title', { lng: 'pl-PL' })).toBe('Próbka')
})
