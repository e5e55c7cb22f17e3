/** `/`: the sign-in card, and the two-factor step for users who have it. */
import { Button, FormFrame, SubmitButton, TextField, TextLink } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $notice, $step, signInForm, signInOpened, twoFactorCancelled, twoFactorForm } from './model'

/** E-mail, password and Sign in: the sign-in page's form, and the dialog's over an expired session. */
export const CredentialsFields = () => {
  const { t } = useTranslation('shell')
  return (
    <FormFrame form={signInForm}>
      <TextField form={signInForm} name="email" label={t('signedOut.signIn.email')} type="email" autoComplete="username" autoFocus />
      <TextField form={signInForm} name="password" label={t('signedOut.signIn.password')} type="password" autoComplete="current-password" />
      <SubmitButton form={signInForm}>{t('signedOut.signIn.submit')}</SubmitButton>
    </FormFrame>
  )
}

/** The code from the authenticator, and a way back to the credentials. */
export const TwoFactorFields = () => {
  const { t } = useTranslation('shell')
  const cancel = useUnit(twoFactorCancelled)
  return (
    <>
      <FormFrame form={twoFactorForm}>
        <TextField form={twoFactorForm} name="code" label={t('signedOut.twoFactor.code')} autoComplete="one-time-code" autoFocus />
        <SubmitButton form={twoFactorForm}>{t('signedOut.twoFactor.submit')}</SubmitButton>
      </FormFrame>
      <div className="so-actions">
        <Button onClick={() => cancel()}>{t('signedOut.twoFactor.cancel')}</Button>
      </div>
    </>
  )
}

const CredentialsForm = () => {
  const { t } = useTranslation('shell')
  return (
    <>
      <CredentialsFields />
      <nav className="so-links">
        <TextLink to="/forgotpassword">{t('signedOut.signIn.forgotPassword')}</TextLink>
        <span>
          {t('signedOut.signIn.noAccount')} <TextLink to="/register">{t('signedOut.signIn.register')}</TextLink>
        </span>
      </nav>
    </>
  )
}

export const SignInPage = () => {
  const { t } = useTranslation('shell')
  const [step, notice, opened] = useUnit([$step, $notice, signInOpened])
  useEffect(() => {
    opened()
  }, [opened])
  const twoFactor = step === 'twoFactor'
  return (
    <SignedOutLayout
      delayed
      title={t(twoFactor ? 'signedOut.twoFactor.title' : 'signedOut.signIn.title')}
      intro={twoFactor ? t('signedOut.twoFactor.intro') : undefined}
    >
      <NoticeBox notice={notice} />
      {twoFactor ? <TwoFactorFields /> : <CredentialsForm />}
    </SignedOutLayout>
  )
}
