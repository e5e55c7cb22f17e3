/** /project/{projectId}/checklists/{checklistId}/{tab}: a checklist's items (`checklists`) and its fields (`metadata`). */
import {
  Alert,
  Button,
  Card,
  DeleteAction,
  Dialog,
  DialogActions,
  FormActions,
  FormError,
  FormFrame,
  FormGrid,
  MissingPage,
  Page,
  type RouteProps,
  RouteTabs,
  Select,
  SelectField,
  Skeleton,
  SubmitButton,
  TextAreaField,
  TextField,
  TextInput,
  TextLink,
  dashboardCrumb,
} from '@app/module-kit'
import { CHECKLIST_STATUSES, type Checklist, type ChecklistStatus } from '@app/plugin-checklists/shared'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { Copy, FileSpreadsheet, FileText, FolderPlus, ListChecks } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { TABS, type Tab, checklistPath, checklistsCrumb, checklistsPath, folderPath, personName, projectCrumb } from '../../paths'
import { StatusBadge, useStatusOptions } from '../../status'
import { ItemsTab, Progress } from './items'
import {
  $changing,
  $checklist,
  $copying,
  $exporting,
  $loadError,
  $misplaced,
  $people,
  $project,
  $targets,
  $targetsFailed,
  $targetsFilter,
  checklistClosed,
  checklistOpened,
  checklistRetried,
  copyClosed,
  copyForm,
  copyStarted,
  deleteConfirmed,
  exportClicked,
  folderClicked,
  metadataForm,
  responsibleChosen,
  statusChosen,
  targetsFilterChanged,
} from './model'
import { PeopleFinder } from './people-finder'

const MetadataTab = ({ checklist, project }: { checklist: Checklist; project: Project }) => {
  const { t } = useTranslation('checklists')
  const statuses = useStatusOptions()
  const units = useUnit({ people: $people, changing: $changing, status: statusChosen, responsible: responsibleChosen, folder: folderClicked })
  const edit = project.accessLevel.edit
  const people = units.people.map((person) => ({ value: String(person.id), label: person.name }))
  const current = checklist.responsibleUser
  if (current && !units.people.some((person) => person.id === current.id)) people.unshift({ value: String(current.id), label: personName(current) })
  return (
    <div className="kit-stack">
      <Card title={t('metadata.details')}>
        <FormFrame form={metadataForm}>
          <FormGrid>
            <TextField form={metadataForm} name="title" label={t('fields.title')} disabled={!edit} />
            <TextAreaField form={metadataForm} name="description" label={t('fields.description')} disabled={!edit} />
          </FormGrid>
          {edit ? (
            <FormActions form={metadataForm} save={t('metadata.save')} cancel={t('common.cancel')} cancelTo={checklistPath(project.id, checklist.id)} />
          ) : (
            <p className="kit-field-hint">{t('metadata.readOnly')}</p>
          )}
        </FormFrame>
      </Card>
      <Card title={t('metadata.work')}>
        <FormGrid>
          <Select
            label={t('fields.status')}
            value={checklist.status}
            options={statuses}
            disabled={!edit || units.changing}
            onChange={(value) => (CHECKLIST_STATUSES as readonly string[]).includes(value) && units.status(value as ChecklistStatus)}
          />
          {edit && <PeopleFinder />}
          <Select
            label={t('fields.responsible')}
            value={current ? String(current.id) : ''}
            options={people}
            empty={t('responsible.nobody')}
            disabled={!edit || units.changing}
            onChange={(value) => units.responsible(value ? Number(value) : null)}
          />
        </FormGrid>
        <Progress checklist={checklist} />
      </Card>
      <Card title={t('folder.title')}>
        {checklist.folder ? (
          <p>
            <TextLink to={folderPath(project.id, checklist.folder.id)}>{checklist.folder.symbol ? `${checklist.folder.symbol} - ${checklist.folder.name}` : checklist.folder.name}</TextLink>
          </p>
        ) : checklist.folderId !== null ? (
          <p>{t('folder.hidden')}</p>
        ) : edit ? (
          <div className="kit-row">
            <Button icon={FolderPlus} disabled={units.changing} onClick={() => units.folder()}>
              {t('folder.create')}
            </Button>
          </div>
        ) : (
          <p>{t('folder.none')}</p>
        )}
      </Card>
    </div>
  )
}

