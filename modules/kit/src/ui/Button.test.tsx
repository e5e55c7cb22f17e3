// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Pencil } from 'lucide-react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { $location, navigate } from '../router'
import { Button, DeleteAction, IconButton, TextLink } from './Button'
import { ConfirmHost } from './ConfirmHost'

afterEach(() => {
  cleanup()
  navigate('/', { replace: true })
})

describe('Button', () => {
  it('is a plain button of its variant and size, never a form submit unless asked', () => {
    render(
      <form>
        <Button variant="danger" size="sm">
          Remove
        </Button>
        <Button variant="primary" type="submit">
          Save
        </Button>
      </form>,
    )
    const remove = screen.getByRole('button', { name: 'Remove' })
    expect(remove.getAttribute('type')).toBe('button')
    expect(remove.className).toBe('kit-button kit-button-danger kit-button-sm')
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit')
  })

  it('with `to` is a link drawn as a button that navigates in the app', async () => {
    render(
      <Button to="/users/new" variant="primary" icon={Pencil}>
        Add user
      </Button>,
    )
    const link = screen.getByRole('link', { name: 'Add user' })
    expect(link.getAttribute('href')).toBe('/users/new')
    expect(link.className).toBe('kit-button kit-button-primary')
    expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    await userEvent.click(link)
    expect($location.getState().pathname).toBe('/users/new')
  })
})

describe('IconButton and TextLink', () => {
  it('names an icon-only button by its label, also as its tooltip', async () => {
    const onClick = vi.fn()
    render(<IconButton icon={Pencil} label="Edit Anna" onClick={onClick} />)
    const button = screen.getByRole('button', { name: 'Edit Anna' })
    expect(button.getAttribute('title')).toBe('Edit Anna')
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('as a toggle says whether it is pressed; a plain one says nothing of it and keeps what it is given', () => {
    const { rerender } = render(<IconButton icon={Pencil} label="Star" pressed={false} />)
    expect(screen.getByRole('button', { name: 'Star', pressed: false }).className).toContain('kit-button-toggle')
    rerender(<IconButton icon={Pencil} label="Star" pressed />)
    expect(screen.getByRole('button', { name: 'Star', pressed: true })).toBeTruthy()
    rerender(<IconButton icon={Pencil} label="Star" />)
    expect(screen.getByRole('button', { name: 'Star' }).hasAttribute('aria-pressed')).toBe(false)
    rerender(<IconButton icon={Pencil} label="Star" aria-pressed />)
    expect(screen.getByRole('button', { name: 'Star', pressed: true }).className).not.toContain('kit-button-toggle')
  })

  it('draws a table link in the brand colour class', () => {
    render(<TextLink to="/companies/3">Acme</TextLink>)
    expect(screen.getByRole('link', { name: 'Acme' }).className).toBe('kit-link')
  })
})

describe('DeleteAction', () => {
  const row = (onConfirmed: () => void) =>
    render(
      <>
        <DeleteAction label="Remove Anna" question={{ title: 'Remove Anna?' }} onConfirmed={onConfirmed} />
        <ConfirmHost />
      </>,
    )

  it('is a quiet icon button that acts only after Yes', async () => {
    const onConfirmed = vi.fn()
    row(onConfirmed)
    const remove = screen.getByRole('button', { name: 'Remove Anna' })
    expect(remove.className).toContain('kit-button-ghost')
    await userEvent.click(remove)
    expect(screen.getByRole('dialog', { name: 'Remove Anna?' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }))
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledOnce())
  })

  it('does nothing when the user answers No', async () => {
    const onConfirmed = vi.fn()
    row(onConfirmed)
    await userEvent.click(screen.getByRole('button', { name: 'Remove Anna' }))
    await userEvent.click(screen.getByRole('button', { name: 'No' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onConfirmed).not.toHaveBeenCalled()
  })
})
