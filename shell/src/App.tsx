import { $background, $session, Spinner, matchPath, useLocation } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { $booting, $signedInApp, $signedInFailed, signedInLoadFx } from './boot'
import { LoadFailed } from './outlet/LoadFailed'
import { SignedOut } from './SignedOut'
import { ANY_SESSION_PATHS } from './signed-out'

export const App = () => {
  // The app's own state in a hook apart from the session's: a split-screen pane's copy of the
  // session changing wakes the session's hook with the pane's scope current, where these (no
  // stores of a pane) read their initial values; one render of the spinner would remount the
  // signed-in app and lose its forms.
  const [booting, SignedIn, failed, retry] = useUnit([$booting, $signedInApp, $signedInFailed, signedInLoadFx])
  const [session, background] = useUnit([$session, $background])
  const { pathname } = useLocation()

  // The user's background colour (profile settings) applies to the whole page.
  useEffect(() => {
    document.documentElement.dataset.background = background
  }, [background])

  if (booting) return <Spinner />
  if (!session || ANY_SESSION_PATHS.some((path) => matchPath(path, pathname))) return <SignedOut />
  if (SignedIn) return <SignedIn />
  return failed ? <LoadFailed onRetry={() => retry()} /> : <Spinner />
}
