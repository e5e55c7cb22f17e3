/**
 * The signed-in app: chrome around the main outlet, wrapped in the split screen so
 * a second route can open beside it in its own outlet ("Open beside" beside
 * the breadcrumb opens the current page there). Loaded on demand, so the
 * sign-in page does not pay for it.
 */
import { $pageFramed, Breadcrumbs, ConfirmHost, OpenBeside, SplitScreen, Toasts, matchPath, navigate, useLocation } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { watchSession } from './boot'
import { SignInAgainDialog } from './chrome/SignInAgainDialog'
import { SwitchAccountDialog } from './chrome/SwitchAccountDialog'
import { TopNav } from './chrome/TopNav'
import { Outlet } from './outlet/Outlet'
import { SidePanels } from './outlet/SidePanels'
import { signedOutRoutes } from './signed-out'

const renderPane = (path: string) => <Outlet path={path} area="pane" />

export default function SignedIn() {
  const { pathname, search } = useLocation()
  const framed = useUnit($pageFramed)
  const onSignedOutRoute = signedOutRoutes.some((route) => route.path !== '/' && matchPath(route.path, pathname))

  useEffect(() => watchSession(), [])
  // A signed-in user who opens a signed-out route (say /register) is sent home.
  useEffect(() => {
    if (onSignedOutRoute) navigate('/', { replace: true })
  }, [onSignedOutRoute])

  return (
    <div className="shell-app">
      <TopNav />
      {/* A page on the kit's Page frame draws the breadcrumb itself, in its own indent. */}
      {!framed && (
        <div className="shell-crumbs">
          <Breadcrumbs />
          <OpenBeside />
        </div>
      )}
      <div className="shell-body">
        {/* Before the page in reading order: a module's side panel (the file manager) beside it. */}
        <SidePanels path={`${pathname}${search}`} pathname={pathname} />
        <main id="shell-main" className="shell-main">
          <SplitScreen main={<Outlet path={`${pathname}${search}`} />} renderPane={renderPane} />
        </main>
      </div>
      <Toasts />
      <ConfirmHost />
      <SwitchAccountDialog />
      <SignInAgainDialog />
    </div>
  )
}
