/** The Actions tab of a document (part1 §2): its action plan, and a dialog to add or change a row. */
import {
  Badge,
  Button,
  CheckboxField,
  DeleteAction,
  Dialog,
  DialogActions,
  EmptyState,
  FormError,
  FormFrame,
  FormGrid,
  IconButton,
  LoadFailed,
  SelectField,
  Skeleton,
  SubmitButton,
  Table,
  type TableColumn,
  TextAreaField,
  TextField,
  useFormat,
} from '@app/module-kit'
import { COMMENT_FROM, type Folder, type FolderAction } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { Check, ClipboardList, Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $choices } from '../../choices'
import { personName } from '../../crumbs'
import {
  $actions,
  $actionsFailed,
  $actionsLoading,
  $editingAction,
  actionEditClosed,
  actionEditStarted,
  actionForm,
  actionRemoveConfirmed,
  actionsOpened,
  actionsRetried,
  dueDay,
} from './actions.model'

/** A new row, or one changed: every field of the spec's row, the description required. */
const ActionDialog = () => {
  const { t } = useTranslation('documents')
  const { close, editing, choices } = useUnit({ close: actionEditClosed, editing: $editingAction, choices: $choices })
  if (!editing) return null
  const adding = editing.id === null
  // The project's people; a row's responsible who has left the project since stays offered.
  const people = choices.responsibles.map((person) => ({ value: String(person.id), label: person.name }))
  if (editing.responsible && !people.some((option) => option.value === String(editing.responsible!.id)))
    people.push({ value: String(editing.responsible.id), label: editing.responsible.name })
  return (
    <Dialog title={t(adding ? 'actions.addTitle' : 'actions.editTitle')} size="lg" onClose={() => close()}>
      <FormFrame form={actionForm}>
        <FormGrid>
          <TextField form={actionForm} name="description" label={t('actions.columns.description')} />
          <TextField form={actionForm} name="plannedOn" type="date" label={t('actions.columns.plannedOn')} />
          <SelectField form={actionForm} name="responsibleId" label={t('actions.columns.responsible')} options={people} />
          <TextField form={actionForm} name="processingWeeks" type="number" label={t('actions.columns.processingWeeks')} />
          <SelectField
            form={actionForm}
            name="commentFrom"
            label={t('actions.columns.commentFrom')}
            options={COMMENT_FROM.map((value) => ({ value, label: t(`actions.commentFrom.${value}`) }))}
          />
          <TextField form={actionForm} name="acceptanceCode" label={t('actions.columns.acceptanceCode')} />
          <TextAreaField form={actionForm} name="notes" label={t('actions.columns.notes')} />
          <CheckboxField form={actionForm} name="finalized" label={t('actions.columns.finalized')} />
        </FormGrid>
        <FormError form={actionForm} />
        <DialogActions>
          <Button onClick={() => close()}>{t('common.cancel')}</Button>
          <SubmitButton form={actionForm}>{t(adding ? 'actions.add' : 'actions.save')}</SubmitButton>
        </DialogActions>
      </FormFrame>
    </Dialog>
  )
}

/** The document's action plan by planned day: each row's due day and how many days it is overdue. */
export const ActionsTab = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const { opened, actions, failed, loading, retry, edit, remove, editing } = useUnit({
    opened: actionsOpened,
    actions: $actions,
    failed: $actionsFailed,
    loading: $actionsLoading,
    retry: actionsRetried,
    edit: actionEditStarted,
    remove: actionRemoveConfirmed,
    editing: $editingAction,
  })
  useEffect(() => {
    opened(folder.id)
  }, [opened, folder.id])
  const archived = folder.state === 'ARCHIVED'
  const day = (epoch: number | null) => (epoch === null ? '' : format.date(epoch))
  const columns: TableColumn<FolderAction>[] = [
    { key: 'description', header: t('actions.columns.description'), rowHeader: true },
    { key: 'plannedOn', header: t('actions.columns.plannedOn'), render: (action) => day(action.plannedOn) },
    { key: 'responsible', header: t('actions.columns.responsible'), render: (action) => personName(action.responsible) },
    { key: 'dueOn', header: t('actions.columns.dueOn'), render: (action) => day(dueDay(action)) },
    {
      key: 'daysOverdue',
      header: t('actions.columns.daysOverdue'),
      render: (action) => (action.daysOverdue > 0 ? <Badge tone="danger">{format.number(action.daysOverdue)}</Badge> : format.number(action.daysOverdue)),
    },
    {
      key: 'finalized',
      header: t('actions.columns.finalized'),
      render: (action) =>
        action.finalized && (
          <>
            <Check size={16} aria-hidden="true" />
            <span className="kit-visually-hidden">{t('actions.finalizedYes')}</span>
          </>
        ),
    },
    { key: 'commentFrom', header: t('actions.columns.commentFrom'), render: (action) => (action.commentFrom ? t(`actions.commentFrom.${action.commentFrom}`) : '') },
    {
      key: 'actions',
      header: t('files.actions'),
      actions: true,
      render: (action) =>
        !archived && (
          <>
            <IconButton icon={Pencil} size="sm" label={t('actions.editOne', { name: action.description })} onClick={() => edit(action)} />
            <DeleteAction
              label={t('actions.deleteOne', { name: action.description })}
              question={{ title: t('actions.deleteQuestion', { name: action.description }) }}
              onConfirmed={() => remove(action)}
            />
          </>
        ),
    },
  ]
  return (
    <div className="kit-stack">
      {!archived && (
        <div className="kit-row">
          <Button icon={Plus} variant="primary" onClick={() => edit(null)}>
            {t('actions.add')}
          </Button>
        </div>
      )}
      {failed ? (
        <LoadFailed text={t('actions.loadFailed')} onRetry={() => retry()} />
      ) : actions === null ? (
        <Skeleton lines={3} />
      ) : actions.length === 0 ? (
        <EmptyState icon={ClipboardList} title={t('actions.empty')} text={t(archived ? 'actions.emptyArchived' : 'actions.emptyText')} />
      ) : (
        <Table columns={columns} rows={actions} rowKey={(action) => action.id} caption={t('actions.caption', { count: actions.length })} busy={loading} />
      )}
      {archived && actions !== null && actions.length > 0 && <p>{t('actions.archivedHint')}</p>}
      {editing && <ActionDialog />}
    </div>
  )
}