const CopyDialog = () => {
  const { t } = useTranslation('checklists')
  const { targets, failed, close, filter, filterChanged } = useUnit({
    targets: $targets,
    failed: $targetsFailed,
    close: copyClosed,
    filter: $targetsFilter,
    filterChanged: targetsFilterChanged,
  })
  return (
    <Dialog title={t('copy.title')} onClose={() => close()}>
      {failed ? (
        <Alert tone="error">
          <p>{t('copy.targetsFailed')}</p>
        </Alert>
      ) : targets === null ? (
        <Skeleton lines={1} />
      ) : targets.length === 0 ? (
        <p>{t(filter.trim() ? 'copy.noMatch' : 'copy.noTargets')}</p>
      ) : null}
      <FormFrame form={copyForm}>
        <TextInput label={t('copy.find')} value={filter} onChange={(text) => filterChanged(text)} />
        <SelectField form={copyForm} name="targetProjectId" label={t('copy.target')} options={(targets ?? []).map((target) => ({ value: String(target.id), label: target.name }))} />
        <FormError form={copyForm} />
        <DialogActions>
          <Button onClick={() => close()}>{t('common.cancel')}</Button>
          <SubmitButton form={copyForm}>{t('copy.save')}</SubmitButton>
        </DialogActions>
      </FormFrame>
    </Dialog>
  )
}

export const ChecklistPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('checklists')
  const projectId = Number(params.projectId)
  const checklistId = Number(params.checklistId)
  const valid = [projectId, checklistId].every((id) => Number.isInteger(id) && id > 0)
  const tab: Tab | null = params.tab === undefined ? null : (TABS as readonly string[]).includes(params.tab) ? (params.tab as Tab) : 'checklists'
  const units = useUnit({
    opened: checklistOpened,
    closed: checklistClosed,
    retry: checklistRetried,
    project: $project,
    checklist: $checklist,
    loadError: $loadError,
    misplaced: $misplaced,
    copying: $copying,
    copy: copyStarted,
    remove: deleteConfirmed,
    exportAs: exportClicked,
    exporting: $exporting,
  })
  const { opened, closed } = units
  useEffect(() => {
    if (valid) opened({ projectId, checklistId, tab })
  }, [opened, projectId, checklistId, tab, valid])
  // Left: no more listening to the project's changes.
  useEffect(() => closed, [closed])

  if (!valid || units.loadError === 'notFound' || units.misplaced)
    return (
      <MissingPage
        title={t('checklist.notFound')}
        icon={ListChecks}
        text={t('checklist.notFoundText')}
        back={{ to: valid ? checklistsPath(projectId) : '/projects', label: t('checklist.back') }}
      />
    )
  const project = units.project?.id === projectId ? units.project : null
  const checklist = units.checklist?.id === checklistId ? units.checklist : null
  const ready = project && checklist
  const administer = project?.accessLevel.administer === true
  return (
    <Page
      title={checklist?.title ?? t('checklist.title')}
      crumbs={ready ? [dashboardCrumb(), projectCrumb(project), checklistsCrumb(projectId), { label: checklist.title }] : undefined}
      actions={
        ready && (
          <>
            <StatusBadge status={checklist.status} />
            <Button variant="ghost" icon={FileSpreadsheet} disabled={units.exporting} onClick={() => units.exportAs('xlsx')}>
              {t('export.excel')}
            </Button>
            <Button variant="ghost" icon={FileText} disabled={units.exporting} onClick={() => units.exportAs('pdf')}>
              {t('export.pdf')}
            </Button>
            {administer && (
              <Button variant="ghost" icon={Copy} onClick={() => units.copy()}>
                {t('copy.open')}
              </Button>
            )}
            {administer && (
              <DeleteAction
                showLabel
                label={t('checklist.delete')}
                disabled={checklist.childCount > 0}
                question={{ title: t('checklist.deleteQuestion', { name: checklist.title }), text: t('checklist.deleteText', { count: checklist.itemCount }) }}
                onConfirmed={() => units.remove()}
              />
            )}
          </>
        )
      }
      loading={valid && !units.loadError && !ready}
      forbidden={units.loadError === 'forbidden'}
      error={units.loadError === 'failed' ? t('checklist.loadFailed') : null}
      onRetry={() => units.retry()}
    >
      {ready && (
        <div className="kit-stack">
          {checklist.description && <p className="kit-multiline">{checklist.description}</p>}
          {administer && checklist.childCount > 0 && (
            <Alert tone="info">
              <p>{t('checklist.hasChildren')}</p>
            </Alert>
          )}
          <RouteTabs label={t('checklist.tabs')} tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`), path: checklistPath(projectId, checklistId, id) }))} selected={tab ?? 'checklists'}>
            {tab === 'metadata' ? <MetadataTab checklist={checklist} project={project} /> : <ItemsTab checklist={checklist} edit={project.accessLevel.edit} administer={administer} />}
          </RouteTabs>
        </div>
      )}
      {units.copying && <CopyDialog />}
    </Page>
  )
}
