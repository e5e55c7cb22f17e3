/** `/changePassword/:token`: a new password twice, from the mailed reset link. */
import { FormFrame, TextLink, type RouteProps, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { GuardedSubmit } from '../guarded-submit'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $canSubmit, $done, $notice, changePasswordForm, changePasswordOpened } from './model'

export const ChangePasswordPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('shell')
  const [done, notice, canSubmit, submitting, opened] = useUnit([
    $done,
    $notice,
    $canSubmit,
    changePasswordForm.$submitting,
    changePasswordOpened,
  ])
  const token = params.token ?? ''
  useEffect(() => {
    opened(token)
  }, [opened, token])
  return (
    <SignedOutLayout title={t('signedOut.changePassword.title')} intro={done ? undefined : t('signedOut.newPassword.hint')}>
      <NoticeBox notice={notice} />
      {!done && (
        <FormFrame form={changePasswordForm}>
          <TextField form={changePasswordForm} name="password" label={t('signedOut.newPassword.password')} type="password" autoComplete="new-password" autoFocus />
          <TextField form={changePasswordForm} name="repeatPassword" label={t('signedOut.newPassword.repeatPassword')} type="password" autoComplete="new-password" />
          <GuardedSubmit ready={canSubmit} submitting={submitting}>{t('signedOut.changePassword.submit')}</GuardedSubmit>
        </FormFrame>
      )}
      <nav className="so-links">
        <TextLink to="/">{t(done ? 'signedOut.goToSignIn' : 'signedOut.backToSignIn')}</TextLink>
      </nav>
    </SignedOutLayout>
  )
}
