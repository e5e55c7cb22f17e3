/** The company page drawn from its model: the frame's states, the tabs, and the quiet row actions. */
import { $session, ApiError, registerLocales, type Session } from '@app/module-kit'
import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import type { Company, CompanyUser } from '@app/plugin-companies/shared'
import { allSettled, fork, type Scope } from 'effector'
import { Provider } from 'effector-react'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { fetchCompanyChoicesFx, fetchCompanyFx, fetchCompanyUsersFx, fetchUsersWithAccessFx } from '../../api'
import { locales } from '../../locales'
import { companyOpened, fetchLogoFx } from './model'
import { CompanyPage } from './page'
import { AccessTab, UsersTab } from './users'
import { accessList, usersList } from './users.model'

const NORDIC = { id: 3, name: 'Nordic Steel Oy', number: 'NS-1', skymapEnabled: false, logoId: null } as Company
const ULLA: CompanyUser = { userId: 5, username: 'user@demo.test', firstName: 'Ulla', lastName: 'User', acronym: 'UUS', enabled: true, anonymous: false }

const sessionWith = (granted: Partial<MenuFlags>): Session => ({
  user: { id: 1, firstName: 'Anna', lastName: 'Admin', acronym: 'AAD', language: 'ENGLISH' },
  accountId: 1,
  accountName: 'Demo',
  hasTwoFactor: false,
  flags: { ...(Object.fromEntries(MENU_FLAGS.map((flag) => [flag, false])) as MenuFlags), ...granted },
})

const draw = (scope: Scope, page: ReactElement) => renderToStaticMarkup(<Provider value={scope}>{page}</Provider>)
const companyPage = (scope: Scope, tab?: string) => draw(scope, <CompanyPage params={{ clientId: '3', ...(tab ? { tab } : {}) }} query={new URLSearchParams()} />)

const opened = async (get: () => Promise<Company>, flags: Partial<MenuFlags> = {}) => {
  const scope = fork({
    values: [[$session, sessionWith(flags)]],
    handlers: [
      [fetchCompanyFx, get],
      [fetchCompanyChoicesFx, async () => ({ total: 0, limit: 500, skip: 0, data: [] })],
      [fetchLogoFx, async () => 'blob:logo'],
    ],
  })
  await allSettled(companyOpened, { scope, params: 3 })
  return scope
}

beforeAll(() => registerLocales('companies', locales))

describe('<CompanyPage />', () => {
  test('a loaded company: its "number - name" heading, the tabs the flags allow, and Delete for company managers', async () => {
    const html = companyPage(await opened(async () => NORDIC, { canManageCompany: true, canManageCompanyUsers: true }))
    expect(html).toContain('<h1 class="kit-page-title">NS-1 - Nordic Steel Oy</h1>')
    expect(html.match(/role="tab"/g)).toHaveLength(4)
    expect(html).toMatch(/aria-selected="true"[^>]*>Details</)
    expect(html).toMatch(/class="kit-button kit-button-danger"[^>]*>.*Delete<\/button>/)
    const plain = companyPage(await opened(async () => NORDIC))
    expect(plain.match(/role="tab"/g)).toHaveLength(1)
    expect(plain).not.toContain('kit-button-danger')
  })

  test('a failed load shows the error with Retry and no form; a missing company a way back to the list', async () => {
    const failed = companyPage(await opened(() => Promise.reject(new ApiError('Bad Gateway', 502))))
    expect(failed).toContain('The company could not be loaded')
    expect(failed).toMatch(/<button[^>]*>Retry<\/button>/)
    expect(failed).not.toContain('<form')
    const missing = companyPage(await opened(() => Promise.reject(new ApiError('Not Found', 404))))
    expect(missing).toContain('<h1 class="kit-page-title">Company not found</h1>')
    expect(missing).toMatch(/href="\/companies"[^>]*>.*Back to companies<\/a>/)
  })
})

describe('<UsersTab />', () => {
  const usersTab = async (fetch: () => Promise<unknown>) => {
    const scope = fork({ handlers: [[fetchCompanyUsersFx, fetch]] })
    await allSettled(usersList.opened, { scope, params: 3 })
    return draw(scope, <UsersTab companyId={3} />)
  }

  test('each row has a quiet Remove that names the user, not a solid button', async () => {
    const html = await usersTab(async () => ({ total: 1, limit: 50, skip: 0, data: [ULLA] }))
    expect(html).toContain('<th scope="row">user@demo.test</th>')
    expect(html).toMatch(/<td class="kit-table-actions"><button(?=[^>]*kit-button-quiet-danger)(?=[^>]*aria-label="Remove user@demo.test from the company")/)
    expect(html).not.toContain('kit-button-danger')
  })

  test('a failed load says so with Retry instead of a list', async () => {
    const html = await usersTab(() => Promise.reject(new ApiError('Bad Gateway', 502)))
    expect(html).toContain('The users could not be loaded')
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/)
    expect(html).not.toContain('<table')
  })
})

describe('<AccessTab />', () => {
  test('the same table names each user as a link to their access page, with their level and no Remove', async () => {
    const scope = fork({ handlers: [[fetchUsersWithAccessFx, async () => ({ total: 1, limit: 50, skip: 0, data: [{ ...ULLA, action: 'ADMINISTER' }] })]] })
    await allSettled(accessList.opened, { scope, params: 3 })
    const html = draw(scope, <AccessTab companyId={3} />)
    expect(html).toContain('Users with access, 1 in all')
    expect(html).toMatch(/<th scope="row"><a[^>]*href="\/companies\/3\/useraccess\/5"[^>]*>user@demo.test<\/a><\/th>/)
    // The kit's table: each cell carries its column's name for the stacked rows of a phone.
    expect(html).toMatch(/<td><span class="kit-cell-label" aria-hidden="true">First name<\/span>Ulla<\/td><td><span[^>]*>Last name<\/span>User<\/td>/)
    expect(html).toContain('Administer')
    expect(html).not.toContain('Remove')
  })
})
