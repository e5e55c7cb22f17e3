import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { locales } from '../locales'
import { $session, ApiError, type Session, fetchPrivilegeCatalogFx, i18n, registerLocales } from '@app/module-kit'
import type { UserGrant } from './api'
import { GrantEditor } from './GrantEditor'
import { type GrantKind, createGrantEditor } from './model'

beforeAll(() => registerLocales('users', locales))

const editor = createGrantEditor()

const GRANTS: UserGrant[] = [
  { id: 31, name: null, resource: 'COMPANY', resourceId: 12, resourceName: 'Nordic Steel Oy', action: 'VIEW' },
  { id: 32, name: 'COMPANY_CREATE', resource: 'COMPANY', resourceId: null, resourceName: null, action: 'EDIT' },
  { id: 33, name: null, resource: 'ACCOUNT', resourceId: null, resourceName: null, action: 'ADMINISTER' },
  { id: 34, name: null, resource: 'PROJECT', resourceId: 5, resourceName: null, action: 'VIEW' },
]

interface Options {
  grants?: () => Promise<UserGrant[]>
  flags?: Partial<MenuFlags>
  kind?: GrantKind
  caption?: string
}

const render = async ({ grants = async () => GRANTS, flags = { canManageUsers: true }, kind, caption }: Options = {}) => {
  const session = { accountId: 4, flags: { ...Object.fromEntries(MENU_FLAGS.map((flag) => [flag, false])), ...flags } } as unknown as Session
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [
        fetchPrivilegeCatalogFx,
        async () => [
          { id: 2, name: 'GLOBAL_ADMIN-ACCESS', resource: 'GLOBAL_ADMIN', description: 'Administers the platform' },
          { id: 3, name: 'COMPANY_CREATE', resource: 'COMPANY', description: 'Creates companies' },
          { id: 9, name: 'NEWER_PLUGIN', resource: 'PROJECT', description: 'Something a newer plugin declares' },
        ],
      ],
      [editor.fetchGrantsFx, grants],
      [editor.fetchCompaniesFx, async () => ({ total: 1, limit: 10, skip: 0, data: [{ id: 12, name: 'Nordic Steel Oy' }] })],
    ],
  })
  await allSettled(editor.opened, { scope, params: 7 })
  if (kind) await allSettled(editor.kindChosen, { scope, params: kind })
  // The icons and the labels a narrow table stacks its cells with are the kit's; these tests read what the editor puts in.
  return renderToStaticMarkup(
    <Provider value={scope}>
      <GrantEditor editor={editor} caption={caption} />
    </Provider>,
  )
    .replace(/<svg .*?<\/svg>/g, '')
    .replace(/<span class="kit-cell-label" aria-hidden="true">.*?<\/span>/g, '')
}

describe('<GrantEditor />', () => {
  test('each grant: what, on what, the action to change and a named remove button', async () => {
    const html = await render({ caption: 'Privileges of Ulla User' })
    expect(html).toContain('<caption class="kit-visually-hidden">Privileges of Ulla User</caption>')
    expect(html).toContain('<th scope="row">Access: Company</th><td>Nordic Steel Oy</td>')
    expect(html).toContain('<th scope="row">Creates companies</th><td>Whole account</td>')
    expect(html).toContain('<th scope="row">Access: Account</th><td>Whole account</td>')
    expect(html).toContain('<th scope="row">Access: Project</th><td>No longer exists (#5)</td>')
    expect(html).toContain('aria-label="Action of Access: Company, Nordic Steel Oy"')
    expect(html).toMatch(/aria-label="Action of Creates companies, Whole account"><option value="ACCESS">Access<\/option>/)
    // Removing is a quiet icon button on each row (the model asks first).
    expect(html).toContain('<td class="kit-table-actions"><button type="button" aria-label="Remove Creates companies, Whole account"')
    expect(html).toContain('kit-button-ghost kit-button-sm kit-button-icon kit-button-quiet-danger')
  })

  test('the add box offers the grantable catalogue in words (a newer plugin\'s by its description) and nothing to add until it is complete', async () => {
    const html = await render()
    expect(html).toContain('<legend>Add a privilege</legend>')
    expect(html).toMatch(/<option value="GLOBAL" selected="">A named privilege<\/option><option value="COMPANY">Access to one company<\/option><option value="ACCOUNT">Access to the whole account<\/option>/)
    expect(html).toContain('<option value="COMPANY_CREATE">Creates companies</option>')
    expect(html).toContain('<option value="NEWER_PLUGIN">Something a newer plugin declares</option>')
    expect(html).not.toContain('GLOBAL_ADMIN-ACCESS')
    expect(html).toContain('<button disabled="" type="button" class="kit-button kit-button-primary">Add privilege</button>')
  })

  test('the company kind asks for a company found with a search box; the account kind can be added at once', async () => {
    const company = await render({ kind: 'COMPANY' })
    expect(company).toContain('Choose the company in the list below')
    expect(company).toMatch(/<label for="[^"]+">Find a company<\/label>/)
    expect(company).toContain('<button aria-pressed="false" aria-label="Choose the company Nordic Steel Oy" type="button" class="kit-button kit-button-sm">Choose</button>')
    expect(company).not.toContain('Choose a privilege')
    const account = await render({ kind: 'ACCOUNT' })
    expect(account).toContain('<button type="button" class="kit-button kit-button-primary">Add privilege</button>')
  })

  test('no grants of their own, a failed load, and the default caption', async () => {
    const empty = await render({ grants: async () => [] })
    expect(empty).toContain('<p class="kit-empty-text">No privileges of their own</p>')
    expect(empty).not.toContain('<table')
    const failed = await render({ grants: () => Promise.reject(new ApiError('User not found', 404)) })
    expect(failed).toMatch(/<div class="kit-alert kit-alert-error" role="alert">.*<p>The user&#x27;s privileges could not be loaded<\/p>.*>Retry<\/button>/)
    expect(failed).not.toContain('<table')
    expect(await render()).toContain('<caption class="kit-visually-hidden">The user&#x27;s own privileges</caption>')
  })

  test('someone who may not manage users reads the grants only: the action as text, no remove, no add box', async () => {
    const html = await render({ flags: { canManageCompanyUsers: true } })
    expect(html).toContain('<th scope="row">Access: Company</th><td>Nordic Steel Oy</td><td>View</td></tr>')
    expect(html).not.toContain('<select')
    expect(html).not.toContain('Remove')
    expect(html).not.toContain('Add a privilege')
  })

  test('in another language', async () => {
    await i18n.changeLanguage('fi-FI')
    try {
      const html = await render()
      expect(html).toContain('<th scope="row">Luo yrityksiä</th><td>Koko tili</td>')
      expect(html).toContain('<legend>Lisää oikeus</legend>')
    } finally {
      await i18n.changeLanguage('en-GB')
    }
  })
})
