import { $session, type Session, fetchPrivilegeCatalogFx, registerLocales } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { type Role, fetchAccountUsersFx, fetchRoleGrantsFx, fetchRolesFx } from '../../api'
import { locales } from '../../locales'
import { roleSelected, rolesOpened, rolesRetried } from './model'
import { RolesTab } from './RolesTab'

const ROLES: Role[] = [
  { id: 1, name: 'Administrators', securityGroup: 'ADMIN', builtIn: true },
  { id: 3, name: 'Surveyors', securityGroup: 'USER', builtIn: false },
]
const ULLA = { id: 7, username: 'user@demo.test', firstName: 'Ulla', lastName: 'User', acronym: 'UUS' }

const render = async (steps: (scope: ReturnType<typeof fork>) => Promise<void> = async () => undefined) => {
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
  test('roles that could not be loaded again are replaced by the failure and Retry, which asks only for the list', async () => {
    let fail = false
    let loads = 0
    const scope = fork({
      values: [[$session, { accountId: 4, flags: { canManageSettings: true } } as unknown as Session]],
      handlers: [
        [
          fetchRolesFx,
          async () => {
            loads += 1
            if (fail) throw new Error('Your session has ended')
            return { total: 2, limit: 500, skip: 0, data: ROLES }
          },
        ],
        [fetchPrivilegeCatalogFx, async () => []],
      ],
    })
    // The roles section alone (the privileges per user below it have their own list).
    const draw = () =>
      /<section class="kit-card"[\s\S]*?<\/section>/.exec(
        renderToStaticMarkup(
          <Provider value={scope}>
            <RolesTab accountId={4} />
          </Provider>,
        ),
      )?.[0] ?? ''
    await allSettled(rolesOpened, { scope, params: 4 })
    fail = true
    await allSettled(rolesRetried, { scope })
    const failed = draw()
    expect(failed).not.toContain('Surveyors')
    expect(failed).toMatch(/role="alert"[\s\S]*<p>The list could not be loaded<\/p>[\s\S]*<button [^>]*>Retry<\/button>/)
    fail = false
    await allSettled(rolesRetried, { scope })
    expect(loads).toBe(3)
    expect(draw()).toContain('Surveyors')
    expect(draw()).not.toContain('Retry')
  })

  test('a built-in role is marked and offers only its privileges; a custom one is edited and removed by name', async () => {
    const html = await render()
    expect(html).toMatch(/<th scope="row"><span class="kit-row">Administrators<span class="kit-badge">Built-in<\/span><\/span><\/th>/)
    expect(html).not.toContain('aria-label="Remove the role Administrators"')
    expect(html).toContain('aria-label="Edit the role Surveyors"')
    // Removing is the quiet delete action, which asks before anything goes.
    expect(html).toMatch(/<button type="button" aria-label="Remove the role Surveyors" title="Remove the role Surveyors" class="kit-button kit-button-ghost kit-button-sm kit-button-icon kit-button-quiet-danger">/)
    // The actions are the table's actions column: at the foot of each row's card on a phone.
    expect(html).toMatch(/<td class="kit-table-actions"><span class="kit-row"><button[^>]*aria-label="Privileges of Surveyors"/)
    expect(html).toContain('<th scope="row"><a aria-label="Edit the privileges of Ulla User" class="kit-link" href="/users/7/access">Ulla User</a></th>')
  })

  test("a role's switches name each privilege in words; an account admin is not offered the platform's", async () => {
    const html = await render((scope) => allSettled(roleSelected, { scope, params: 3 }))
    expect(html).toContain('Privileges of Surveyors')
    expect(html).toMatch(/Creates companies<span class="kit-field-hint"> – COMPANY_CREATE<\/span>/)
    expect(html).not.toContain('GLOBAL_ADMIN-ACCESS')
  })
})
