import { Alert, FormActions, FormFrame, Page, type RouteProps } from '@app/module-kit'
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
        <FormActions form={addForm} save={t('add.save')} cancel={t('common.cancel')} cancelTo="/companies" />
      </FormFrame>
    </Page>
  )
}
