import { $background, $session, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Suspense, lazy, useEffect } from 'react'
import { $booting } from './boot'
import { SignedOut } from './SignedOut'

const SignedIn = lazy(() => import('./SignedIn'))

export const App = () => {
  const [booting, session, background] = useUnit([$booting, $session, $background])

  // The user's background colour (profile settings) applies to the whole page.
  useEffect(() => {
    document.documentElement.dataset.background = background
  }, [background])

  if (booting) return <Spinner />
  if (!session) return <SignedOut />
  return (
    <Suspense fallback={<Spinner />}>
      <SignedIn />
    </Suspense>
  )
}
