import { Button, Dialog, DialogActions, FormError, FormFrame, FormGrid, SelectField, SubmitButton, TextField, useCountryOptions } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { addForm, closeAddFx } from './add.model'

/** The new-account modal; its address is /global-admin/manage/add. */
export const AddAccountDialog = () => {
  const { t } = useTranslation('globaladmin')
  const close = useUnit(closeAddFx)
  const countries = useCountryOptions()
  return (
    <Dialog title={t('add.title')} size="lg" onClose={close}>
      <FormFrame form={addForm}>
        <FormGrid legend={t('add.account')}>
          <TextField form={addForm} name="company" label={t('fields.company')} autoComplete="organization" />
          <TextField form={addForm} name="email" label={t('fields.email')} type="email" />
          <TextField form={addForm} name="phone" label={t('fields.phone')} type="tel" placeholder="+XX XXX XXX XXX" />
          <TextField form={addForm} name="website" label={t('fields.website')} />
          <TextField form={addForm} name="address" label={t('fields.address')} />
          <TextField form={addForm} name="zip" label={t('fields.zip')} />
          <TextField form={addForm} name="city" label={t('fields.city')} />
          <SelectField form={addForm} name="country" label={t('fields.country')} options={[{ value: '', label: t('add.chooseCountry') }, ...countries]} />
        </FormGrid>
        <FormGrid legend={t('add.admin')}>
          <TextField form={addForm} name="adminEmail" label={t('fields.adminEmail')} type="email" />
          <TextField form={addForm} name="adminFirstName" label={t('fields.firstName')} />
          <TextField form={addForm} name="adminLastName" label={t('fields.lastName')} />
        </FormGrid>
        <FormError form={addForm} />
        <DialogActions>
          <Button onClick={() => close()}>{t('cancel')}</Button>
          <SubmitButton form={addForm}>{t('add.submit')}</SubmitButton>
        </DialogActions>
      </FormFrame>
    </Dialog>
  )
}
