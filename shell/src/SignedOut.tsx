/** Nobody signed in: only the signed-out routes; any other path is remembered and the user sent to /. */
import { matchPath, navigate, targetRemembered, useLocation } from '@app/module-kit'
import { useEffect, useMemo } from 'react'
import { signedOutRoutes } from './signed-out'

export const SignedOut = () => {
  const { pathname, search } = useLocation()
  const match = useMemo(() => {
    for (const route of signedOutRoutes) {
      const params = matchPath(route.path, pathname)
      if (params) return { route, params }
    }
    return null
  }, [pathname])
  const query = useMemo(() => new URLSearchParams(search), [search])

  useEffect(() => {
    if (match) return
    targetRemembered(`${pathname}${search}`)
    navigate('/', { replace: true })
  }, [match, pathname, search])

  if (!match) return null
  const Page = match.route.component
  return <Page params={match.params} query={query} />
}
