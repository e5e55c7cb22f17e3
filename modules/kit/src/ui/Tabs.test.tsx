// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Tabs } from './Tabs'

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
