/** A binder's name in a dialog: a new binder, or one renamed. */
import { Button, Dialog, DialogActions, type Form, FormError, FormFrame, SubmitButton, TextField } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import type { BinderNameValues } from './name-form'

export const BinderNameDialog = ({ form, renaming, onClose }: { form: Form<BinderNameValues>; renaming: string | null; onClose: () => void }) => {
  const { t } = useTranslation('documents')
  return (
    <Dialog title={renaming === null ? t('binders.newTitle') : t('binders.renameTitle', { name: renaming })} onClose={onClose}>
      <FormFrame form={form}>
        <TextField form={form} name="name" label={t('binders.name')} />
        <FormError form={form} />
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton form={form}>{renaming === null ? t('binders.create') : t('binders.rename')}</SubmitButton>
        </DialogActions>
      </FormFrame>
    </Dialog>
  )
}
