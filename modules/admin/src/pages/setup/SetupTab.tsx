import { type DataColumn, DataTable, FormError, FormFrame, Link, ListFilter, SubmitButton, TextField } from '@app/module-kit'
import type { FolderType, SetupItem } from '@app/plugin-setup/shared'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { type FolderTypeSortField, type SetupListModel, activeToggled, folderTypes, setupLists, setupOpened, typeRemoveClicked } from './model'

const DocumentTypes = ({ accountId }: { accountId: number }) => {
  const { t } = useTranslation('admin')
  const { toggle, remove } = useUnit({ toggle: activeToggled, remove: typeRemoveClicked })
  const columns: DataColumn<FolderType, FolderTypeSortField>[] = [
    { key: 'name', sortable: true, header: t('documentTypes.name') },
    { key: 'typeId', sortable: true, header: t('documentTypes.typeId') },
    {
      key: 'active',
      sortable: true,
      header: t('documentTypes.active'),
      render: (row) => (
        <label className="kit-checkbox">
          <input type="checkbox" checked={row.active} onChange={() => toggle(row)} />
          <span className="kit-visually-hidden">{t('documentTypes.activeOf', { name: row.name })}</span>
        </label>
      ),
    },
    { key: 'global', header: t('documentTypes.builtIn'), render: (row) => (row.global ? t('common.yes') : t('common.no')) },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) =>
        row.global ? null : (
          <span className="admin-actions">
            <Link to={`/admin/${accountId}/setup/edit-document-type/${row.id}`} className="kit-button">
              {t('common.edit')}
            </Link>
            {row.deletable && (
              <button type="button" className="admin-danger" onClick={() => remove(row)}>
                {t('common.remove')}
              </button>
            )}
          </span>
        ),
    },
  ]
  return (
    <section className="admin-section" aria-labelledby="admin-document-types-title">
      <h2 id="admin-document-types-title">{t('documentTypes.title')}</h2>
      <p>
        <Link to={`/admin/${accountId}/setup/add-document-type`} className="kit-button kit-button-primary">
          {t('documentTypes.add')}
        </Link>
      </p>
      <ListFilter list={folderTypes} />
      <DataTable list={folderTypes} columns={columns} caption={t('documentTypes.title')} emptyText={t('documentTypes.empty')} rowKey={(row) => row.id} />
    </section>
  )
}

const SetupListSection = ({ model }: { model: SetupListModel }) => {
  const { t } = useTranslation('admin')
  const { editing, edit, cancel, remove } = useUnit({
    editing: model.$editing,
    edit: model.editClicked,
    cancel: model.editCancelled,
    remove: model.removeClicked,
  })
  const id = model.list.id
  const columns: DataColumn<SetupItem>[] = [
    ...model.list.fields.map((field) => ({ key: field.name, sortable: true as const, header: t(`setup.field.${id}.${field.name}`) })),
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row: SetupItem) => (
        <span className="admin-actions">
          <button type="button" className="kit-button" onClick={() => edit(row)}>
            {t('common.edit')}
          </button>
          <button type="button" className="admin-danger" onClick={() => remove(row)}>
            {t('common.remove')}
          </button>
        </span>
      ),
    },
  ]
  return (
    <section className="admin-section" aria-labelledby={`admin-setup-${id}-title`}>
      <h2 id={`admin-setup-${id}-title`}>{t(`setup.title.${id}`)}</h2>
      <FormFrame form={model.form}>
        <div className="admin-inline-form">
          {model.list.fields.map((field) => (
            <TextField key={field.name} form={model.form} name={field.name} label={t(`setup.field.${id}.${field.name}`)} />
          ))}
          <SubmitButton form={model.form}>{editing ? t('common.save') : t('common.add')}</SubmitButton>
          {editing && (
            <button type="button" className="kit-button" onClick={() => cancel()}>
              {t('common.cancel')}
            </button>
          )}
        </div>
        <FormError form={model.form} />
      </FormFrame>
      <ListFilter list={model.rows} />
      <DataTable list={model.rows} columns={columns} caption={t(`setup.title.${id}`)} emptyText={t('setup.empty')} rowKey={(row) => row.id} />
    </section>
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
