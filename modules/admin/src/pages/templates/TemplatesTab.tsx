import { Button, Card, type DataColumn, DataTable, DeleteAction, ListFilter, useFormat } from '@app/module-kit'
import { TEMPLATE_EXTENSIONS, type Template } from '@app/plugin-setup/shared'
import { useUnit } from 'effector-react'
import { Download, Upload } from 'lucide-react'
import { type FormEvent, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  $appendable,
  $file,
  $uploadCount,
  $uploadError,
  $uploading,
  ACCEPT,
  appendableChanged,
  appendableToggled,
  downloadClicked,
  fileChosen,
  type TemplateSortField,
  removeConfirmed,
  templates,
  templatesOpened,
  uploadClicked,
} from './model'

export const TemplatesTab = ({ accountId }: { accountId: number }) => {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const u = useUnit({
    file: $file,
    appendable: $appendable,
    error: $uploadError,
    uploading: $uploading,
    uploads: $uploadCount,
    opened: templatesOpened,
    choose: fileChosen,
    setAppendable: appendableChanged,
    upload: uploadClicked,
    download: downloadClicked,
    toggle: appendableToggled,
    remove: removeConfirmed,
  })
  useEffect(() => {
    u.opened(accountId)
  }, [u.opened, accountId])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    u.upload()
  }
  const columns: DataColumn<Template, TemplateSortField>[] = [
    { key: 'name', sortable: true, rowHeader: true, header: t('templates.name') },
    { key: 'size', sortable: true, header: t('templates.size'), render: (row) => format.storageBytes(row.size) },
    { key: 'createdAt', sortable: true, header: t('templates.created'), render: (row) => format.date(row.createdAt) },
    {
      key: 'appendable',
      sortable: true,
      header: t('templates.appendable'),
      render: (row) => (
        <label className="kit-checkbox">
          <input type="checkbox" checked={row.appendable} onChange={() => u.toggle(row)} />
          <span className="kit-visually-hidden">{t('templates.appendableOf', { name: row.name })}</span>
        </label>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) => (
        <span className="kit-row">
          <Button size="sm" variant="ghost" icon={Download} aria-label={t('templates.downloadOf', { name: row.name })} onClick={() => u.download(row)}>
            {t('templates.download')}
          </Button>
          <DeleteAction
            label={t('templates.removeOf', { name: row.name })}
            question={{ title: t('templates.confirmRemove', { name: row.name }) }}
            onConfirmed={() => u.remove(row)}
          />
        </span>
      ),
    },
  ]
  return (
    <Card title={t('templates.title')}>
      <div className="kit-stack">
      <form className="admin-inline-form" onSubmit={submit} noValidate>
        <div className="kit-field">
          <label htmlFor="admin-template-file" className="kit-field-label">
            {t('templates.file')}
          </label>
          <input
            key={u.uploads}
            id="admin-template-file"
            type="file"
            accept={ACCEPT}
            aria-invalid={Boolean(u.error)}
            aria-describedby="admin-template-file-message"
            onChange={(e) => u.choose(e.target.files?.[0] ?? null)}
          />
          <p id="admin-template-file-message" className={u.error ? 'kit-field-message' : 'admin-hint'} aria-live="polite">
            {u.error ? t(u.error) : t('templates.formats', { formats: TEMPLATE_EXTENSIONS.join(', ') })}
          </p>
        </div>
        <label className="kit-checkbox">
          <input type="checkbox" checked={u.appendable} onChange={(e) => u.setAppendable(e.target.checked)} />
          <span>{t('templates.appendable')}</span>
        </label>
        <Button type="submit" variant="primary" icon={Upload} disabled={u.uploading} aria-busy={u.uploading}>
          {t('templates.upload')}
        </Button>
      </form>
      <ListFilter list={templates} />
      <DataTable list={templates} columns={columns} caption={t('templates.title')} emptyText={t('templates.empty')} rowKey={(row) => row.id} />
      </div>
    </Card>
  )
}
