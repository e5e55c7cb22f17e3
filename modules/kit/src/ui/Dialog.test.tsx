// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button, DeleteAction } from './Button'
import { ConfirmHost } from './ConfirmHost'
import { Dialog } from './Dialog'

afterEach(cleanup)

/** A page with a button that opens a dialog of one field, which Escape, Cancel or the close button take away. */
const PageWithDialog = ({ onClose }: { onClose?: () => void }) => {
  const [open, setOpen] = useState(false)
  const close = () => {
    onClose?.()
    setOpen(false)
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>Rename</Button>
      {open && (
        <Dialog title="Rename the folder" text="Files keep their place." onClose={close} actions={<Button onClick={close}>Cancel</Button>}>
          <label>
            Name <input />
          </label>
        </Dialog>
      )}
    </>
  )
}

describe('Dialog', () => {
  it('opens as a modal named by its title and described by its text, with the focus in its first field', async () => {
    render(<PageWithDialog />)
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }))
    const dialog = screen.getByRole('dialog', { name: 'Rename the folder' }) as HTMLDialogElement
    expect(dialog.open).toBe(true)
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Files keep their place.').id)
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
  })

  it('enters a radio group at its checked choice, as Tab does', () => {
    render(
      <Dialog title="Switch account">
        {['Nordic Steel Oy', 'Baltic Timber AB'].map((name) => (
          <label key={name}>
            <input type="radio" name="account" defaultChecked={name === 'Baltic Timber AB'} /> {name}
          </label>
        ))}
      </Dialog>,
    )
    expect(document.activeElement).toBe(screen.getByLabelText('Baltic Timber AB'))
  })

  it('closes on Escape and on its close button, and the focus goes back to the opener', async () => {
    const onClose = vi.fn()
    render(<PageWithDialog onClose={onClose} />)
    const opener = screen.getByRole('button', { name: 'Rename' })
    await userEvent.click(opener)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)

    await userEvent.click(opener)
    await userEvent.click(screen.getByRole('button', { name: 'Close the dialog' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('without onClose has no close button and stays on Escape', async () => {
    render(
      <Dialog title="Your session has ended">
        <Button>Sign out</Button>
      </Dialog>,
    )
    await userEvent.keyboard('{Escape}')
    const dialog = screen.getByRole('dialog', { name: 'Your session has ended' }) as HTMLDialogElement
    expect(dialog.open).toBe(true)
    expect(screen.queryByRole('button', { name: 'Close the dialog' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign out' }))
  })

  it('draws its actions as a row at its foot, and a wide size on request', () => {
    render(<Dialog title="New account" size="lg" actions={<Button variant="primary">Create</Button>} />)
    const dialog = screen.getByRole('dialog', { name: 'New account' })
    expect(dialog.className).toBe('kit-dialog kit-dialog-lg')
    expect(dialog.querySelector('.kit-dialog-actions')?.textContent).toBe('Create')
  })
})

describe('ConfirmHost', () => {
  it('puts the focus on No, answers No on Escape and gives the focus back to the asking button', async () => {
    const onConfirmed = vi.fn()
    render(
      <>
        <DeleteAction label="Remove Anna" question={{ title: 'Remove Anna?', text: 'Her grants go too.' }} onConfirmed={onConfirmed} />
        <ConfirmHost />
      </>,
    )
    const remove = screen.getByRole('button', { name: 'Remove Anna' })
    await userEvent.click(remove)
    expect(screen.getByRole('dialog', { name: 'Remove Anna?' }).getAttribute('aria-describedby')).toBe(screen.getByText('Her grants go too.').id)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }))
    await userEvent.keyboard('{Escape}')
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(remove)
    expect(onConfirmed).not.toHaveBeenCalled()
  })
})
