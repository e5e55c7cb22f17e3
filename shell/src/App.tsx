import { $background, $session, Spinner, matchPath, useLocation } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Suspense, lazy, useEffect } from 'react'
import { $booting } from './boot'
import { SignedOut } from './SignedOut'
import { ANY_SESSION_PATHS } from './signed-out'

const SignedIn = lazy(() => import('./SignedIn'))

export const App = () => {
  // $booting in a hook of its own: a split-screen pane's copy of the session changing wakes the
  // session's hook with the pane's scope current, where $booting (no store of a pane) reads its
  // initial true; one render of the spinner would remount the signed-in app and lose its forms.
  const booting = useUnit($booting)
  const [session, background] = useUnit([$session, $background])
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
