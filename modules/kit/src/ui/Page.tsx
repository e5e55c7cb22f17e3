/**
 * The frame every route renders: document title, breadcrumb, heading, actions, one
 * content width and indent, and the states a page can be in instead of its content
 * (loading, failed with Retry, forbidden). A thin view: the page's model decides the state.
 */
import { createEvent, createStore } from 'effector'
import { ArrowLeft, Lock, type LucideIcon, MapPinOff } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { useArea } from '../area'
import { Breadcrumbs, type Crumb, useBreadcrumbs } from '../breadcrumbs'
import { OpenBeside } from '../split/OpenBeside'
import { Button } from './Button'
import { Alert, EmptyState, Skeleton } from './display'
import { useText } from './text'
import './kit.css'

/** "Users · Business Cloud" in the browser's tab and history (WCAG 2.4.2); main area only, a pane leaves it. */
export const useDocumentTitle = (title: string) => {
  const area = useArea()
  const text = useText()
  const full = text('page.documentTitle', { page: title })
  useEffect(() => {
    if (area === 'main' && typeof document !== 'undefined') document.title = full
  }, [area, full])
}

const framedPageShown = createEvent()
const framedPageHidden = createEvent()
/**
 * True while a Page is shown in the main area: it draws the breadcrumb itself, so the
 * shell does not (pages not yet on the frame still get the shell's).
 */
export const $pageFramed = createStore(0)
  .on(framedPageShown, (count) => count + 1)
  .on(framedPageHidden, (count) => count - 1)
  .map((count) => count > 0)

const NO_CRUMBS: Crumb[] = []

export interface PageProps {
  /** Already translated: the heading and the document title. */
  title: string
  /** The browser tab's name when it is not the heading (the home page's "Welcome, Anna" is "Dashboard"). */
  documentTitle?: string
  /** The trail to this page; a page whose model sets the breadcrumbs itself leaves it out. */
  crumbs?: Crumb[]
  /** Buttons beside the heading, shown only when the page is ready. */
  actions?: ReactNode
  /** The data is on its way: a skeleton stands in for the content. */
  loading?: boolean
  /** Loading failed: the message (a kit key or translated text) with Retry, never stale content under it. */
  error?: string | null
  onRetry?: () => void
  /** The caller may not open this page: the one 403 state, with a way back. */
  forbidden?: boolean
  children?: ReactNode
}

/** The 403 state; its title is left out when the heading already says it. */
const Forbidden = ({ heading }: { heading: string }) => {
  const text = useText()
  const title = text('page.forbidden.title')
  return (
    <EmptyState
      icon={Lock}
      title={heading === title ? undefined : title}
      text={text('page.forbidden.text')}
      action={
        <Button to="/" icon={ArrowLeft}>
          {text('page.forbidden.back')}
        </Button>
      }
    />
  )
}

const Failed = ({ message, onRetry }: { message: string; onRetry?: () => void }) => {
  const text = useText()
  return (
    <Alert
      tone="error"
      actions={
        onRetry && (
          <Button variant="primary" size="sm" onClick={onRetry}>
            {text('page.retry')}
          </Button>
        )
      }
    >
      <p>{text(message)}</p>
    </Alert>
  )
}

export const Page = ({ title, documentTitle, crumbs, actions, loading, error, onRetry, forbidden, children }: PageProps) => {
  const area = useArea()
  const text = useText()
  useDocumentTitle(forbidden ? text('page.forbidden.title') : (documentTitle ?? title))
  useBreadcrumbs(crumbs ?? NO_CRUMBS, crumbs !== undefined)
  useEffect(() => {
    if (area !== 'main') return
    // Unbound on purpose: the shell, outside any page's scope, is the one that reads it.
    framedPageShown()
    return () => framedPageHidden()
  }, [area])
  const ready = !forbidden && !error && !loading
  return (
    <div className="kit-page">
      <header className="kit-page-header">
        {/* Page-wide things: a page in a split-screen pane has neither the trail nor another pane to open. */}
        {area === 'main' && (
          <div className="kit-page-topline">
            <Breadcrumbs />
            <OpenBeside />
          </div>
        )}
        <h1 className="kit-page-title">{title}</h1>
        {ready && actions && <div className="kit-page-actions">{actions}</div>}
      </header>
      <div className="kit-page-body" aria-busy={loading || undefined}>
        {forbidden ? <Forbidden heading={title} /> : error ? <Failed message={error} onRetry={onRetry} /> : loading ? <Skeleton /> : children}
      </div>
    </div>
  )
}

/** The 403 state as a whole page: a route the caller may not open, or one whose data the API refused. */
export const ForbiddenPage = () => {
  const text = useText()
  return <Page title={text('page.forbidden.title')} forbidden />
}

export interface MissingPageProps {
  /** Already translated, like the texts below. */
  title: string
  text: string
  icon?: LucideIcon
  crumbs?: Crumb[]
  /** The way back: where to, its label, and its icon (an arrow unless given). */
  back: { to: string; label: string; icon?: LucideIcon }
}

/** A page whose subject does not exist (an unknown id, section or path): what is missing and the way back. */
export const MissingPage = ({ title, text, icon = MapPinOff, crumbs, back }: MissingPageProps) => (
  <Page title={title} crumbs={crumbs}>
    <EmptyState
      icon={icon}
      text={text}
      action={
        <Button to={back.to} icon={back.icon ?? ArrowLeft}>
          {back.label}
        </Button>
      }
    />
  </Page>
)
