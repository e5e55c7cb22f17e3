/**
 * The breadcrumb trail (spec part1 §2): dashboard, users, companies, the project as
 * "symbol - name", the document (a link only where access allows edit), the file.
 * Pages set it with `useBreadcrumbs` (main area only); the shell draws it with `<Breadcrumbs />`.
 */
import { createEvent, createStore } from 'effector'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useArea } from './area'
import { Link } from './router'
import { useText } from './ui/text'
import './ui/kit.css'

export interface Crumb {
  /** Translated text, or a `kit:` key that is translated when drawn (so it follows the language). */
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
  const key = JSON.stringify(crumbs)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the crumbs' content (key) decides, not the array's identity.
  useEffect(() => {
    if (enabled && area === 'main') breadcrumbsSet(crumbs)
  }, [enabled, area, key])
}
export const $breadcrumbs = createStore<Crumb[]>([]).on(breadcrumbsSet, (_, crumbs) => crumbs)

export const dashboardCrumb = (): Crumb => ({ label: 'kit:breadcrumbs.dashboard', href: '/' })
export const usersCrumb = (): Crumb => ({ label: 'kit:breadcrumbs.users', href: '/users' })
export const companiesCrumb = (): Crumb => ({ label: 'kit:breadcrumbs.companies', href: '/companies' })
export const projectCrumb = (project: { id: number; symbol: string; name: string }): Crumb => ({
  label: `${project.symbol} - ${project.name}`,
  href: `/project/${project.id}`,
})
/** Only a user who may edit the document gets a link to it. */
export const documentCrumb = (document: { id: number; name: string; projectId: number }, canEdit: boolean): Crumb =>
  canEdit ? { label: document.name, href: `/project/${document.projectId}/documents/${document.id}` } : { label: document.name }
export const fileCrumb = (name: string): Crumb => ({ label: name })

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
