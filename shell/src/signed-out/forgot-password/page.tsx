/** `/forgotpassword`: asks for the account's e-mail and sends a reset link. */
import { FormFrame, TextLink, SubmitButton, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $notice, $sent, forgotPasswordForm, forgotPasswordOpened } from './model'

export const ForgotPasswordPage = () => {
  const { t } = useTranslation('shell')
  const [sent, notice, opened] = useUnit([$sent, $notice, forgotPasswordOpened])
  useEffect(() => {
    opened()
  }, [opened])
  return (
    <SignedOutLayout title={t('signedOut.forgotPassword.title')} intro={sent ? undefined : t('signedOut.forgotPassword.intro')}>
      <NoticeBox notice={notice} />
      {!sent && (
        <FormFrame form={forgotPasswordForm}>
          <TextField form={forgotPasswordForm} name="email" label={t('signedOut.forgotPassword.email')} type="email" autoComplete="email" autoFocus />
          <SubmitButton form={forgotPasswordForm}>{t('signedOut.forgotPassword.submit')}</SubmitButton>
        </FormFrame>
      )}
      <nav className="so-links">
        <TextLink to="/">{t('signedOut.backToSignIn')}</TextLink>
      </nav>
    </SignedOutLayout>
  )
}
