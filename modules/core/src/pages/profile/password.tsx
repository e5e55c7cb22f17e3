import { Card, FormError, FormFrame, SubmitButton, TextField } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import { passwordForm } from './password.model'

export const PasswordSection = () => {
  const { t } = useTranslation('core')
  return (
    <Card title={t('password.title')}>
      <p>{t('password.hint')}</p>
      <FormFrame form={passwordForm}>
        <TextField form={passwordForm} name="currentPassword" label={t('currentPassword')} type="password" autoComplete="current-password" />
        <TextField form={passwordForm} name="password" label={t('password.new')} type="password" autoComplete="new-password" />
        <TextField form={passwordForm} name="repeatPassword" label={t('password.repeat')} type="password" autoComplete="new-password" />
        <FormError form={passwordForm} />
        <SubmitButton form={passwordForm}>{t('password.submit')}</SubmitButton>
      </FormFrame>
    </Card>
  )
}
