/**
 * The breadcrumb trail (spec part1 §2). The kit knows only its frame and the dashboard
 * every trail starts with; each remote makes its own crumbs (users, companies, later the
 * project as "symbol - name" and the document), labelled with keys of its own namespace.
 * Pages set it with `useBreadcrumbs` (main area only); the shell draws it with `<Breadcrumbs />`.
 */
import { createEvent, createStore } from 'effector'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useArea } from './area'
import { Link, useLocation } from './router'
import { useText } from './ui/text'
import './ui/kit.css'

export interface Crumb {
  /** Translated text, or a key with its namespace (`users:title`) that is translated when drawn, so it follows the language. */
  label: string
  href?: string
}

export const breadcrumbsSet = createEvent<Crumb[]>()

/**
 * A page's breadcrumbs, set from its view while it is shown in the main area; the
 * same page opened in a split-screen pane leaves the page's breadcrumbs alone.
 */
export const useBreadcrumbs = (crumbs: Crumb[], enabled = true) => {
  const area = useArea()
  // Bound to the page's scope, so the Page frame (same scope) draws what the page set.
  const set = useUnit(breadcrumbsSet)
  const key = JSON.stringify(crumbs)
  // The shell clears the trail on every new path: a page that stays through one (its tabs) sets it again.
  const { pathname } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the crumbs' content (key) and the path decide, not the array's identity.
  useEffect(() => {
    if (enabled && area === 'main') set(crumbs)
  }, [enabled, area, key, set, pathname])
}
export const $breadcrumbs = createStore<Crumb[]>([]).on(breadcrumbsSet, (_, crumbs) => crumbs)

export const dashboardCrumb = (): Crumb => ({ label: 'kit:breadcrumbs.dashboard', href: '/' })

/** The trail; the last crumb is the current page and is never a link. */
export const Breadcrumbs = () => {
  const crumbs = useUnit($breadcrumbs)
  const text = useText()
  if (crumbs.length === 0) return null
  return (
    <nav className="kit-breadcrumbs" aria-label={text('breadcrumbs.label')}>
      <ol>
        {crumbs.map((crumb, index) => {
          const label = text(crumb.label)
          const current = index === crumbs.length - 1
          return (
            // Crumbs have no ids and the same label may repeat; the position is what identifies one.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              {crumb.href && !current ? <Link to={crumb.href}>{label}</Link> : <span aria-current={current ? 'page' : undefined}>{label}</span>}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
