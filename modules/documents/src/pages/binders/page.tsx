/** /project/{projectId}/documents/binders: the project's binders, and (EDIT) a new one, a rename and a delete. */
import {
  Button,
  DeleteAction,
  EmptyState,
  IconButton,
  LoadFailed,
  MissingPage,
  Page,
  type RouteProps,
  Skeleton,
  Table,
  type TableColumn,
  TextLink,
  dashboardCrumb,
  useFormat,
} from '@app/module-kit'
import type { Binder } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { BookOpen, Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { binderPath } from '../../binders-api'
import { documentsCrumb, projectCrumb } from '../../crumbs'
import {
  $binders,
  $bindersLoading,
  $editing,
  $loadError,
  $project,
  binderDeleteConfirmed,
  binderEditClosed,
  binderEditStarted,
  binderForm,
  bindersOpened,
  bindersRetried,
} from './model'
import { BinderNameDialog } from './name-dialog'

export const BindersPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const units = useUnit({
    opened: bindersOpened,
    retry: bindersRetried,
    project: $project,
    loadError: $loadError,
    binders: $binders,
    loading: $bindersLoading,
    editing: $editing,
    edit: binderEditStarted,
    close: binderEditClosed,
    remove: binderDeleteConfirmed,
  })
  const { opened } = units
  const projectId = Number(params.projectId)
  const valid = Number.isInteger(projectId) && projectId > 0
  useEffect(() => {
    if (valid) opened(projectId)
  }, [opened, projectId, valid])

  const project = units.project?.id === projectId ? units.project : null
  const mayEdit = project?.accessLevel.edit === true
  const binders = units.binders
  const columns: TableColumn<Binder>[] = [
    { key: 'name', header: t('binders.name'), rowHeader: true, wrap: true, render: (binder) => <TextLink to={binderPath(projectId, binder.id)}>{binder.name}</TextLink> },
    { key: 'documentCount', header: t('binders.documents'), render: (binder) => format.number(binder.documentCount) },
    { key: 'updatedAt', header: t('binders.updatedAt'), render: (binder) => format.date(binder.updatedAt) },
    ...(mayEdit
      ? [
          {
            key: 'actions',
            header: t('files.actions'),
            actions: true,
            render: (binder: Binder) => (
              <>
                <IconButton icon={Pencil} size="sm" label={t('binders.renameOne', { name: binder.name })} onClick={() => units.edit(binder)} />
                <DeleteAction
                  label={t('binders.deleteOne', { name: binder.name })}
                  question={{ title: t('binders.deleteQuestion', { name: binder.name }), text: t('binders.deleteText') }}
                  onConfirmed={() => units.remove(binder)}
                />
              </>
            ),
          },
        ]
      : []),
  ]
  if (!valid || units.loadError === 'notFound')
    return <MissingPage title={t('project.notFound')} icon={BookOpen} text={t('binders.notFoundText')} back={{ to: '/documents', label: t('binders.backToDocuments') }} />
  return (
    <Page
      title={t('binders.title')}
      crumbs={project ? [dashboardCrumb(), documentsCrumb(), projectCrumb(project), { label: 'documents:binders.title' }] : [dashboardCrumb(), documentsCrumb()]}
      actions={
        mayEdit && (
          <Button variant="primary" icon={Plus} onClick={() => units.edit(null)}>
            {t('binders.new')}
          </Button>
        )
      }
      loading={!project && !units.loadError}
      forbidden={units.loadError === 'forbidden'}
      error={units.loadError === 'failed' && !project ? t('project.loadFailed') : null}
      onRetry={() => units.retry()}
    >
      <div className="kit-stack">
        <p className="kit-field-hint">{t('binders.intro')}</p>
        {units.loadError === 'failed' ? (
          <LoadFailed text={t('binders.loadFailed')} onRetry={() => units.retry()} />
        ) : binders === null ? (
          <Skeleton lines={3} />
        ) : binders.length === 0 ? (
          <EmptyState
            icon={BookOpen}
            title={t('binders.empty')}
            text={t(mayEdit ? 'binders.emptyText' : 'binders.emptyReadOnly')}
            action={
              mayEdit && (
                <Button icon={Plus} onClick={() => units.edit(null)}>
                  {t('binders.new')}
                </Button>
              )
            }
          />
        ) : (
          <Table columns={columns} rows={binders} rowKey={(binder) => binder.id} caption={t('binders.caption', { count: binders.length })} busy={units.loading} />
        )}
      </div>
      {units.editing && <BinderNameDialog form={binderForm} renaming={units.editing.binder?.name ?? null} onClose={() => units.close()} />}
    </Page>
  )
}
