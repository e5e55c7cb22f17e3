/**
 * A menu button: Enter, Space or a click opens it, Escape or a click elsewhere
 * closes it and gives focus back to the button, arrow keys move between items.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'

export interface DropdownProps {
  label: ReactNode
  children: (close: () => void) => ReactNode
  className?: string
}

const items = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]

export const Dropdown = ({ label, children, className }: DropdownProps) => {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)

  const close = (refocus = false) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    items(menu.current)[0]?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      close(true)
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    if (!open) {
      setOpen(true)
      return
    }
    const list = items(menu.current)
    const index = list.indexOf(document.activeElement as HTMLElement)
    const step = event.key === 'ArrowDown' ? 1 : -1
    list[(index + step + list.length) % list.length]?.focus()
  }

  return (
    <div ref={root} className={`shell-dropdown ${className ?? ''}`}>
      <button
        ref={button}
        type="button"
        className="shell-nav-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onKeyDown}
      >
        {label}
        <span className="shell-caret" aria-hidden="true" />
      </button>
      <div id={id} ref={menu} role="menu" className="shell-dropdown-menu" hidden={!open} onKeyDown={onKeyDown}>
        {open && children(() => close(false))}
      </div>
    </div>
  )
}
