/** `/`: the sign-in card, and the two-factor step for users who have it. */
import { Link, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { FormFrame, Submit } from '../form-frame'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $notice, $step, signInForm, signInOpened, twoFactorCancelled, twoFactorForm } from './model'

const CredentialsForm = () => {
  const { t } = useTranslation('shell')
  const [submitted, submitting] = useUnit([signInForm.submitted, signInForm.$submitting])
  return (
    <>
      <FormFrame onSubmit={submitted} label={t('signedOut.signIn.title')}>
        <TextField form={signInForm} name="email" label={t('signedOut.signIn.email')} type="email" autoComplete="username" autoFocus />
        <TextField form={signInForm} name="password" label={t('signedOut.signIn.password')} type="password" autoComplete="current-password" />
        <Submit disabled={submitting}>{t('signedOut.signIn.submit')}</Submit>
      </FormFrame>
      <nav className="so-links">
        <Link to="/forgotpassword">{t('signedOut.signIn.forgotPassword')}</Link>
        <span>
          {t('signedOut.signIn.noAccount')} <Link to="/register">{t('signedOut.signIn.register')}</Link>
        </span>
      </nav>
    </>
  )
}

const TwoFactorForm = () => {
  const { t } = useTranslation('shell')
  const [submitted, submitting, cancel] = useUnit([twoFactorForm.submitted, twoFactorForm.$submitting, twoFactorCancelled])
  return (
    <>
      <FormFrame onSubmit={submitted} label={t('signedOut.twoFactor.title')}>
        <TextField form={twoFactorForm} name="code" label={t('signedOut.twoFactor.code')} autoComplete="one-time-code" autoFocus />
        <Submit disabled={submitting}>{t('signedOut.twoFactor.submit')}</Submit>
      </FormFrame>
      <div className="so-actions">
        <button type="button" className="so-button so-button--secondary" onClick={() => cancel()}>
          {t('signedOut.twoFactor.cancel')}
        </button>
      </div>
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
      {twoFactor ? <TwoFactorForm /> : <CredentialsForm />}
    </SignedOutLayout>
  )
}
