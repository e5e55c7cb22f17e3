import { $enabledModules, $locale, $session, type EnabledModule, type Locale, type Session, type TileEntry } from '@app/module-kit'
import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import { type Store, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { registerShellLocales } from '../locales'
import { HomePage } from './HomePage'
import { $dashboardFailed, $dashboardInfo, type DashboardInfo, fetchDashboardInfoFx } from './home/model'

const label = (text: string) => ({ 'en-GB': text, 'fi-FI': text, 'no-NO': text, 'pl-PL': text, 'se-SE': text })
const tile = (id: string, text: string, flag?: TileEntry['flag']): TileEntry => ({ id, label: label(text), path: `/${id}`, ...(flag ? { flag } : {}) })
const remote = (id: string, tiles: TileEntry[]): EnabledModule => ({ id, module: 'core', remote: id, entry: '', version: '1', menu: [], routes: [], tiles })
const MODULES = [remote('core', [tile('profile', 'Profile'), tile('help', 'Help')]), remote('users', [tile('users', 'Users', 'canManageCompanyUsers')]), remote('companies', [tile('companies', 'Companies', 'canSeeCompany')])]
const flags = (...held: string[]) => Object.fromEntries(MENU_FLAGS.map((f) => [f, held.includes(f)])) as MenuFlags
const session = (held: MenuFlags): Session => ({
  user: { id: 1, firstName: 'Aino', lastName: 'Admin', acronym: 'AAD', language: 'ENGLISH' },
  accountId: 1,
  accountName: 'Demo',
  hasTwoFactor: false,
  flags: held,
})

const draw = (held: MenuFlags, state: { info?: DashboardInfo | null; failed?: boolean; loading?: boolean; locale?: Locale }) => {
  const values: [Store<unknown>, unknown][] = [
    [$enabledModules, MODULES],
    [$session, session(held)],
    [$dashboardInfo, state.info ?? null],
    [$dashboardFailed, state.failed ?? false],
    [$locale, state.locale ?? 'en-GB'],
  ]
  const scope = fork({ values: values as never, handlers: [[fetchDashboardInfoFx, () => new Promise(() => {})]] })
  return renderToStaticMarkup(
    <Provider value={scope}>
      <HomePage />
    </Provider>,
  )
}

beforeAll(() => registerShellLocales())

describe('<HomePage />', () => {
  test('an administrator sees Companies, Users and Storage with their figures, then the shortcuts', () => {
    const html = draw(flags('canSeeCompany', 'canManageCompanyUsers', 'canManageSettings'), { info: { companyCount: 1234, userCount: 12, storage: 600 * 1024 * 1024 } })
    expect(html).toContain('<h1 class="kit-page-title">Welcome, Aino</h1>')
    expect(html).toContain('<a class="kit-tile" href="/companies"><span>Companies</span><span class="kit-tile-figure">1,234</span></a>')
    expect(html).toContain('<a class="kit-tile" href="/users"><span>Users</span><span class="kit-tile-figure">12</span></a>')
    expect(html).toContain('<div class="kit-tile"><span>Storage</span><span class="kit-tile-figure">0.6\u00a0GB</span></div>')
    const order = ['Companies', 'Users', 'Storage', 'Profile', 'Help'].map((text) => html.indexOf(`>${text}<`))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(html).not.toContain('role="alert"')
  })

  test('Projects comes first and SQM after Storage, in the spec’s order', () => {
    const modules = [...MODULES, remote('projects', [tile('projects', 'Projects')])]
    const scope = fork({
      values: [
        [$enabledModules, modules],
        [$session, session(flags('canSeeCompany', 'canManageCompanyUsers', 'canManageSettings'))],
        [$dashboardInfo, { projectCount: 5000, companyCount: 3, userCount: 2, storage: 0, squareMeters: 12_500.4 }],
        [$locale, 'en-GB'],
      ] as never,
      handlers: [[fetchDashboardInfoFx, () => new Promise(() => {})]],
    })
    const html = renderToStaticMarkup(
      <Provider value={scope}>
        <HomePage />
      </Provider>,
    )
    expect(html).toContain('<a class="kit-tile" href="/projects"><span>Projects</span><span class="kit-tile-figure">5,000</span></a>')
    expect(html).toContain('<div class="kit-tile"><span>SQM</span><span class="kit-tile-figure">12,500\u00a0m²</span></div>')
    const order = ['Projects', 'Companies', 'Users', 'Storage', 'SQM', 'Profile'].map((text) => html.indexOf(`>${text}<`))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  test('figures are written as the chosen language writes numbers', () => {
    const html = draw(flags('canSeeCompany', 'canManageSettings'), { info: { companyCount: 12_345, storage: 600 * 1024 * 1024 }, locale: 'fi-FI' })
    expect(html).toContain('<span class="kit-tile-figure">12\u00a0345</span>')
    expect(html).toContain('<span class="kit-tile-figure">0,6\u00a0GB</span>')
  })

  test('an ordinary user gets no count tiles', () => {
    const html = draw(flags(), { info: {} })
    expect(html).not.toContain('Companies')
    expect(html).not.toContain('Storage')
    expect(html).not.toContain('kit-tile-figure')
    expect(html).toContain('>Profile<')
  })

  test('while the counts load the tiles show without figures; a failure says so with Retry', () => {
    const loading = draw(flags('canSeeCompany'), { info: null })
    expect(loading).toContain('<a class="kit-tile" href="/companies"><span>Companies</span></a>')
    const failed = draw(flags('canSeeCompany'), { info: null, failed: true })
    expect(failed).toMatch(/role="alert".*<p>The counts could not be loaded\.<\/p>.*<button type="button" class="kit-button kit-button-sm">Retry<\/button>/)
    expect(failed).toContain('>Companies<')
  })
})
