/**
 * Renders this remote alone, for development (`npm run dev -w @app/module-companies`):
 * the route of the current path, with the kit's toasts and confirm dialog. Sign in
 * through the shell first; the stored token is shared on the same origin.
 */
import { ConfirmHost, ErrorPage, Toasts, findRoute, matchPath, useLocation } from '@app/module-kit'
import { createRoot } from 'react-dom/client'
import companies from './module'

const Standalone = () => {
  const { pathname } = useLocation()
  const match = findRoute(companies, pathname) ?? findRoute(companies, '/companies')
  if (!match) return <ErrorPage message={`No route for ${pathname}`} />
  const Page = match.route.component
  return <Page params={matchPath(match.route.path, pathname) ?? {}} query={new URLSearchParams(window.location.search)} />
}

createRoot(document.getElementById('root') ?? document.body.appendChild(document.createElement('div'))).render(
  <>
    <Standalone />
    <Toasts />
    <ConfirmHost />
  </>,
)
