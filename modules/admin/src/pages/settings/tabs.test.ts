import { expect, test } from 'vitest'
import { sectionOf, tabPath } from './tabs'

test('each tab has its path; setup names the account', () => {
  expect(tabPath('info', 4)).toBe('/admin')
  expect(tabPath('roles', 4)).toBe('/admin/roles')
  expect(tabPath('setup', 4)).toBe('/admin/4/setup')
})

test('/admin/{segment} is a tab or an account', () => {
  expect(sectionOf(undefined)).toEqual({ tab: 'info' })
  expect(sectionOf('templates')).toEqual({ tab: 'templates' })
  expect(sectionOf('12')).toEqual({ accountId: 12 })
  expect(sectionOf('setup')).toBeNull()
  expect(sectionOf('nothing')).toBeNull()
})
