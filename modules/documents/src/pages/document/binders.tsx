/** The Binders and lists tab of a document (part1 §2): the binders it is in, and (EDIT) a dialog to add it to one. */
import {
  Button,
  DeleteAction,
  Dialog,
  DialogActions,
  EmptyState,
  FormError,
  FormFrame,
  LoadFailed,
  RadioGroup,
  SelectField,
  Skeleton,
  SubmitButton,
  Table,
  type TableColumn,
  TextField,
  TextLink,
  useFormat,
} from '@app/module-kit'
import type { Folder, FolderBinder } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { BookOpen, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { binderPath, bindersPath } from '../../binders-api'
import { documentTitle, personName } from '../../crumbs'
import {
  $addMode,
  $adding,
  $choices,
  $choicesFailed,
  $folderBinders,
  $folderBindersFailed,
  $folderBindersLoading,
  addClosed,
  addModeChosen,
  addStarted,
  bindersTabOpened,
  bindersTabRetried,
  existingForm,
  newBinderForm,
  removeConfirmed,
} from './binders.model'

/** Into one of the project's binders, or a new one named here. */
const AddDialog = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const { close, mode, choose, choices, failed } = useUnit({ close: addClosed, mode: $addMode, choose: addModeChosen, choices: $choices, failed: $choicesFailed })
  const offered = choices ?? []
  return (
    <Dialog title={t('binders.addTitle', { name: documentTitle(folder) })} onClose={() => close()}>
      <div className="kit-stack">
        {failed && (
          <p className="kit-field-message" role="alert">
            {t('binders.loadFailed')}
          </p>
        )}
        {offered.length > 0 && (
          <RadioGroup
            legend={t('binders.addTo')}
            value={mode}
            options={[
              { value: 'existing', label: t('binders.existing') },
              { value: 'new', label: t('binders.newOne') },
            ]}
            onChange={(value) => choose(value === 'new' ? 'new' : 'existing')}
          />
        )}
        {choices === null && !failed ? (
          <Skeleton lines={2} />
        ) : mode === 'existing' && offered.length > 0 ? (
          <FormFrame form={existingForm}>
            <SelectField form={existingForm} name="listId" label={t('binders.binder')} options={offered.map((binder) => ({ value: String(binder.id), label: binder.name }))} />
            <FormError form={existingForm} />
            <DialogActions>
              <Button onClick={() => close()}>{t('common.cancel')}</Button>
              <SubmitButton form={existingForm}>{t('binders.add')}</SubmitButton>
            </DialogActions>
          </FormFrame>
        ) : (
          <FormFrame form={newBinderForm}>
            <TextField form={newBinderForm} name="name" label={t('binders.newName')} />
            <FormError form={newBinderForm} />
            <DialogActions>
              <Button onClick={() => close()}>{t('common.cancel')}</Button>
              <SubmitButton form={newBinderForm}>{t('binders.createAndAdd')}</SubmitButton>
            </DialogActions>
          </FormFrame>
        )}
      </div>
    </Dialog>
  )
}

export const BindersTab = ({ folder, edit }: { folder: Folder; edit: boolean }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const units = useUnit({
    opened: bindersTabOpened,
    retry: bindersTabRetried,
    binders: $folderBinders,
    failed: $folderBindersFailed,
    loading: $folderBindersLoading,
    adding: $adding,
    add: addStarted,
    remove: removeConfirmed,
  })
  const { opened } = units
  useEffect(() => {
    opened({ folderId: folder.id, projectId: folder.projectId })
  }, [opened, folder.id, folder.projectId])
  const title = documentTitle(folder)
  const columns: TableColumn<FolderBinder>[] = [
    { key: 'name', header: t('binders.name'), rowHeader: true, wrap: true, render: (binder) => <TextLink to={binderPath(folder.projectId, binder.id)}>{binder.name}</TextLink> },
    { key: 'position', header: t('binders.place'), render: (binder) => t('binders.placeOf', { position: binder.position, count: binder.documentCount }) },
    { key: 'addedAt', header: t('binders.addedAt'), render: (binder) => format.date(binder.addedAt) },
    { key: 'addedBy', header: t('binders.addedBy'), render: (binder) => personName(binder.addedBy) },
    ...(edit
      ? [
          {
            key: 'actions',
            header: t('files.actions'),
            actions: true,
            render: (binder: FolderBinder) => (
              <DeleteAction
                label={t('binders.removeFrom', { name: binder.name })}
                question={{ title: t('binders.removeFromQuestion', { name: title, binder: binder.name }), text: t('binder.removeText') }}
                onConfirmed={() => units.remove(binder)}
              />
            ),
          },
        ]
      : []),
  ]
  return (
    <div className="kit-stack">
      <div className="kit-row">
        {edit && (
          <Button icon={Plus} variant="primary" onClick={() => units.add()}>
            {t('binders.addToBinder')}
          </Button>
        )}
        <Button icon={BookOpen} to={bindersPath(folder.projectId)}>
          {t('binders.all')}
        </Button>
      </div>
      {units.failed ? (
        <LoadFailed text={t('binders.tabLoadFailed')} onRetry={() => units.retry()} />
      ) : units.binders === null ? (
        <Skeleton lines={2} />
      ) : units.binders.length === 0 ? (
        <EmptyState icon={BookOpen} title={t('binders.inNone')} text={t(edit ? 'binders.inNoneText' : 'binders.inNoneReadOnly')} />
      ) : (
        <Table columns={columns} rows={units.binders} rowKey={(binder) => binder.id} caption={t('binders.tabCaption', { count: units.binders.length })} busy={units.loading} />
      )}
      {units.adding && <AddDialog folder={folder} />}
    </div>
  )
}
