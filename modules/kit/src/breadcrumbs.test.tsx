import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { $breadcrumbs, Breadcrumbs, breadcrumbsSet, dashboardCrumb } from './breadcrumbs'
import { i18n, registerLocales } from './i18n'

// A remote's own namespace, as defineModule registers it: the kit knows none of them.
beforeAll(() =>
  registerLocales('sample', {
    'en-GB': { list: 'Samples' },
    'fi-FI': { list: 'Näytteet' },
    'no-NO': { list: 'Prøver' },
    'pl-PL': { list: 'Próbki' },
    'se-SE': { list: 'Prover' },
  }),
)

const draw = async (crumbs: Parameters<typeof breadcrumbsSet>[0]) => {
  const scope = fork()
  await allSettled(breadcrumbsSet, { scope, params: crumbs })
  expect(scope.getState($breadcrumbs)).toEqual(crumbs)
  return renderToStaticMarkup(
    <Provider value={scope}>
      <Breadcrumbs />
    </Provider>,
  )
}

describe('<Breadcrumbs />', () => {
  it('draws the trail: the dashboard, a remote\'s crumbs by its own keys or as given, and the last crumb as the current page', async () => {
    const html = await draw([dashboardCrumb(), { label: 'sample:list', href: '/sample' }, { label: 'HKI - Harbour', href: '/sample/7' }, { label: 'plan.pdf' }])
    expect(html).toContain('<nav class="kit-breadcrumbs" aria-label="Breadcrumb">')
    expect(html).toContain('<a href="/">Dashboard</a>')
    expect(html).toContain('<a href="/sample">Samples</a>')
    expect(html).toContain('<a href="/sample/7">HKI - Harbour</a>')
    expect(html).toContain('<span aria-current="page">plan.pdf</span>')
  })

  it("follows the language, for the kit's crumb and a remote's", async () => {
    await i18n.changeLanguage('fi-FI')
    try {
      const html = await draw([dashboardCrumb(), { label: 'sample:list', href: '/sample' }])
      expect(html).toContain(`<a href="/">${i18n.t('kit:breadcrumbs.dashboard')}</a>`)
      expect(i18n.t('kit:breadcrumbs.dashboard')).not.toBe('Dashboard')
      expect(html).toContain('<span aria-current="page">Näytteet</span>')
    } finally {
      await i18n.changeLanguage('en-GB')
    }
  })

  it('draws nothing without crumbs', () => {
    expect(renderToStaticMarkup(<Breadcrumbs />)).toBe('')
  })
})
