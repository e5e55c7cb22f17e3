import { Badge, Button, Card, Checkbox, type DataColumn, DataTable, DeleteAction, FormError, FormFrame, ListFilter, SubmitButton, TextField } from '@app/module-kit'
import type { FolderType, SetupItem } from '@app/plugin-setup/shared'
import { useUnit } from 'effector-react'
import { Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { type FolderTypeSortField, type SetupListModel, activeToggled, folderTypes, setupLists, setupOpened, typeRemoveConfirmed } from './model'

const DocumentTypes = ({ accountId }: { accountId: number }) => {
  const { t } = useTranslation('admin')
  const { toggle, remove } = useUnit({ toggle: activeToggled, remove: typeRemoveConfirmed })
  const columns: DataColumn<FolderType, FolderTypeSortField>[] = [
    { key: 'name', sortable: true, rowHeader: true, header: t('documentTypes.name') },
    { key: 'typeId', sortable: true, header: t('documentTypes.typeId') },
    {
      key: 'active',
      sortable: true,
      header: t('documentTypes.active'),
      render: (row) => <Checkbox hideLabel label={t('documentTypes.activeOf', { name: row.name })} checked={row.active} onChange={() => toggle(row)} />,
    },
    { key: 'global', header: t('documentTypes.builtIn'), render: (row) => row.global && <Badge>{t('documentTypes.builtIn')}</Badge> },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      render: (row) =>
        row.global ? null : (
          <span className="kit-row">
            <Button
              to={`/admin/${accountId}/setup/edit-document-type/${row.id}`}
              size="sm"
              variant="ghost"
              icon={Pencil}
              aria-label={t('documentTypes.editOf', { name: row.name })}
            >
              {t('common.edit')}
            </Button>
            {row.deletable && (
              <DeleteAction
                label={t('documentTypes.removeOf', { name: row.name })}
                question={{ title: t('documentTypes.confirmRemove', { name: row.name }) }}
                onConfirmed={() => remove(row)}
              />
            )}
          </span>
        ),
    },
  ]
  return (
    <Card
      title={t('documentTypes.title')}
      actions={
        <Button to={`/admin/${accountId}/setup/add-document-type`} variant="primary" icon={Plus}>
          {t('documentTypes.add')}
        </Button>
      }
    >
      <div className="kit-stack">
        <ListFilter list={folderTypes} />
        <DataTable list={folderTypes} columns={columns} caption={t('documentTypes.title')} emptyText={t('documentTypes.empty')} rowKey={(row) => row.id} />
      </div>
    </Card>
  )
}

const SetupListSection = ({ model }: { model: SetupListModel }) => {
  const { t } = useTranslation('admin')
  const { editing, edit, cancel, remove } = useUnit({
    editing: model.$editing,
    edit: model.editClicked,
    cancel: model.editCancelled,
    remove: model.removeConfirmed,
  })
  const id = model.list.id
  const nameOf = (row: SetupItem) => String(row[model.list.unique])
  const columns: DataColumn<SetupItem>[] = [
    ...model.list.fields.map((field, index) => ({
      key: field.name,
      sortable: true as const,
      rowHeader: index === 0,
      header: t(`setup.field.${id}.${field.name}`),
    })),
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      render: (row: SetupItem) => (
        <span className="kit-row">
          <Button size="sm" variant="ghost" icon={Pencil} aria-label={t('setup.editOf', { name: nameOf(row) })} onClick={() => edit(row)}>
            {t('common.edit')}
          </Button>
          <DeleteAction
            label={t('setup.removeOf', { name: nameOf(row) })}
            question={{ title: t('setup.confirmRemove', { name: nameOf(row) }) }}
            onConfirmed={() => remove(row)}
          />
        </span>
      ),
    },
  ]
  return (
    <Card title={t(`setup.title.${id}`)}>
      <div className="kit-stack">
        <FormFrame form={model.form}>
          <div className="admin-inline-form">
            {model.list.fields.map((field) => (
              <TextField key={field.name} form={model.form} name={field.name} label={t(`setup.field.${id}.${field.name}`)} />
            ))}
            <SubmitButton form={model.form}>{editing ? t('common.save') : t('common.add')}</SubmitButton>
            {editing && <Button onClick={() => cancel()}>{t('common.cancel')}</Button>}
          </div>
          <FormError form={model.form} />
        </FormFrame>
        <ListFilter list={model.rows} />
        <DataTable list={model.rows} columns={columns} caption={t(`setup.title.${id}`)} emptyText={t('setup.empty')} rowKey={(row) => row.id} />
      </div>
    </Card>
  )
}

/** Document types, life cycles, revision/archive types, material type aliases, classifications and material life cycle. */
export const SetupTab = ({ accountId }: { accountId: number }) => {
  const opened = useUnit(setupOpened)
  useEffect(() => {
    opened(accountId)
  }, [opened, accountId])
  return (
    <>
      <DocumentTypes accountId={accountId} />
      {setupLists.map((model) => (
        <SetupListSection key={model.list.id} model={model} />
      ))}
    </>
  )
}
