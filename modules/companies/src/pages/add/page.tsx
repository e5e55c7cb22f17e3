import { FormError, FormFrame, Link, SubmitButton } from '@app/module-kit'
import type { RouteProps } from '@app/module-kit'
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
    <div className="companies-page">
      <h1>{t('add.title')}</h1>
      {geocoding && <p role="status">{t('add.lookingUp')}</p>}
      <FormFrame form={addForm}>
        <CompanyFields form={addForm} parents={parents} />
        <FormError form={addForm} />
        <div className="companies-actions">
          <SubmitButton form={addForm}>{t('add.save')}</SubmitButton>
          <Link to="/companies" className="kit-button">
            {t('common.cancel')}
          </Link>
        </div>
      </FormFrame>
    </div>
  )
}
