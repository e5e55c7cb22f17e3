import { FormActions, FormFrame, Page, type RouteProps } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $choices } from '../../choices'
import { DocumentFields } from '../../document-fields'
import { $loadError, $project, addForm, addOpened } from './model'

export const AddDocumentPage = ({ params, query }: RouteProps) => {
  const { t } = useTranslation('documents')
  const { opened, choices, project, loadError } = useUnit({ opened: addOpened, choices: $choices, project: $project, loadError: $loadError })
  const projectId = Number(params.projectId)
  const docType = query.get('docType')
  useEffect(() => {
    opened({ projectId, docType })
  }, [opened, projectId, docType])

  const back = `/project/${projectId}`
  return (
    <Page
      title={t('add.title')}
      loading={!project && !loadError}
      // Adding needs EDIT on the project (part1 §2).
      forbidden={loadError === 'forbidden' || (project !== null && !project.accessLevel.edit)}
      error={loadError === 'notFound' ? t('project.notFound') : loadError === 'failed' ? t('project.loadFailed') : null}
      onRetry={() => opened({ projectId, docType })}
    >
      {project && (
        <FormFrame form={addForm}>
          <DocumentFields form={addForm} choices={choices} />
          <FormActions form={addForm} save={t('add.save')} cancel={t('common.cancel')} cancelTo={back} />
        </FormFrame>
      )}
    </Page>
  )
}
