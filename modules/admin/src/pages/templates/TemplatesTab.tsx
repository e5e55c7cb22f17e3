import { Button, Card, Checkbox, type DataColumn, DataTable, DeleteAction, FileInput, ListFilter, useFormat } from '@app/module-kit'
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
      render: (row) => <Checkbox hideLabel label={t('templates.appendableOf', { name: row.name })} checked={row.appendable} onChange={() => u.toggle(row)} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
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
      <form className="kit-stack" onSubmit={submit} noValidate>
        <FileInput
          key={u.uploads}
          label={t('templates.file')}
          accept={ACCEPT}
          hint={t('templates.formats', { formats: TEMPLATE_EXTENSIONS.join(', ') })}
          error={u.error && t(u.error)}
          onChange={u.choose}
        />
        <Checkbox label={t('templates.appendable')} checked={u.appendable} onChange={u.setAppendable} />
        <div>
          <Button type="submit" variant="primary" icon={Upload} disabled={u.uploading} aria-busy={u.uploading}>
            {t('templates.upload')}
          </Button>
        </div>
      </form>
      <ListFilter list={templates} />
      <DataTable list={templates} columns={columns} caption={t('templates.title')} emptyText={t('templates.empty')} rowKey={(row) => row.id} />
      </div>
    </Card>
  )
}
