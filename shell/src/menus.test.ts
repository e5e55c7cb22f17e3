import type { EnabledModule, Session } from '@app/module-kit'
import { expect, test } from 'vitest'
import { menuEntries, searchable, visibleTiles } from './menus'
import { ownerOf } from './remotes'

const label = (en: string) => ({ 'en-GB': en, 'fi-FI': en, 'no-NO': en, 'pl-PL': en, 'se-SE': en })
const module = (id: string, routes: string[], extra: Partial<EnabledModule> = {}): EnabledModule => ({
  id,
  module: id,
  remote: id,
  entry: `/remotes/${id}/remoteEntry.js`,
  version: '1',
  menu: [],
  routes,
  tiles: [],
  ...extra,
})

const flags = { canManageSettings: true, canManageAccounts: false } as Session['flags']

const core = module('core', ['/help', '/profile'], {
  menu: [
    { id: 'help', label: label('Help'), path: '/help', area: 'main' },
    { id: 'settings', label: label('Settings'), path: '/admin', area: 'configuration', flag: 'canManageSettings' },
    { id: 'globalAdmin', label: label('Global admin'), path: '/global-admin', area: 'configuration', flag: 'canManageAccounts' },
  ],
  tiles: [
    { id: 'help', label: label('Help'), path: '/help' },
    { id: 'accounts', label: label('Accounts'), path: '/global-admin', flag: 'canManageAccounts' },
  ],
})

test('menu entries show by area and only where the flag allows', () => {
  expect(menuEntries([core], flags, 'main').map((e) => e.id)).toEqual(['help'])
  expect(menuEntries([core], flags, 'configuration').map((e) => e.id)).toEqual(['settings'])
  expect(menuEntries([core], { ...flags, canManageAccounts: true }, 'configuration').map((e) => e.id)).toEqual(['settings', 'globalAdmin'])
})

test('tiles follow the flags too', () => {
  expect(visibleTiles([core], flags).map((t) => t.id)).toEqual(['help'])
})

test('the remote that owns a path is the one with the longest matching prefix', () => {
  const projects = module('project', ['/project', '/projects'])
  const documents = module('document', ['/project/:id/documents'])
  expect(ownerOf([core, projects], '/profile/settings')?.id).toBe('core')
  expect(ownerOf([core, projects], '/projects')?.id).toBe('project')
  expect(ownerOf([core, projects], '/profiles')).toBeNull()
  expect(ownerOf([core, projects, documents], '/project/4/documents/9')?.id).toBe('document')
  expect(ownerOf([core, projects, documents], '/project/4/dashboard')?.id).toBe('project')
  expect(ownerOf([core, projects, documents], '/nothing')).toBeNull()
})

test('the nav search acts only on more than 2 characters', () => {
  expect(searchable('ab')).toBe(false)
  expect(searchable('  ab  ')).toBe(false)
  expect(searchable('abc')).toBe(true)
})
