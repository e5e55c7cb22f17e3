/**
 * Shows the route for a path: the remote that owns the path's prefix is loaded on
 * first use and the matching route mounted. Used for the main area and for each
 * split-screen pane.
 */
import { $enabledModules, $modulesLoaded, type Area, AreaContext, type EnabledModule, Spinner, findRoute } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { HomePage } from '../pages/HomePage'
import { NotFoundPage } from '../pages/NotFoundPage'
import { SearchPage } from '../pages/search/SearchPage'
import { ownerOf } from '../remotes'
import { LoadFailed } from './LoadFailed'
import { ParcelOutlet } from './ParcelOutlet'
import { useRemoteModule } from './use-remote-module'


const RemoteOutlet = ({ owner, path, pathname, area }: { owner: EnabledModule; path: string; pathname: string; area: Area }) => {
  const [state, retry] = useRemoteModule(owner)
  if (state.status === 'loading') return <Spinner />
  if (state.status === 'failed') return <LoadFailed onRetry={retry} />
  const match = findRoute(state.module, pathname)
  if (!match) return <NotFoundPage />
  return <ParcelOutlet key={match.route.path} parcel={match.parcel} path={path} area={area} />
}

const pathnameOf = (path: string) => path.split(/[?#]/)[0] || '/'

const AreaOutlet = ({ path, area }: { path: string; area: Area }) => {
  const [modules, known] = useUnit([$enabledModules, $modulesLoaded])
  const pathname = pathnameOf(path)
  if (pathname === '/') return <HomePage />
  if (pathname === '/search') return <SearchPage path={path} />
  if (!known) return <Spinner />
  const owner = ownerOf(modules, pathname)
  if (!owner) return <NotFoundPage />
  return <RemoteOutlet key={owner.remote} owner={owner} path={path} pathname={pathname} area={area} />
}

/** The page for `path` in the main area or in a split-screen pane. */
export const Outlet = ({ path, area = 'main' }: { path: string; area?: Area }) => (
  <AreaContext.Provider value={area}>
    <AreaOutlet path={path} area={area} />
  </AreaContext.Provider>
)
