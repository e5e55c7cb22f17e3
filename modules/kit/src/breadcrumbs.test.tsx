import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  $breadcrumbs,
  Breadcrumbs,
  breadcrumbsSet,
  companiesCrumb,
  dashboardCrumb,
  documentCrumb,
  fileCrumb,
  projectCrumb,
  usersCrumb,
} from './breadcrumbs'

describe('crumb helpers', () => {
  it('names a project "symbol - name" and links to it', () => {
    expect(projectCrumb({ id: 7, symbol: 'HKI', name: 'Harbour' })).toEqual({ label: 'HKI - Harbour', href: '/project/7' })
  })

  it('links a document only where access allows edit', () => {
    const document = { id: 3, name: 'Drawings', projectId: 7 }
    expect(documentCrumb(document, true)).toEqual({ label: 'Drawings', href: '/project/7/documents/3' })
    expect(documentCrumb(document, false)).toEqual({ label: 'Drawings' })
  })

  it('gives fixed crumbs their pages and a file no link', () => {
    expect(dashboardCrumb().href).toBe('/')
    expect(usersCrumb().href).toBe('/users')
    expect(companiesCrumb().href).toBe('/companies')
    expect(fileCrumb('plan.pdf')).toEqual({ label: 'plan.pdf' })
  })
})

describe('<Breadcrumbs />', () => {
  it('draws the trail with translated fixed labels and the last crumb as the current page', async () => {
    const scope = fork()
    await allSettled(breadcrumbsSet, {
      scope,
      params: [dashboardCrumb(), projectCrumb({ id: 7, symbol: 'HKI', name: 'Harbour' }), fileCrumb('plan.pdf')],
    })
    expect(scope.getState($breadcrumbs)).toHaveLength(3)
    const html = renderToStaticMarkup(
      <Provider value={scope}>
        <Breadcrumbs />
      </Provider>,
    )
    expect(html).toContain('<nav class="kit-breadcrumbs" aria-label="Breadcrumb">')
    expect(html).toContain('<a href="/">Dashboard</a>')
    expect(html).toContain('<a href="/project/7">HKI - Harbour</a>')
    expect(html).toContain('<span aria-current="page">plan.pdf</span>')
  })

  it('draws nothing without crumbs', () => {
    expect(renderToStaticMarkup(<Breadcrumbs />)).toBe('')
  })
})
