/** `/welcomeNewUser/:token`: a new user chooses a password (their name was given when they were added). */
import { FormFrame, TextLink, type RouteProps, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { GuardedSubmit } from '../guarded-submit'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $canSubmit, $done, $notice, welcomeForm, welcomeOpened } from './model'

export const WelcomePage = ({ params }: RouteProps) => {
  const { t } = useTranslation('shell')
  const [done, notice, canSubmit, submitting, opened] = useUnit([
    $done,
    $notice,
    $canSubmit,
    welcomeForm.$submitting,
    welcomeOpened,
  ])
  const token = params.token ?? ''
  useEffect(() => {
    opened(token)
  }, [opened, token])
  return (
    <SignedOutLayout title={t('signedOut.welcome.title')} intro={done ? undefined : t('signedOut.welcome.intro')}>
      <NoticeBox notice={notice} />
      {!done && (
        <FormFrame form={welcomeForm}>
          <TextField form={welcomeForm} name="password" label={t('signedOut.newPassword.password')} type="password" autoComplete="new-password" autoFocus />
          <p className="so-hint">{t('signedOut.newPassword.hint')}</p>
          <TextField form={welcomeForm} name="repeatPassword" label={t('signedOut.newPassword.repeatPassword')} type="password" autoComplete="new-password" />
          <GuardedSubmit ready={canSubmit} submitting={submitting}>{t('signedOut.welcome.submit')}</GuardedSubmit>
        </FormFrame>
      )}
      <nav className="so-links">
        <TextLink to="/">{t(done ? 'signedOut.goToSignIn' : 'signedOut.backToSignIn')}</TextLink>
      </nav>
    </SignedOutLayout>
  )
}
