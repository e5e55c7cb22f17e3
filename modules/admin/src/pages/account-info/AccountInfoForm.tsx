import { FormError, FormFrame, SelectField, SubmitButton, TextField, useCountryOptions } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountFacts } from './AccountFacts'
import { $loadFailed, accountInfoForm, accountInfoOpened } from './model'

/** The account info of one account: its facts, then the form of what may change. */
export const AccountInfoForm = ({ accountId }: { accountId: number }) => {
  const { t } = useTranslation('admin')
  const { opened, failed } = useUnit({ opened: accountInfoOpened, failed: $loadFailed })
  useEffect(() => {
    opened(accountId)
  }, [opened, accountId])
  const form = accountInfoForm
  const countries = useCountryOptions()
  return (
    <>
      <AccountFacts />
      <section className="admin-section" aria-labelledby="admin-account-info-title">
        <h2 id="admin-account-info-title">{t('accountInfo.title')}</h2>
        {failed && <p role="alert">{t('accountInfo.loadFailed')}</p>}
        <FormFrame form={form}>
          <div className="admin-form">
            <TextField form={form} name="company" label={t('accountInfo.company')} autoComplete="organization" />
            <TextField form={form} name="website" label={t('accountInfo.website')} type="url" autoComplete="url" />
            <TextField form={form} name="phone" label={t('accountInfo.phone')} type="tel" autoComplete="tel" placeholder="+XX XXX XXX XXX" />
            <TextField form={form} name="email" label={t('accountInfo.email')} type="email" autoComplete="email" />
            <TextField form={form} name="address" label={t('accountInfo.address')} autoComplete="street-address" />
            <TextField form={form} name="zip" label={t('accountInfo.zip')} autoComplete="postal-code" />
            <TextField form={form} name="city" label={t('accountInfo.city')} autoComplete="address-level2" />
            <SelectField form={form} name="country" label={t('accountInfo.country')} options={[{ value: '', label: '' }, ...countries]} />
            <FormError form={form} />
            <SubmitButton form={form}>{t('accountInfo.save')}</SubmitButton>
          </div>
        </FormFrame>
      </section>
    </>
  )
}
