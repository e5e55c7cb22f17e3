/**
 * The sign-in dialog over an expired session: the page stays underneath, with its
 * unsaved forms, and the same person carries on after signing in (the kit decides
 * what another person's sign-in does). It cannot be dismissed: the page behind it
 * no longer works without a session. Sign out leaves, as the menu's would.
 */
import { $sessionExpired, Button, Dialog, signOutClicked } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { NoticeBox, SignedOutStyles } from '../signed-out/layout'
import { $notice, $step, signInOpened } from '../signed-out/sign-in/model'
import { CredentialsFields, TwoFactorFields } from '../signed-out/sign-in/page'

export const SignInAgainDialog = () => {
  const expired = useUnit($sessionExpired)
  return expired ? <SignInAgain /> : null
}

const SignInAgain = () => {
  const { t } = useTranslation('shell')
  const [step, notice, opened, signOut] = useUnit([$step, $notice, signInOpened, signOutClicked])
  useEffect(() => opened(), [opened])
  return (
    <Dialog
      title={t('sessionExpired.title')}
      text={t(step === 'twoFactor' ? 'signedOut.twoFactor.intro' : 'sessionExpired.intro')}
      actions={
        <Button variant="ghost" onClick={() => signOut()}>
          {t('nav.signOut')}
        </Button>
      }
    >
      <SignedOutStyles />
      <NoticeBox notice={notice} />
      {step === 'twoFactor' ? <TwoFactorFields /> : <CredentialsFields />}
    </Dialog>
  )
}
