import { Card, FormError, FormFrame, FormGrid, LoadFailed, SelectField, Skeleton, SubmitButton, TextField, useCountryOptions } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountFacts } from './AccountFacts'
import { $account, $loadFailed, accountInfoForm, accountInfoOpened } from './model'

/** The form of what may change; its fields are filled once the account has loaded. */
const InfoForm = () => {
  const { t } = useTranslation('admin')
  const form = accountInfoForm
  const countries = useCountryOptions()
  return (
    <Card title={t('accountInfo.title')}>
      <FormFrame form={form}>
        <FormGrid>
          <TextField form={form} name="company" label={t('accountInfo.company')} autoComplete="organization" />
          <TextField form={form} name="website" label={t('accountInfo.website')} type="url" autoComplete="url" />
          <TextField form={form} name="phone" label={t('accountInfo.phone')} type="tel" autoComplete="tel" placeholder="+XX XXX XXX XXX" />
          <TextField form={form} name="email" label={t('accountInfo.email')} type="email" autoComplete="email" />
          <TextField form={form} name="address" label={t('accountInfo.address')} autoComplete="street-address" />
          <TextField form={form} name="zip" label={t('accountInfo.zip')} autoComplete="postal-code" />
          <TextField form={form} name="city" label={t('accountInfo.city')} autoComplete="address-level2" />
          <SelectField form={form} name="country" label={t('accountInfo.country')} options={[{ value: '', label: '' }, ...countries]} />
          <FormError form={form} />
        </FormGrid>
        <div>
          <SubmitButton form={form}>{t('accountInfo.save')}</SubmitButton>
        </div>
      </FormFrame>
    </Card>
  )
}

/**
 * The account info of one account: its facts, then the form of what may change. Until the
 * account has loaded a skeleton stands in; a failure offers Retry instead of an empty form.
 */
export const AccountInfoForm = ({ accountId }: { accountId: number }) => {
  const { t } = useTranslation('admin')
  const { opened, account, failed } = useUnit({ opened: accountInfoOpened, account: $account, failed: $loadFailed })
  useEffect(() => {
    opened(accountId)
  }, [opened, accountId])
  if (failed) return <LoadFailed text={t('accountInfo.loadFailed')} onRetry={() => opened(accountId)} />
  if (!account) return <Skeleton lines={6} />
  return (
    <>
      <AccountFacts />
      <InfoForm />
    </>
  )
}
