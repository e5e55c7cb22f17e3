import { Card, FormError, FormFrame, SubmitButton, TextField } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import { usernameForm } from './username.model'

export const UsernameSection = () => {
  const { t } = useTranslation('core')
  return (
    <Card title={t('username.title')}>
      <p>{t('username.hint')}</p>
      <FormFrame form={usernameForm}>
        <TextField form={usernameForm} name="username" label={t('username.label')} type="email" autoComplete="email" />
        <TextField form={usernameForm} name="currentPassword" label={t('currentPassword')} type="password" autoComplete="current-password" />
        <FormError form={usernameForm} />
        <SubmitButton form={usernameForm}>{t('username.submit')}</SubmitButton>
      </FormFrame>
    </Card>
  )
}
