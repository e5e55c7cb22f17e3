import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import { allSettled, fork } from 'effector'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test, vi } from 'vitest'
import { $session, type Session } from '../session'
import { $grantablePrivileges, type CatalogPrivilege, fetchPrivilegeCatalogFx, privilegeCatalogRequested } from './catalog'
import { usePrivilegeText } from './text'

const CATALOG: CatalogPrivilege[] = [
  { id: 1, name: 'ADMIN-ACCESS', resource: 'ACCOUNT', description: 'Administers the account' },
  { id: 2, name: 'GLOBAL_ADMIN-ACCESS', resource: 'GLOBAL_ADMIN', description: 'Administers the platform' },
  { id: 9, name: 'NEWER_PLUGIN', resource: 'PROJECT', description: 'Something a newer plugin declares' },
]

const signedIn = (flags: Partial<MenuFlags>) => {
  const fetch = vi.fn(async () => CATALOG)
  const session = { accountId: 4, flags: { ...Object.fromEntries(MENU_FLAGS.map((flag) => [flag, false])), ...flags } } as unknown as Session
  return { fetch, scope: fork({ values: [[$session, session]], handlers: [[fetchPrivilegeCatalogFx, fetch]] }) }
}

test('the catalogue is read once however many screens ask for it, and platform privileges are for global admins only', async () => {
  const admin = signedIn({ canManageUsers: true })
  await Promise.all([allSettled(privilegeCatalogRequested, { scope: admin.scope }), allSettled(privilegeCatalogRequested, { scope: admin.scope })])
  await allSettled(privilegeCatalogRequested, { scope: admin.scope })
  expect(admin.fetch).toHaveBeenCalledTimes(1)
  expect(admin.scope.getState($grantablePrivileges).map((p) => p.name)).toEqual(['ADMIN-ACCESS', 'NEWER_PLUGIN'])
  const global = signedIn({ canManageUsers: true, canManageAccounts: true })
  await allSettled(privilegeCatalogRequested, { scope: global.scope })
  expect(global.scope.getState($grantablePrivileges).map((p) => p.name)).toContain('GLOBAL_ADMIN-ACCESS')
})

test("privileges, resources and actions in words; a newer plugin's privilege by the API's description", () => {
  const Words = () => {
    const text = usePrivilegeText()
    return <>{[text.privilege(CATALOG[0]!), text.privilege(CATALOG[2]!), text.resource('GLOBAL_ADMIN'), text.action('ADMINISTER')].join(' | ')}</>
  }
  expect(renderToStaticMarkup(<Words />)).toBe('Administers the account | Something a newer plugin declares | Platform | Administer')
})
