// @vitest-environment happy-dom
import { registerLocales } from '@app/module-kit'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { fork } from 'effector'
import { Provider } from 'effector-react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fetchContactFx, fetchManualsFx } from '../../api'
import { locales } from '../../locales'
import { HelpPage } from './page'

beforeAll(() => registerLocales('core', locales))
afterEach(cleanup)

const open = (contact: () => Promise<{ email: string; phone?: string }>) => {
  const scope = fork({
    handlers: [
      [fetchContactFx, contact],
      [fetchManualsFx, async () => [{ id: 1, name: 'User guide', link: '/manuals/user-guide.pdf' }]],
    ],
  })
  render(
    <Provider value={scope}>
      <HelpPage />
    </Provider>,
  )
}

describe('<HelpPage />', () => {
  it('is a framed page: its title in the tab, the trail, the contact and the manuals as cards', async () => {
    open(async () => ({ email: 'support@example.test', phone: '+358 40 123 4567' }))
    expect(document.title).toBe('Help · Business Cloud')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Help')
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('DashboardHelp')
    const support = screen.getByRole('region', { name: 'Support' })
    expect((await screen.findByRole('link', { name: 'support@example.test' })).getAttribute('href')).toBe('mailto:support@example.test')
    expect(screen.getByRole('link', { name: '+358 40 123 4567' }).getAttribute('href')).toBe('tel:+358401234567')
    expect(support.contains(screen.getByRole('link', { name: 'support@example.test' }))).toBe(true)
    expect(await screen.findByRole('button', { name: 'User guide' })).toBeTruthy()
  })

  it('says so when the contact could not be loaded, still lists the manuals, and Retry shows the contact', async () => {
    let calls = 0
    open(async () => {
      calls += 1
      if (calls === 1) throw new Error('Network error')
      return { email: 'support@example.test' }
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The support contact could not be loaded')
    expect(await screen.findByRole('button', { name: 'User guide' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await screen.findByRole('link', { name: 'support@example.test' })).getAttribute('href')).toBe('mailto:support@example.test')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(calls).toBe(2)
  })
})
