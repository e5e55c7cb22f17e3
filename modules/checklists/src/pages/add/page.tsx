/** /project/{projectId}/checklist/add: a new checklist (administrators). */
import { FormActions, FormFrame, FormGrid, MissingPage, Page, type RouteProps, SelectField, TextAreaField, TextField, dashboardCrumb, useQueryParams } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { ListChecks } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { checklistPath, checklistsCrumb, checklistsPath, projectCrumb } from '../../paths'
import { useStatusOptions } from '../../status'
import { $loadError, $project, addForm, addOpened } from './model'

export const AddChecklistPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('checklists')
  const { opened, project, loadError } = useUnit({ opened: addOpened, project: $project, loadError: $loadError })
  const statuses = useStatusOptions()
  const projectId = Number(params.projectId)
  const valid = Number.isInteger(projectId) && projectId > 0
  // ?parent={id}: a sub-checklist of that checklist (the API checks it is of this project).
  const parent = Number(useQueryParams().get('parent'))
  const parentId = Number.isInteger(parent) && parent > 0 ? parent : null
  useEffect(() => {
    if (valid) opened({ projectId, parentId })
  }, [opened, projectId, parentId, valid])

  if (!valid || loadError === 'notFound')
    return <MissingPage title={t('project.notFound')} icon={ListChecks} text={t('project.notFoundText')} back={{ to: '/projects', label: t('project.back') }} />
  const shown = project?.id === projectId ? project : null
  return (
    <Page
      title={t(parentId ? 'add.subTitle' : 'add.title')}
      crumbs={shown ? [dashboardCrumb(), projectCrumb(shown), checklistsCrumb(projectId), { label: 'checklists:add.title' }] : [dashboardCrumb()]}
      loading={!shown && !loadError}
      // Adding is for the project's administrators (part2 §2 /checklist/add).
      forbidden={loadError === 'forbidden' || (shown !== null && !shown.accessLevel.administer)}
      error={loadError === 'failed' ? t('project.loadFailed') : null}
      onRetry={() => opened({ projectId, parentId })}
    >
      {shown && (
        <FormFrame form={addForm}>
          <FormGrid>
            <TextField form={addForm} name="title" label={t('fields.title')} autoFocus />
            <TextAreaField form={addForm} name="description" label={t('fields.description')} />
            <SelectField form={addForm} name="status" label={t('fields.status')} options={statuses} />
          </FormGrid>
          <FormActions form={addForm} save={t('add.save')} cancel={t('common.cancel')} cancelTo={parentId ? checklistPath(projectId, parentId) : checklistsPath(projectId)} />
        </FormFrame>
      )}
    </Page>
  )
}
