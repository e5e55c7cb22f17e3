// @vitest-environment happy-dom
import { MENU_FLAGS, type MenuFlag } from '@app/plugin-kit/shared'
import { cleanup, render, screen } from '@testing-library/react'
import { fork } from 'effector'
import { Provider } from 'effector-react'
import { useEffect } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { i18n } from './i18n'
import { type ModuleRoute, type RouteProps, RouteView, lazyPage } from './module'
import { $session, type Session } from './session'

afterEach(async () => {
  cleanup()
  await i18n.changeLanguage('en-GB')
})

const sessionWith = (...held: MenuFlag[]): Session => ({
  user: { id: 1, firstName: 'Anna', lastName: 'Admin', acronym: 'AA', language: 'ENGLISH' },
  accountId: 1,
  accountName: 'Engineering',
  hasTwoFactor: false,
  flags: Object.fromEntries(MENU_FLAGS.map((flag) => [flag, held.includes(flag)])) as Session['flags'],
})

const loads = vi.fn()
const UserPage = ({ params }: RouteProps) => {
  // Stands for a page model's load: what must not happen for a caller without the flag.
  useEffect(() => loads(params.id), [params.id])
  return <h1>User {params.id}</h1>
}
const route: ModuleRoute = { path: '/users/:id/details', flag: 'canManageCompanyUsers', component: UserPage }

const show = (session: Session, at = '/users/7/details') =>
  render(
    <Provider value={fork({ values: [[$session, session]] })}>
      <RouteView route={route} path={at} />
    </Provider>,
  )

it('a caller holding the route flag gets the page with its params', () => {
  loads.mockClear()
  show(sessionWith('canManageCompanyUsers'))
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('User 7')
  expect(loads).toHaveBeenCalledWith('7')
})

it('a caller without it gets the 403 state with a way back, and the page never mounts (loads nothing)', async () => {
  loads.mockClear()
  await i18n.changeLanguage('pl-PL')
  show(sessionWith('canSeeCompany', 'canManageCompany'))
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nie masz dostępu do tej strony')
  expect(screen.getByRole('link', { name: 'Wróć do pulpitu' }).getAttribute('href')).toBe('/')
  expect(loads).not.toHaveBeenCalled()
})

it('a route that declares no flag (null) is open to every signed-in caller', () => {
  loads.mockClear()
  render(
    <Provider value={fork({ values: [[$session, sessionWith()]] })}>
      <RouteView route={{ ...route, flag: null }} path="/users/3/details" />
    </Provider>,
  )
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('User 3')
})

it('a lazy page shows the loading state until its chunk is in, then the page; without the flag it is never fetched', async () => {
  let arrive: (loaded: { UserPage: typeof UserPage }) => void = () => {}
  const load = vi.fn(() => new Promise<{ UserPage: typeof UserPage }>((resolve) => (arrive = resolve)))
  const lazyRoute: ModuleRoute = { ...route, component: lazyPage(load, (page) => page.UserPage) }
  const { unmount } = render(
    <Provider value={fork({ values: [[$session, sessionWith('canSeeCompany')]] })}>
      <RouteView route={lazyRoute} path="/users/5/details" />
    </Provider>,
  )
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You do not have access to this page')
  expect(load).not.toHaveBeenCalled()
  unmount()
  render(
    <Provider value={fork({ values: [[$session, sessionWith('canManageCompanyUsers')]] })}>
      <RouteView route={lazyRoute} path="/users/5/details" />
    </Provider>,
  )
  expect(screen.getByRole('status').textContent).toBe('Loading…')
  expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
  arrive({ UserPage })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('User 5')
  expect(load).toHaveBeenCalledTimes(1)
})
