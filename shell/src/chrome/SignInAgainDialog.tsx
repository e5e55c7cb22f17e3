/**
 * The sign-in dialog over an expired session: the page stays underneath, with its
 * unsaved forms, and the same person carries on after signing in (the kit decides
 * what another person's sign-in does). It cannot be dismissed: the page behind it
 * no longer works without a session. Sign out leaves, as the menu's would.
 */
import { $sessionExpired, Button, signOutClicked } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NoticeBox, SignedOutStyles } from '../signed-out/layout'
import { $notice, $step, signInOpened } from '../signed-out/sign-in/model'
import { CredentialsFields, TwoFactorFields } from '../signed-out/sign-in/page'

export const SignInAgainDialog = () => {
  const { t } = useTranslation('shell')
  const [expired, step, notice, opened, signOut] = useUnit([$sessionExpired, $step, $notice, signInOpened, signOutClicked])
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (expired && !element.open) {
      opened()
      element.showModal()
    }
    if (!expired && element.open) element.close()
  }, [expired, opened])

  return (
    <dialog
      ref={dialog}
      className="shell-dialog shell-sign-in-dialog"
      aria-labelledby="shell-sign-in-title"
      aria-describedby="shell-sign-in-intro"
      onCancel={(event) => event.preventDefault()}
    >
      <SignedOutStyles />
      {expired && (
        <>
          <h2 id="shell-sign-in-title">{t('sessionExpired.title')}</h2>
          <p id="shell-sign-in-intro">{t(step === 'twoFactor' ? 'signedOut.twoFactor.intro' : 'sessionExpired.intro')}</p>
          <NoticeBox notice={notice} />
          {step === 'twoFactor' ? <TwoFactorFields /> : <CredentialsFields />}
          <div className="shell-dialog-actions">
            <Button variant="ghost" onClick={() => signOut()}>
              {t('nav.signOut')}
            </Button>
          </div>
        </>
      )}
    </dialog>
  )
}
