/** `/changePassword/:token`: a new password twice, from the mailed reset link. */
import { Link, type RouteProps, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { FormFrame, Submit } from '../form-frame'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $canSubmit, $done, $notice, changePasswordForm, changePasswordOpened } from './model'

export const ChangePasswordPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('shell')
  const [done, notice, canSubmit, submitting, opened, submitted] = useUnit([
    $done,
    $notice,
    $canSubmit,
    changePasswordForm.$submitting,
    changePasswordOpened,
    changePasswordForm.submitted,
  ])
  const token = params.token ?? ''
  useEffect(() => {
    opened(token)
  }, [opened, token])
  return (
    <SignedOutLayout title={t('signedOut.changePassword.title')} intro={done ? undefined : t('signedOut.newPassword.hint')}>
      <NoticeBox notice={notice} />
      {!done && (
        <FormFrame onSubmit={submitted} label={t('signedOut.changePassword.title')}>
          <TextField form={changePasswordForm} name="password" label={t('signedOut.newPassword.password')} type="password" autoComplete="new-password" autoFocus />
          <TextField form={changePasswordForm} name="repeatPassword" label={t('signedOut.newPassword.repeatPassword')} type="password" autoComplete="new-password" />
          <Submit disabled={!canSubmit || submitting}>{t('signedOut.changePassword.submit')}</Submit>
        </FormFrame>
      )}
      <nav className="so-links">
        <Link to="/">{t(done ? 'signedOut.goToSignIn' : 'signedOut.backToSignIn')}</Link>
      </nav>
    </SignedOutLayout>
  )
}
