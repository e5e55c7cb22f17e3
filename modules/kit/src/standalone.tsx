/**
 * A remote rendered alone, for development (`npm run dev -w @app/module-<id>`): the
 * route of the current path, with the kit's toasts and confirm dialog. Sign in through
 * the shell first; the stored token is shared on the same origin.
 */
import { Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import type { DefinedModule } from './module'
import { findRoute } from './module'
import { matchPath, useLocation } from './router'
import { ConfirmHost, ErrorPage, Spinner, Toasts } from './ui'

const Standalone = ({ module, home }: { module: DefinedModule; home: string }) => {
  const { pathname, search } = useLocation()
  const match = findRoute(module, pathname) ?? findRoute(module, home)
  if (!match) return <ErrorPage message={`No route for ${pathname}`} />
  const Page = match.route.component
  return (
    <Suspense fallback={<Spinner />}>
      <Page params={matchPath(match.route.path, pathname) ?? {}} query={new URLSearchParams(search)} />
    </Suspense>
  )
}

/** Renders `module` into the page; paths it has no route for show `home`. */
export const renderStandalone = (module: DefinedModule, home: string) =>
  createRoot(document.getElementById('root') ?? document.body.appendChild(document.createElement('div'))).render(
    <>
      <Standalone module={module} home={home} />
      <Toasts />
      <ConfirmHost />
    </>,
  )
