// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useUnit } from 'effector-react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { $location, navigate } from '../router'
import { RouteTabs, Tabs } from './Tabs'

afterEach(cleanup)

const TABS = [
  { id: 'details', label: 'Details' },
  { id: 'users', label: 'Users' },
  { id: 'access', label: 'Access' },
] as const

const CompanyTabs = () => {
  const [selected, setSelected] = useState<(typeof TABS)[number]['id']>('details')
  return (
    <Tabs label="Company" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>Panel of {selected}</p>
    </Tabs>
  )
}

const selectedTab = () => screen.getByRole('tab', { selected: true })

describe('Tabs', () => {
  it('is a named tablist whose selected tab labels the one panel and is the only Tab stop', () => {
    render(<CompanyTabs />)
    expect(screen.getByRole('tablist', { name: 'Company' })).toBeTruthy()
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    expect(screen.getByRole('tabpanel', { name: 'Details' }).textContent).toBe('Panel of details')
  })

  it('moves and selects with the arrow keys, Home and End, wrapping round', async () => {
    render(<CompanyTabs />)
    await userEvent.tab()
    expect(document.activeElement).toBe(selectedTab())
    await userEvent.keyboard('{ArrowRight}')
    expect(selectedTab().textContent).toBe('Users')
    expect(document.activeElement).toBe(selectedTab())
    await userEvent.keyboard('{End}')
    expect(selectedTab().textContent).toBe('Access')
    await userEvent.keyboard('{ArrowRight}')
    expect(selectedTab().textContent).toBe('Details')
    await userEvent.keyboard('{ArrowLeft}')
    expect(selectedTab().textContent).toBe('Access')
    await userEvent.keyboard('{Home}')
    expect(selectedTab().textContent).toBe('Details')
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel of details')
  })

  it('selects a clicked tab', async () => {
    render(<CompanyTabs />)
    await userEvent.click(screen.getByRole('tab', { name: 'Access' }))
    expect(screen.getByRole('tabpanel', { name: 'Access' }).textContent).toBe('Panel of access')
  })
})

const ROUTE_TABS = [
  { id: 'info', label: 'Account info', path: '/admin' },
  { id: 'roles', label: 'Roles', path: '/admin/roles' },
] as const

/** As the shell draws it: each address is a page of its own, mounted anew (the key). */
const SettingsRoute = () => {
  const { pathname } = useUnit($location)
  const selected = ROUTE_TABS.find((tab) => tab.path === pathname)?.id ?? 'info'
  return (
    <RouteTabs key={selected} label="Settings" tabs={ROUTE_TABS} selected={selected}>
      <p>Page of {selected}</p>
    </RouteTabs>
  )
}

describe('RouteTabs', () => {
  it("goes to the chosen tab's address, and the page drawn there gives that tab the focus", async () => {
    window.history.replaceState(null, '', '/admin')
    render(<SettingsRoute />)
    await userEvent.tab()
    await userEvent.keyboard('{ArrowRight}')
    expect(window.location.pathname).toBe('/admin/roles')
    expect(screen.getByRole('tabpanel').textContent).toBe('Page of roles')
    expect(document.activeElement).toBe(selectedTab())
    expect(selectedTab().textContent).toBe('Roles')
  })

  it('leaves the focus alone on a page opened by its address', () => {
    window.history.replaceState(null, '', '/admin/roles')
    render(<SettingsRoute />)
    expect(document.activeElement).toBe(document.body)
  })

  it("goes back to the selected tab's own address from a page under it", async () => {
    navigate('/admin/roles/5', { replace: true })
    render(
      <RouteTabs label="Settings" tabs={ROUTE_TABS} selected="roles">
        <p>Role 5</p>
      </RouteTabs>,
    )
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }))
    expect(window.location.pathname).toBe('/admin/roles')
  })

  it('tells tabs apart by their query: the bare address is another tab than its ?tab=', async () => {
    navigate('/documents?tab=recent', { replace: true })
    const tabs = [
      { id: 'all', label: 'All', path: '/documents' },
      { id: 'recent', label: 'Recent', path: '/documents?tab=recent' },
    ] as const
    render(
      <RouteTabs label="Lists" tabs={tabs} selected="recent">
        <p>Recent</p>
      </RouteTabs>,
    )
    await userEvent.click(screen.getByRole('tab', { name: 'All' }))
    expect(`${window.location.pathname}${window.location.search}`).toBe('/documents')
  })
})
