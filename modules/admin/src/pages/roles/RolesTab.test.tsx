import { $session, type Session, type UserGrant, fetchPrivilegeCatalogFx, registerLocales } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { type Role, fetchAccountUsersFx, fetchRoleGrantsFx, fetchRolesFx } from '../../api'
import { locales } from '../../locales'
import { roleSelected, rolesOpened } from './model'
import { RolesTab } from './RolesTab'
import { userChosen, userGrants } from './user-privileges.model'

const ROLES: Role[] = [
  { id: 1, name: 'Administrators', securityGroup: 'ADMIN', builtIn: true },
  { id: 3, name: 'Surveyors', securityGroup: 'USER', builtIn: false },
]
const ULLA = { id: 7, username: 'user@demo.test', firstName: 'Ulla', lastName: 'User', acronym: 'UUS' }
const GRANTS: UserGrant[] = [
  { id: 31, name: null, resource: 'COMPANY', resourceId: 12, resourceName: 'Nordic Steel Oy', action: 'VIEW' },
  { id: 32, name: 'COMPANY_CREATE', resource: 'COMPANY', resourceId: null, resourceName: null, action: 'EDIT' },
]

const render = async (steps: (scope: ReturnType<typeof fork>) => Promise<void> = async () => undefined, grants = GRANTS) => {
  const scope = fork({
    values: [[$session, { accountId: 4, flags: { canManageSettings: true, canManageUsers: true } } as unknown as Session]],
    handlers: [
      [fetchRolesFx, async () => ({ total: 2, limit: 500, skip: 0, data: ROLES })],
      [
        fetchPrivilegeCatalogFx,
        async () => [
          { id: 2, name: 'GLOBAL_ADMIN-ACCESS', resource: 'GLOBAL_ADMIN', description: 'Administers the platform' },
          { id: 3, name: 'COMPANY_CREATE', resource: 'COMPANY', description: 'Creates companies' },
        ],
      ],
      [fetchRoleGrantsFx, async () => ({ total: 0, limit: 500, skip: 0, data: [] })],
      [fetchAccountUsersFx, async () => ({ total: 1, limit: 10, skip: 0, data: [ULLA] })],
      [userGrants.fetchGrantsFx, async () => grants],
    ],
  })
  await allSettled(rolesOpened, { scope, params: 4 })
  await steps(scope)
  return renderToStaticMarkup(
    <Provider value={scope}>
      <RolesTab accountId={4} />
    </Provider>,
  )
}

beforeAll(() => registerLocales('admin', locales))

describe('<RolesTab />', () => {
  test('a built-in role is marked and offers only its privileges; a custom one is edited and removed by name', async () => {
    const html = await render()
    expect(html).toMatch(/<th scope="row">Administrators<span class="roles-badge">Built-in<\/span><\/th>/)
    expect(html).not.toContain('aria-label="Remove the role Administrators"')
    expect(html).toContain('aria-label="Edit the role Surveyors"')
    expect(html).toContain('aria-label="Remove the role Surveyors"')
    expect(html).toContain('Choose a user to see and change their privileges')
    expect(html).toContain('aria-label="Choose Ulla User"')
  })

  test("a role's switches name each privilege in words; an account admin is not offered the platform's", async () => {
    const html = await render((scope) => allSettled(roleSelected, { scope, params: 3 }))
    expect(html).toContain('Privileges of Surveyors')
    expect(html).toMatch(/Creates companies <small>\(COMPANY_CREATE\)<\/small>/)
    expect(html).not.toContain('GLOBAL_ADMIN-ACCESS')
  })

  test("a user's grants: what, on what, the action to change, and a named remove button; nothing to add until it is complete", async () => {
    const html = await render((scope) => allSettled(userChosen, { scope, params: ULLA }))
    expect(html).toContain('Privileges of Ulla User')
    expect(html).toContain('<th scope="row">Access: Company</th><td>Nordic Steel Oy</td>')
    expect(html).toContain('<th scope="row">Creates companies</th><td>Whole account</td>')
    expect(html).toContain('aria-label="Action of Access: Company, Nordic Steel Oy"')
    expect(html).toContain('aria-label="Remove Creates companies, Whole account"')
    expect(html).toMatch(/<button type="button" class="kit-button kit-button-primary" disabled="">Add privilege<\/button>/)
  })

  test('a user without grants of their own says so; the company kind asks for a company', async () => {
    const html = await render(async (scope) => {
      await allSettled(userChosen, { scope, params: ULLA })
      await allSettled(userGrants.kindChosen, { scope, params: 'COMPANY' })
    }, [])
    expect(html).toContain('No privileges of their own')
    expect(html).toContain('Choose the company in the list below')
    expect(html).toContain('Find a company')
  })
})
