import { Alert, Button, FormError, FormFrame, Page, type RouteProps, SubmitButton } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CompanyFields } from '../../company-fields'
import { $geocoding, $parents, addForm, addOpened } from './model'

export const AddCompanyPage = ({ query }: RouteProps) => {
  const { t } = useTranslation('companies')
  const { opened, parents, geocoding } = useUnit({ opened: addOpened, parents: $parents, geocoding: $geocoding })
  const lng = query.get('lng')
  const lat = query.get('lat')
  useEffect(() => {
    opened({ lng, lat })
  }, [opened, lng, lat])

  return (
    <Page title={t('add.title')}>
      {geocoding && (
        <Alert tone="info">
          <p>{t('add.lookingUp')}</p>
        </Alert>
      )}
      <FormFrame form={addForm}>
        <CompanyFields form={addForm} parents={parents} />
        <FormError form={addForm} />
        <div className="kit-row">
          <SubmitButton form={addForm}>{t('add.save')}</SubmitButton>
          <Button to="/companies">{t('common.cancel')}</Button>
        </div>
      </FormFrame>
    </Page>
  )
}
