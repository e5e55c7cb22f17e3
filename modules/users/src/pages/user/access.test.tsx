import { $enabledModules, $session, type EnabledModule, type Session, fetchPrivilegeCatalogFx, registerLocales } from '@app/module-kit'
import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, expect, test, vi } from 'vitest'
import type { UserGrant } from '../../grants'
import { locales } from '../../locales'
import { AccessTab } from './access'
import { accessGrants } from './access.model'

beforeAll(() => registerLocales('users', locales))

const GRANTS: UserGrant[] = [
  { id: 1, name: null, resource: 'COMPANY', resourceId: 3, resourceName: 'Nordic Steel Oy', action: 'VIEW' },
  { id: 2, name: null, resource: 'ACCOUNT', resourceId: null, resourceName: null, action: 'ADMINISTER' },
]

const PROJECTS_REMOTE = { id: 'projects', module: 'project', remote: 'projects', entry: '', version: '1', menu: [], routes: [], tiles: [] } as unknown as EnabledModule

const openTab = async (flags: Partial<MenuFlags>, modules: EnabledModule[] = []) => {
  const grants = vi.fn(async () => GRANTS)
  const session = { accountId: 5, flags: { ...Object.fromEntries(MENU_FLAGS.map((flag) => [flag, false])), ...flags } } as unknown as Session
  const scope = fork({
    values: [
      [$session, session],
      [$enabledModules, modules],
    ],
    handlers: [
      [fetchPrivilegeCatalogFx, async () => [{ id: 3, name: 'COMPANY_CREATE', resource: 'COMPANY', description: 'Creates companies' }]],
      [accessGrants.fetchGrantsFx, grants],
    ],
  })
  await allSettled(accessGrants.opened, { scope, params: 9 })
  const html = renderToStaticMarkup(
    <Provider value={scope}>
      <AccessTab userId={9} />
    </Provider>,
  )
  return { html, grants }
}

test("the access tab lists the user's own grants, with each one's company by name, and offers changes to user managers", async () => {
  const { html, grants } = await openTab({ canManageUsers: true, canManageSettings: true })
  expect(grants).toHaveBeenCalledWith(9)
  expect(html).toContain('<th scope="row">Access: Company</th><td><span class="kit-cell-label" aria-hidden="true">Applies to</span>Nordic Steel Oy</td>')
  expect(html).toContain('<th scope="row">Access: Account</th><td><span class="kit-cell-label" aria-hidden="true">Applies to</span>Whole account</td>')
  expect(html).toContain('aria-label="Remove Access: Company, Nordic Steel Oy"')
  expect(html).toContain('<option value="COMPANY_CREATE">Creates companies</option>')
  expect(html).toContain('<option value="ACCOUNT">Access to the whole account</option>')
  // No project can be named while the account has no projects module.
  expect(html).not.toContain('<option value="PROJECT"')
})

test('with the projects module, a level on one project is offered too', async () => {
  const { html } = await openTab({ canManageUsers: true, canManageSettings: true, canSeeProjects: true }, [PROJECTS_REMOTE])
  expect(html).toContain('<option value="PROJECT">A level on one project</option>')
})

test('a company manager reads the grants of their company\'s user but is offered no change the API would refuse', async () => {
  const { html } = await openTab({ canManageCompanyUsers: true })
  expect(html).toContain('<th scope="row">Access: Company</th><td><span class="kit-cell-label" aria-hidden="true">Applies to</span>Nordic Steel Oy</td><td><span class="kit-cell-label" aria-hidden="true">Action</span>View</td>')
  expect(html).not.toContain('<select')
  expect(html).not.toContain('Add a privilege')
})
