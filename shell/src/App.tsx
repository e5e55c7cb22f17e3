import { $background, $session, Spinner, matchPath, useLocation } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Suspense, lazy, useEffect } from 'react'
import { $booting } from './boot'
import { SignedOut } from './SignedOut'
import { ANY_SESSION_PATHS } from './signed-out'

const SignedIn = lazy(() => import('./SignedIn'))

export const App = () => {
  const [booting, session, background] = useUnit([$booting, $session, $background])
  const { pathname } = useLocation()

  // The user's background colour (profile settings) applies to the whole page.
  useEffect(() => {
    document.documentElement.dataset.background = background
  }, [background])

  if (booting) return <Spinner />
  if (!session || ANY_SESSION_PATHS.some((path) => matchPath(path, pathname))) return <SignedOut />
  return (
    <Suspense fallback={<Spinner />}>
      <SignedIn />
    </Suspense>
  )
}
