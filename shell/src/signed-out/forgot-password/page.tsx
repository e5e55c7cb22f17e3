/** `/forgotpassword`: asks for the account's e-mail and sends a reset link. */
import { Link, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { FormFrame, Submit } from '../form-frame'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $notice, $sent, forgotPasswordForm, forgotPasswordOpened } from './model'

export const ForgotPasswordPage = () => {
  const { t } = useTranslation('shell')
  const [sent, notice, opened, submitted, submitting] = useUnit([
    $sent,
    $notice,
    forgotPasswordOpened,
    forgotPasswordForm.submitted,
    forgotPasswordForm.$submitting,
  ])
  useEffect(() => {
    opened()
  }, [opened])
  return (
    <SignedOutLayout title={t('signedOut.forgotPassword.title')} intro={sent ? undefined : t('signedOut.forgotPassword.intro')}>
      <NoticeBox notice={notice} />
      {!sent && (
        <FormFrame onSubmit={submitted} label={t('signedOut.forgotPassword.title')}>
          <TextField form={forgotPasswordForm} name="email" label={t('signedOut.forgotPassword.email')} type="email" autoComplete="email" autoFocus />
          <Submit disabled={submitting}>{t('signedOut.forgotPassword.submit')}</Submit>
        </FormFrame>
      )}
      <nav className="so-links">
        <Link to="/">{t('signedOut.backToSignIn')}</Link>
      </nav>
    </SignedOutLayout>
  )
}
