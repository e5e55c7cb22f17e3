/** `/register`: sign-up of a trial account, with a link back to sign-in and a Cancel that goes back. */
import { Button, FormFrame, FormGrid, navigate, SelectField, SubmitButton, TextField, TextLink, useCountryOptions } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $done, $notice, registerForm, registerOpened } from './model'

/** Back where the user came from; a page opened directly has nowhere to go back to but sign-in. */
const goBack = () => {
  if (window.history.length > 1) window.history.back()
  else navigate('/')
}

export const RegisterPage = () => {
  const { t } = useTranslation('shell')
  const [done, notice, opened] = useUnit([$done, $notice, registerOpened])
  useEffect(() => {
    opened()
  }, [opened])
  const countries = useCountryOptions()
  // The kit's fields mark required ones with an asterisk, as the spec asks.
  const label = (key: string) => t(`signedOut.register.${key}`)

  return (
    <SignedOutLayout wide title={t('signedOut.register.title')} intro={done ? undefined : t('signedOut.register.intro')}>
      <NoticeBox notice={notice} showStatus />
      {!done && (
        <FormFrame form={registerForm}>
          <FormGrid>
            <TextField form={registerForm} name="firstName" label={label('firstName')} autoComplete="given-name" autoFocus />
            <TextField form={registerForm} name="lastName" label={label('lastName')} autoComplete="family-name" />
            <TextField form={registerForm} name="email" label={label('email')} type="email" autoComplete="email" />
            <TextField form={registerForm} name="repeatEmail" label={label('repeatEmail')} type="email" autoComplete="email" />
            <TextField form={registerForm} name="password" label={label('password')} type="password" autoComplete="new-password" />
            <TextField form={registerForm} name="repeatPassword" label={label('repeatPassword')} type="password" autoComplete="new-password" />
            <TextField form={registerForm} name="company" label={label('company')} autoComplete="organization" />
            <TextField form={registerForm} name="website" label={label('website')} type="url" autoComplete="url" />
            <SelectField form={registerForm} name="country" label={label('country')} options={countries} />
            <TextField
              form={registerForm}
              name="phone"
              label={label('phone')}
              type="tel"
              autoComplete="tel"
              placeholder={t('signedOut.register.phoneHint')}
            />
          </FormGrid>
          <div className="so-actions">
            <SubmitButton form={registerForm}>{t('signedOut.register.submit')}</SubmitButton>
            <Button onClick={goBack}>{t('signedOut.register.cancel')}</Button>
          </div>
        </FormFrame>
      )}
      <nav className="so-links">
        <span>
          {t('signedOut.register.haveAccount')} <TextLink to="/">{t(done ? 'signedOut.goToSignIn' : 'signedOut.backToSignIn')}</TextLink>
        </span>
      </nav>
    </SignedOutLayout>
  )
}
