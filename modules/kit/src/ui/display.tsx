/** The design system's display pieces: Badge, ProgressBar, Card, Tile, EmptyState, Skeleton and the inline Alert. */
import type { LucideIcon } from 'lucide-react'
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react'
import { type ReactNode, type Ref, useId } from 'react'
import { Link } from '../router'
import { useText } from './text'
import './kit.css'

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger'

/** A short status word ("Enabled", "Removal requested"); the text is already translated. */
export const Badge = ({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) => (
  <span className={tone === 'neutral' ? 'kit-badge' : `kit-badge kit-badge-${tone}`}>{children}</span>
)

export interface ProgressBarProps {
  /** How much is done (clamped to 0…max). */
  value: number
  /** Of how much; 0 draws an empty bar. */
  max: number
  /** Already translated ("2 of 5 done"): shown beside the bar and its accessible name and value text. */
  label: string
  /** success when all is done; danger, say, when something is late. */
  tone?: Tone
}

/** A small bar of how far something has got, read out as a progressbar with its label. */
export const ProgressBar = ({ value, max, label, tone = 'info' }: ProgressBarProps) => {
  const labelId = useId()
  const done = Math.min(Math.max(0, value), Math.max(0, max))
  const percent = max > 0 ? Math.round((done / max) * 100) : 0
  return (
    <div className={`kit-progress kit-progress-${tone}`}>
      <div
        className="kit-progress-track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, max)}
        aria-valuenow={done}
        aria-valuetext={label}
      >
        <span className="kit-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span id={labelId} className="kit-progress-label">
        {label}
      </span>
    </div>
  )
}

export interface CardProps {
  /** Already translated; drawn as a level-2 heading that names the card's region. */
  title?: string
  /** Buttons drawn beside the title. */
  actions?: ReactNode
  /** Makes the title focusable from code (a wizard's new step moves the focus to it). */
  titleRef?: Ref<HTMLHeadingElement>
  children: ReactNode
}

/** A surface grouping one subject of a page. */
export const Card = ({ title, actions, titleRef, children }: CardProps) => {
  const titleId = useId()
  const id = title ? titleId : undefined
  return (
    <section className="kit-card" aria-labelledby={id}>
      {(title || actions) && (
        <div className="kit-card-header">
          {title && (
            <h2 id={id} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="kit-card-title">
              {title}
            </h2>
          )}
          {actions && <div className="kit-row">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  )
}

/** Cards side by side where the page is wide enough, one column on a phone or in a pane. */
export const Columns = ({ children }: { children: ReactNode }) => <div className="kit-columns">{children}</div>

/** Tiles in a grid whose columns follow the available width; each child is one tile. */
export const TileGrid = ({ children, label }: { children: ReactNode; label?: string }) => (
  <ul className="kit-grid" aria-label={label}>
    {children}
  </ul>
)

export interface TileProps {
  /** Already translated. */
  title: string
  /** Where the tile leads; without it the tile is a figure only. */
  to?: string
  icon?: LucideIcon
  /** A large figure under the title (a count, a size). */
  figure?: string
}

export const Tile = ({ title, to, icon: Icon, figure }: TileProps) => {
  const inner = (
    <>
      {Icon && <Icon className="kit-tile-icon" size={24} aria-hidden="true" />}
      <span>{title}</span>
      {figure !== undefined && <span className="kit-tile-figure">{figure}</span>}
    </>
  )
  return (
    <li>
      {to ? (
        <Link to={to} className="kit-tile">
          {inner}
        </Link>
      ) : (
        <div className="kit-tile">{inner}</div>
      )}
    </li>
  )
}

export interface EmptyStateProps {
  /** Already translated: the one line that says what is (not) here. */
  text: string
  title?: string
  icon?: LucideIcon
  /** A button that fills the emptiness ("Add user"). */
  action?: ReactNode
}

/** What an area shows when it has nothing in it. */
export const EmptyState = ({ text, title, icon: Icon, action }: EmptyStateProps) => (
  <div className="kit-empty">
    {Icon && <Icon className="kit-empty-icon" size={32} aria-hidden="true" />}
    {title && <p className="kit-empty-title">{title}</p>}
    <p className="kit-empty-text">{text}</p>
    {action && <div className="kit-empty-action">{action}</div>}
  </div>
)

/** Grey bars where content is on its way; announced once as "Loading…". */
export const Skeleton = ({ lines = 3 }: { lines?: number }) => {
  const text = useText()
  return (
    <div className="kit-skeleton" role="status">
      <span className="kit-visually-hidden">{text('spinner.loading')}</span>
      {Array.from({ length: lines }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are identical; their position is all they have.
        <span key={line} className="kit-skeleton-bar" aria-hidden="true" />
      ))}
    </div>
  )
}

export type AlertTone = 'info' | 'success' | 'warning' | 'error'

const ALERT_ICON: Record<AlertTone, LucideIcon> = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert }

export interface AlertProps {
  tone: AlertTone
  /** Already translated. */
  title?: string
  children?: ReactNode
  /** Buttons under the text (Retry). */
  actions?: ReactNode
}

/**
 * A message inside the page. Errors and warnings are alerts (read out at once);
 * information and success are polite status messages.
 */
export const Alert = ({ tone, title, children, actions }: AlertProps) => {
  const Icon = ALERT_ICON[tone]
  return (
    <div className={`kit-alert kit-alert-${tone}`} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}>
      <Icon size={20} aria-hidden="true" />
      <div className="kit-alert-body">
        {title && <p className="kit-alert-title">{title}</p>}
        {children}
        {actions && <div className="kit-alert-actions">{actions}</div>}
      </div>
    </div>
  )
}
