// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { Users } from 'lucide-react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Button } from './Button'
import { Alert, Badge, Card, EmptyState, ProgressBar, Skeleton, Tile, TileGrid } from './display'

afterEach(cleanup)

describe('Alert', () => {
  it('reads errors and warnings out at once, information and success politely', () => {
    render(
      <>
        <Alert tone="error" title="Could not save" actions={<Button>Retry</Button>}>
          <p>The server did not answer.</p>
        </Alert>
        <Alert tone="success">Saved</Alert>
      </>,
    )
    const error = screen.getByRole('alert')
    expect(error.className).toBe('kit-alert kit-alert-error')
    expect(error.textContent).toContain('Could not save')
    expect(error.textContent).toContain('The server did not answer.')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Saved')
  })
})

describe('EmptyState, Badge, Skeleton', () => {
  it('gives an empty area a title, a line and an action', () => {
    render(<EmptyState icon={Users} title="No users yet" text="Add the first user of the account." action={<Button to="/users/new">Add user</Button>} />)
    expect(screen.getByText('No users yet')).toBeTruthy()
    expect(screen.getByText('Add the first user of the account.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Add user' }).getAttribute('href')).toBe('/users/new')
  })

  it('draws a badge in its tone and a skeleton that announces loading once', () => {
    render(
      <>
        <Badge tone="warning">Removal requested</Badge>
        <Skeleton lines={4} />
      </>,
    )
    expect(screen.getByText('Removal requested').className).toBe('kit-badge kit-badge-warning')
    const skeleton = screen.getByRole('status')
    expect(skeleton.textContent).toBe('Loading…')
    expect(skeleton.querySelectorAll('.kit-skeleton-bar[aria-hidden="true"]')).toHaveLength(4)
  })
})

describe('ProgressBar', () => {
  it('is a progressbar named by its visible label, filled to its share', () => {
    render(
      <>
        <ProgressBar value={2} max={5} label="2 of 5 done" />
        <ProgressBar value={3} max={3} label="3 of 3 done" tone="success" />
        <ProgressBar value={0} max={0} label="Nothing to do" />
      </>,
    )
    const bar = screen.getByRole('progressbar', { name: '2 of 5 done' })
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')]).toEqual(['2', '5', '2 of 5 done'])
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('40%')
    expect(screen.getByText('2 of 5 done').className).toBe('kit-progress-label')
    const full = screen.getByRole('progressbar', { name: '3 of 3 done' })
    expect(full.parentElement?.className).toBe('kit-progress kit-progress-success')
    expect((full.firstElementChild as HTMLElement).style.width).toBe('100%')
    expect((screen.getByRole('progressbar', { name: 'Nothing to do' }).firstElementChild as HTMLElement).style.width).toBe('0%')
  })
})

describe('Card and Tile', () => {
  it('names a card region by its title', () => {
    render(
      <Card title="Password" actions={<Button size="sm">Change</Button>}>
        <p>Last changed in May</p>
      </Card>,
    )
    const region = screen.getByRole('region', { name: 'Password' })
    expect(region.querySelector('h2')?.textContent).toBe('Password')
    expect(region.textContent).toContain('Last changed in May')
  })

  it('lets code move the focus to a card title it holds, which stays out of the Tab order', () => {
    const heading = createRef<HTMLHeadingElement>()
    render(
      <Card title="Company access" titleRef={heading}>
        <p>Step 2</p>
      </Card>,
    )
    heading.current?.focus()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Company access' }))
    expect(heading.current?.tabIndex).toBe(-1)
    render(<Card title="Plain">x</Card>)
    expect(screen.getByRole('heading', { name: 'Plain' }).hasAttribute('tabindex')).toBe(false)
  })

  it('makes a tile a link with its figure, or a figure alone', () => {
    render(
      <TileGrid label="Dashboard">
        <Tile title="Users" to="/users" figure="12" icon={Users} />
        <Tile title="Storage" figure="1.5 MB" />
      </TileGrid>,
    )
    expect(screen.getByRole('list', { name: 'Dashboard' }).children).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Users 12' }).getAttribute('href')).toBe('/users')
    expect(screen.queryByRole('link', { name: /Storage/ })).toBeNull()
    expect(screen.getByText('1.5 MB')).toBeTruthy()
  })
})
