/** /project/{projectId}/documents/binders/{listId}: a binder's documents in order; EDIT moves, takes out, renames and deletes. */
import {
  Badge,
  Button,
  DeleteAction,
  EmptyState,
  IconButton,
  MissingPage,
  Page,
  type RouteProps,
  Table,
  type TableColumn,
  TextLink,
  dashboardCrumb,
} from '@app/module-kit'
import type { BinderItem } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { ArrowDown, ArrowUp, BookOpen, Pencil } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { bindersPath } from '../../binders-api'
import { documentPath, documentTitle, documentsCrumb, projectCrumb } from '../../crumbs'
import { BinderNameDialog } from '../binders/name-dialog'
import {
  $binder,
  $changing,
  $loadError,
  $moved,
  $project,
  $renaming,
  binderOpened,
  binderRetried,
  deleteConfirmed,
  moveClicked,
  removeConfirmed,
  renameClosed,
  renameForm,
  renameStarted,
} from './model'

export const BinderPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('documents')
  const units = useUnit({
    opened: binderOpened,
    retry: binderRetried,
    project: $project,
    binder: $binder,
    loadError: $loadError,
    changing: $changing,
    moved: $moved,
    renaming: $renaming,
    move: moveClicked,
    remove: removeConfirmed,
    rename: renameStarted,
    closeRename: renameClosed,
    drop: deleteConfirmed,
  })
  const { opened } = units
  const projectId = Number(params.projectId)
  const listId = Number(params.listId)
  const valid = [projectId, listId].every((id) => Number.isInteger(id) && id > 0)
  useEffect(() => {
    if (valid) opened({ projectId, listId })
  }, [opened, projectId, listId, valid])

  const project = units.project?.id === projectId ? units.project : null
  const binder = units.binder?.id === listId && units.binder.projectId === projectId ? units.binder : null
  const mayEdit = project?.accessLevel.edit === true
  const count = binder?.documents.length ?? 0
  const columns: TableColumn<BinderItem>[] = [
    { key: 'position', header: t('binder.position'), render: (item) => item.position },
    { key: 'symbol', header: t('fields.symbol'), render: (item) => item.symbol ?? '' },
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      wrap: true,
      // Below EDIT the title is plain text (part1 §6): the document's pages need EDIT.
      render: (item) => (mayEdit ? <TextLink to={documentPath(projectId, item.folderId)}>{item.name}</TextLink> : item.name),
    },
    { key: 'revision', header: t('revisions.revision'), render: (item) => item.revision ?? '' },
    { key: 'state', header: t('list.state'), render: (item) => <Badge tone={item.state === 'ARCHIVED' ? 'info' : 'neutral'}>{t(`values.state.${item.state}`)}</Badge> },
    ...(mayEdit
      ? [
          {
            key: 'actions',
            header: t('files.actions'),
            actions: true,
            render: (item: BinderItem) => {
              const title = documentTitle(item)
              return (
                <>
                  <IconButton
                    icon={ArrowUp}
                    size="sm"
                    label={t('binder.moveUp', { name: title })}
                    disabled={item.position === 1 || units.changing}
                    onClick={() => units.move({ item, by: -1 })}
                  />
                  <IconButton
                    icon={ArrowDown}
                    size="sm"
                    label={t('binder.moveDown', { name: title })}
                    disabled={item.position === count || units.changing}
                    onClick={() => units.move({ item, by: 1 })}
                  />
                  <DeleteAction
                    label={t('binder.removeOne', { name: title })}
                    question={{ title: t('binder.removeQuestion', { name: title, binder: binder?.name ?? '' }), text: t('binder.removeText') }}
                    onConfirmed={() => units.remove(item)}
                  />
                </>
              )
            },
          },
        ]
      : []),
  ]
  if (!valid || units.loadError === 'notFound')
    return <MissingPage title={t('binder.notFound')} icon={BookOpen} text={t('binder.notFoundText')} back={{ to: valid ? bindersPath(projectId) : '/documents', label: t('binder.back') }} />
  const title = binder?.name ?? t('binder.title')
  return (
    <Page
      title={title}
      crumbs={
        project
          ? [dashboardCrumb(), documentsCrumb(), projectCrumb(project), { label: 'documents:binders.title', href: bindersPath(projectId) }, ...(binder ? [{ label: binder.name }] : [])]
          : [dashboardCrumb(), documentsCrumb()]
      }
      actions={
        mayEdit &&
        binder && (
          <>
            <Button variant="ghost" icon={Pencil} onClick={() => units.rename()}>
              {t('binder.rename')}
            </Button>
            <DeleteAction
              showLabel
              label={t('binder.delete')}
              question={{ title: t('binders.deleteQuestion', { name: binder.name }), text: t('binders.deleteText') }}
              onConfirmed={() => units.drop()}
            />
          </>
        )
      }
      loading={valid && !units.loadError && !(project && binder)}
      forbidden={units.loadError === 'forbidden'}
      error={units.loadError === 'failed' ? t('binder.loadFailed') : null}
      onRetry={() => units.retry()}
    >
      {binder && (
        <div className="kit-stack">
          {binder.documents.length === 0 ? (
            <EmptyState icon={BookOpen} title={t('binder.empty')} text={t(mayEdit ? 'binder.emptyText' : 'binder.emptyReadOnly')} />
          ) : (
            <Table columns={columns} rows={binder.documents} rowKey={(item) => item.folderId} caption={t('binder.caption', { name: binder.name, count })} busy={units.changing} />
          )}
          <div className="kit-row">
            <Button to={bindersPath(projectId)} variant="ghost">
              {t('binder.back')}
            </Button>
          </div>
          <p className="kit-visually-hidden" role="status">
            {units.moved ? t(units.moved.key, units.moved.values) : ''}
          </p>
        </div>
      )}
      {units.renaming && binder && <BinderNameDialog form={renameForm} renaming={binder.name} onClose={() => units.closeRename()} />}
    </Page>
  )
}
