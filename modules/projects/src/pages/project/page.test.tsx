/** The project frame drawn from its model: the heading and crumb, the tabs by level, the folded bar, and its failure states. */
import { $session, ApiError, registerLocales, type Session } from '@app/module-kit'
import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import type { Project } from '@app/plugin-projects/shared'
import { allSettled, fork, type Scope } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { fetchProjectFx } from '../../api'
import { locales } from '../../locales'
import { collapseToggled, projectOpened, readCollapsedFx, writeCollapsedFx } from './model'
import { ProjectPage, tabOf } from './page'

const level = (administer: boolean, edit = true) =>
  ({ level: administer ? 'ADMINISTER' : edit ? 'EDIT' : 'VIEW', view: true, download: edit, edit, administer }) as Project['accessLevel']
const CRANE = { id: 7, name: 'Harbour crane', symbol: 'HC-1', accessLevel: level(true), shouldNotifyBilling: false } as Project

const session: Session = {
  user: { id: 1, firstName: 'Anna', lastName: 'Admin', acronym: 'AAD', language: 'ENGLISH' },
  accountId: 1,
  accountName: 'Demo',
  hasTwoFactor: false,
  flags: Object.fromEntries(MENU_FLAGS.map((flag) => [flag, false])) as MenuFlags,
}

const opened = async (get: () => Promise<Project>, collapsed = false) => {
  const scope = fork({ values: [[$session, session]], handlers: [[fetchProjectFx, get], [readCollapsedFx, () => collapsed]] })
  await allSettled(projectOpened, { scope, params: 7 })
  return scope
}
const draw = (scope: Scope, params: Record<string, string> = {}) =>
  renderToStaticMarkup(
    <Provider value={scope}>
      <ProjectPage params={{ projectId: '7', ...params }} query={new URLSearchParams()} />
    </Provider>,
  )

beforeAll(() => registerLocales('projects', locales))

describe('<ProjectPage />', () => {
  test('an administrator: the "symbol - name" heading and four tabs, Dashboard chosen on the bare path', async () => {
    const html = draw(await opened(async () => CRANE))
    expect(html).toContain('<h1 class="kit-page-title">HC-1 - Harbour crane</h1>')
    expect(html.match(/role="tab"/g)).toHaveLength(4)
    expect(html).toMatch(/aria-selected="true"[^>]*>Dashboard</)
  })

  test('below ADMINISTER there is no Users tab, and its pages are the 403 state', async () => {
    const scope = await opened(async () => ({ ...CRANE, accessLevel: level(false) }))
    expect(draw(scope).match(/role="tab"/g)).toHaveLength(3)
    expect(draw(scope, { tab: 'users' })).toContain('You do not have access to this page')
    expect(draw(scope, { userId: '5' })).toContain('You do not have access to this page')
  })

  test('ACCESS alone: no Comments tab either, and its page is the 403 state', async () => {
    const scope = await opened(async () => ({ ...CRANE, accessLevel: { level: 'ACCESS', view: false, download: false, edit: false, administer: false } }))
    expect(draw(scope).match(/role="tab"/g)).toHaveLength(2)
    expect(draw(scope, { tab: 'comments' })).toContain('You do not have access to this page')
  })

  test('a folded bar draws no tabs, only the way to show them again', async () => {
    const html = draw(await opened(async () => CRANE, true))
    expect(html).not.toContain('role="tab"')
    expect(html).toMatch(/aria-expanded="false"[^>]*>.*Show tabs/)
  })

  test('a missing project says so with a way back; another failure offers Retry', async () => {
    const missing = draw(await opened(() => Promise.reject(new ApiError('Not Found', 404))))
    expect(missing).toContain('<h1 class="kit-page-title">Project not found</h1>')
    expect(missing).toMatch(/href="\/projects"[^>]*>.*Back to projects<\/a>/)
    const failed = draw(await opened(() => Promise.reject(new ApiError('Bad Gateway', 502))))
    expect(failed).toContain('The project could not be loaded')
    expect(failed).toMatch(/<button[^>]*>Retry<\/button>/)
  })

  test('the tab a route names', () => {
    expect(tabOf({})).toBe('dashboard')
    expect(tabOf({ tab: 'comments' })).toBe('comments')
    expect(tabOf({ tab: 'nonsense' })).toBe('dashboard')
    expect(tabOf({ userId: '4' })).toBe('users')
  })
})

describe('the folded tab bar', () => {
  test('is remembered per project', async () => {
    const written: unknown[] = []
    const scope = fork({ handlers: [[fetchProjectFx, async () => CRANE], [readCollapsedFx, (id: number) => id === 8], [writeCollapsedFx, (p: unknown) => void written.push(p)]] })
    await allSettled(projectOpened, { scope, params: 7 })
    await allSettled(collapseToggled, { scope })
    await allSettled(collapseToggled, { scope })
    expect(written).toEqual([
      { projectId: 7, collapsed: true },
      { projectId: 7, collapsed: false },
    ])
    await allSettled(projectOpened, { scope, params: 8 })
    await allSettled(collapseToggled, { scope })
    expect(written.at(-1)).toEqual({ projectId: 8, collapsed: false })
  })
})
