import { Alert, Button, dashboardCrumb, IconButton, Page, type RouteProps, Select, Table, type TableColumn, useText } from '@app/module-kit'
import { useStoreMap, useUnit } from 'effector-react'
import { ClipboardPaste, Plus, Trash2 } from 'lucide-react'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { $choices } from '../../choices'
import { documentsCrumb, projectCrumb } from '../../crumbs'
import { $bulk, $rowErrors, $rows, type BulkField, type BulkRow, bulkOpened, createClicked, pasteApplied, pasteChanged, rowAdded, rowChanged, rowRemoved, typeChosen } from './model'

/** A row's number, title or revision in its table cell: named by its column and row, its message under it as the kit's fields show one. */
const CellInput = ({ row, field, label }: { row: BulkRow; field: BulkField; label: string }) => {
  const text = useText()
  const change = useUnit(rowChanged)
  const error = useStoreMap({ store: $rowErrors, keys: [row.key, field], fn: (errors, [key, name]) => errors[key]?.[name] ?? null })
  const id = `${useId()}-${field}`
  return (
    <>
      <input
        id={id}
        className="kit-input"
        aria-label={label}
        value={row[field]}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-message` : undefined}
        data-status={error ? 'Error' : undefined}
        onChange={(event) => change({ key: row.key, field, value: event.target.value })}
      />
      {error && (
        <p id={`${id}-message`} className="kit-field-message">
          {text(error.key, error.values)}
        </p>
      )}
    </>
  )
}

export const BulkDocumentsPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('documents')
  const text = useText()
  const pasteId = useId()
  const { opened, bulk, rows, choices, choose, add, remove, paste, applyPaste, create } = useUnit({
    opened: bulkOpened,
    bulk: $bulk,
    rows: $rows,
    choices: $choices,
    choose: typeChosen,
    add: rowAdded,
    remove: rowRemoved,
    paste: pasteChanged,
    applyPaste: pasteApplied,
    create: createClicked,
  })
  const projectId = Number(params.projectId)
  useEffect(() => {
    opened(projectId)
  }, [opened, projectId])

  const { project, loadError } = bulk
  const list = `/project/${projectId}/documents`
  const place = (row: BulkRow) => rows.indexOf(row) + 1
  const columns: TableColumn<BulkRow>[] = [
    { key: 'row', header: t('bulk.row'), rowHeader: true, render: (row) => place(row) },
    ...(['symbol', 'name', 'revision'] as const).map((field) => ({
      key: field,
      header: t(`bulk.${field}`),
      render: (row: BulkRow) => <CellInput row={row} field={field} label={t('bulk.cell', { column: t(`bulk.${field}`), row: place(row) })} />,
    })),
    {
      key: 'remove',
      header: t('bulk.actions'),
      actions: true,
      render: (row) => <IconButton icon={Trash2} size="sm" className="kit-button-quiet-danger" label={t('bulk.removeRow', { row: place(row) })} onClick={() => remove(row.key)} />,
    },
  ]
  return (
    <Page
      title={t('bulk.title')}
      crumbs={project ? [dashboardCrumb(), documentsCrumb(), projectCrumb(project), { label: 'documents:bulk.title' }] : [dashboardCrumb(), documentsCrumb()]}
      loading={!project && !loadError}
      // Creating documents needs EDIT on the project (part1 §2, as a new document).
      forbidden={loadError === 'forbidden' || (project !== null && !project.accessLevel.edit)}
      error={loadError === 'notFound' ? t('project.notFound') : loadError === 'failed' ? t('project.loadFailed') : null}
      onRetry={() => opened(projectId)}
    >
      <div className="kit-form">
        <p className="kit-field-hint">{t('bulk.intro')}</p>
        <div>
          <Select
            label={t('fields.folderTypeId')}
            value={bulk.typeId}
            options={choices.types.map((type) => ({ value: String(type.id), label: type.name }))}
            empty={t('bulk.chooseType')}
            onChange={choose}
          />
          {bulk.typeError && (
            <p className="kit-field-message" role="alert">
              {text(bulk.typeError.key, bulk.typeError.values)}
            </p>
          )}
        </div>
        <Table caption={t('bulk.caption', { count: rows.length })} rows={rows} rowKey={(row) => row.key} columns={columns} />
        <div className="kit-row">
          <Button icon={Plus} onClick={() => add()}>
            {t('bulk.addRow')}
          </Button>
        </div>
        <div className="kit-field">
          <label htmlFor={pasteId} className="kit-field-label">
            {t('bulk.paste')}
          </label>
          <textarea
            id={pasteId}
            className="kit-input"
            rows={4}
            value={bulk.paste}
            aria-describedby={`${pasteId}-hint`}
            onChange={(event) => paste(event.target.value)}
          />
          <p id={`${pasteId}-hint`} className="kit-field-hint">
            {t('bulk.pasteHint')}
          </p>
        </div>
        <div className="kit-row">
          <Button icon={ClipboardPaste} disabled={!bulk.paste.trim()} onClick={() => applyPaste()}>
            {t('bulk.pasteApply')}
          </Button>
        </div>
        {bulk.formError && (
          <Alert tone="error">
            <p>{text(bulk.formError)}</p>
          </Alert>
        )}
        <div className="kit-row">
          <Button variant="primary" disabled={bulk.sending} onClick={() => create()}>
            {t('bulk.create')}
          </Button>
          <Button to={list}>{t('common.cancel')}</Button>
        </div>
      </div>
    </Page>
  )
}
