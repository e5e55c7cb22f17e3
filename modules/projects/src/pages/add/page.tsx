import { Alert, FormActions, FormFrame, Page, type RouteProps } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $choices } from '../../choices'
import { ProjectFields } from '../../project-fields'
import { $geocoding, addForm, addOpened } from './model'
import '../texts'

export const AddProjectPage = ({ query }: RouteProps) => {
  const { t } = useTranslation('projects')
  const { opened, choices, geocoding } = useUnit({ opened: addOpened, choices: $choices, geocoding: $geocoding })
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
        <ProjectFields form={addForm} choices={choices} />
        <FormActions form={addForm} save={t('add.save')} cancel={t('common.cancel')} cancelTo="/projects" />
      </FormFrame>
    </Page>
  )
}
