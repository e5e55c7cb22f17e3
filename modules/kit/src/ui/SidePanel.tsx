/**
 * A side panel beside the page (a module's `panels`, placed by the shell): a heading that
 * names it, its tools and a close button, and a body that scrolls on its own. Docked it is
 * part of the page; floating it lies over it, and Escape closes it (unless a dialog took the
 * key). Escape pressed inside closes it either way.
 */
import { X } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useEffect, useId } from 'react'
import { IconButton } from './Button'
import { useText } from './text'
import './kit.css'

export interface SidePanelProps {
  /** Already translated: the heading, which names the panel's region. */
  title: string
  docked: boolean
  onClose: () => void
  /** Controls beside the close button (a docking switch). */
  actions?: ReactNode
  children: ReactNode
}

const inDialog = (target: EventTarget | null) => target instanceof Element && target.closest('dialog') !== null

export const SidePanel = ({ title, docked, onClose, actions, children }: SidePanelProps) => {
  const text = useText()
  const titleId = useId()

  useEffect(() => {
    if (docked) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !inDialog(event.target)) onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [docked, onClose])

  const onKeyDown = (event: KeyboardEvent) => {
    if (!docked || event.key !== 'Escape' || inDialog(event.target)) return
    event.preventDefault()
    onClose()
  }

  return (
    <aside className="kit-side-panel" data-side-panel={docked ? 'docked' : 'floating'} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="kit-side-panel-header">
        <h2 id={titleId} className="kit-card-title">
          {title}
        </h2>
        <div className="kit-row">
          {actions}
          <IconButton icon={X} size="sm" label={text('sidePanel.close', { title })} onClick={onClose} />
        </div>
      </div>
      <div className="kit-side-panel-body">{children}</div>
    </aside>
  )
}
