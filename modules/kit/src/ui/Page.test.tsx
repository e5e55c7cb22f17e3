// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AreaContext } from '../area'
import { $breadcrumbs, breadcrumbsSet, dashboardCrumb } from '../breadcrumbs'
import { i18n } from '../i18n'
import { Button } from './Button'
import { $pageFramed, MissingPage, Page } from './Page'

beforeEach(async () => {
  document.title = ''
  breadcrumbsSet([])
  await i18n.changeLanguage('en-GB')
})
afterEach(async () => {
  cleanup()
  await i18n.changeLanguage('en-GB')
})

const usersPage = (props: Partial<Parameters<typeof Page>[0]> = {}) => (
  <Page title="Users" crumbs={[dashboardCrumb(), { label: 'Users' }]} actions={<Button variant="primary">Add user</Button>} {...props}>
    <p>The list</p>
  </Page>
)

describe('Page', () => {
  it('sets the translated document title, the breadcrumb, the heading and the actions', async () => {
    render(usersPage())
    expect(document.title).toBe('Users · Business Cloud')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Users')
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(trail.textContent).toBe('DashboardUsers')
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy()
    expect(screen.getByText('The list')).toBeTruthy()
    expect($pageFramed.getState()).toBe(true)
    cleanup()
    expect($pageFramed.getState()).toBe(false)
  })

  it('shows a skeleton instead of the content and the actions while loading', () => {
    render(usersPage({ loading: true }))
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    expect(screen.queryByText('The list')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull()
  })

  it('shows a failure with Retry, never the stale content under it', async () => {
    const onRetry = vi.fn()
    render(usersPage({ error: 'The server did not answer.', onRetry }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('The server did not answer.Retry')
    expect(screen.queryByText('The list')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('shows the 403 state with a way back, in the chosen language', async () => {
    await i18n.changeLanguage('fi-FI')
    render(usersPage({ forbidden: true }))
    expect(screen.getByText('Sinulla ei ole pääsyä tälle sivulle')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Takaisin etusivulle' }).getAttribute('href')).toBe('/')
    expect(screen.queryByText('The list')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull()
    expect(document.title).toBe('Sinulla ei ole pääsyä tälle sivulle · Business Cloud')
  })

  it('in a split-screen pane leaves the document title and the breadcrumb to the main page', () => {
    render(<AreaContext.Provider value="pane">{usersPage()}</AreaContext.Provider>)
    expect(document.title).toBe('')
    expect($breadcrumbs.getState()).toEqual([])
    expect(screen.queryByRole('navigation')).toBeNull()
    expect($pageFramed.getState()).toBe(false)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Users')
  })
})

describe('MissingPage', () => {
  it('names what is missing, titles the tab with it and links the way back', () => {
    render(<MissingPage title="User not found" text="No such user in this account." back={{ to: '/users', label: 'Back to users' }} />)
    expect(document.title).toBe('User not found · Business Cloud')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('User not found')
    expect(screen.getByText('No such user in this account.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to users' }).getAttribute('href')).toBe('/users')
  })
})
