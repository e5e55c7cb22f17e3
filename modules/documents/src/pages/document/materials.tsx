/** The Material list tab of a document (part1 §2): its lines, a dialog to add or change one, and the exports. */
import {
  Button,
  DeleteAction,
  Dialog,
  DialogActions,
  EmptyState,
  FormError,
  FormFrame,
  FormGrid,
  IconButton,
  LoadFailed,
  Skeleton,
  SubmitButton,
  Table,
  type TableColumn,
  TextField,
  useFormat,
} from '@app/module-kit'
import type { Folder, MaterialLine } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { FileSpreadsheet, FileText, ListTree, Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  $editingMaterial,
  $exporting,
  $materials,
  $materialsFailed,
  $materialsLoading,
  exportClicked,
  materialEditClosed,
  materialEditStarted,
  materialForm,
  materialRemoveConfirmed,
  materialsOpened,
  materialsRetried,
  type MaterialValues,
} from './materials.model'

/** How far a line's name is indented per level, at most this many levels deep. */
const INDENT_LEVELS = 8

/** A new line, or one changed: every field of the spec's line, the name required. */
const MaterialDialog = ({ adding }: { adding: boolean }) => {
  const { t } = useTranslation('documents')
  const close = useUnit(materialEditClosed)
  const field = (name: keyof MaterialValues & string) => <TextField form={materialForm} name={name} label={t(`materials.columns.${name}`)} />
  return (
    <Dialog title={t(adding ? 'materials.addTitle' : 'materials.editTitle')} size="lg" onClose={() => close()}>
      <FormFrame form={materialForm}>
        <FormGrid>
          {field('name')}
          {field('description')}
          {field('level')}
          {field('item')}
          {field('quantity')}
          {field('unit')}
          {field('partNumber')}
          {field('number')}
          {field('material')}
          {field('weight')}
          {field('notes')}
        </FormGrid>
        <FormError form={materialForm} />
        <DialogActions>
          <Button onClick={() => close()}>{t('common.cancel')}</Button>
          <SubmitButton form={materialForm}>{t(adding ? 'materials.add' : 'materials.save')}</SubmitButton>
        </DialogActions>
      </FormFrame>
    </Dialog>
  )
}

/** The document's bill of materials: lines in their order, each name indented by its level. */
export const MaterialsTab = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const { opened, lines, failed, loading, retry, edit, remove, editing, exporting, exportAs } = useUnit({
    opened: materialsOpened,
    lines: $materials,
    failed: $materialsFailed,
    loading: $materialsLoading,
    retry: materialsRetried,
    edit: materialEditStarted,
    remove: materialRemoveConfirmed,
    editing: $editingMaterial,
    exporting: $exporting,
    exportAs: exportClicked,
  })
  useEffect(() => {
    opened(folder.id)
  }, [opened, folder.id])
  const archived = folder.state === 'ARCHIVED'
  const decimal = (value: number | null) => (value === null ? '' : format.number(value, { maximumFractionDigits: 3 }))
  const columns: TableColumn<MaterialLine>[] = [
    { key: 'level', header: t('materials.columns.level'), render: (line) => format.number(line.level) },
    { key: 'item', header: t('materials.columns.item') },
    { key: 'quantity', header: t('materials.columns.quantity'), render: (line) => decimal(line.quantity) },
    { key: 'partNumber', header: t('materials.columns.partNumber') },
    { key: 'number', header: t('materials.columns.number') },
    {
      key: 'name',
      header: t('materials.columns.name'),
      rowHeader: true,
      render: (line) => <span style={{ paddingInlineStart: `${Math.min(line.level, INDENT_LEVELS)}ch` }}>{line.name}</span>,
    },
    { key: 'description', header: t('materials.columns.description') },
    { key: 'material', header: t('materials.columns.material') },
    { key: 'unit', header: t('materials.columns.unit') },
    { key: 'weight', header: t('materials.columns.weight'), render: (line) => decimal(line.weight) },
    { key: 'notes', header: t('materials.columns.notes') },
    {
      key: 'actions',
      header: t('files.actions'),
      actions: true,
      render: (line) =>
        !archived && (
          <>
            <IconButton icon={Pencil} size="sm" label={t('materials.editOne', { name: line.name })} onClick={() => edit(line)} />
            <DeleteAction label={t('materials.deleteOne', { name: line.name })} question={{ title: t('materials.deleteQuestion', { name: line.name }) }} onConfirmed={() => remove(line)} />
          </>
        ),
    },
  ]
  const none = !lines?.length
  return (
    <div className="kit-stack">
      <div className="kit-row">
        {!archived && (
          <Button icon={Plus} variant="primary" onClick={() => edit(null)}>
            {t('materials.add')}
          </Button>
        )}
        <Button icon={FileSpreadsheet} disabled={none || exporting} onClick={() => exportAs('xlsx')}>
          {t('materials.exportExcel')}
        </Button>
        <Button icon={FileText} disabled={none || exporting} onClick={() => exportAs('pdf')}>
          {t('materials.exportPdf')}
        </Button>
      </div>
      {failed ? (
        <LoadFailed text={t('materials.loadFailed')} onRetry={() => retry()} />
      ) : lines === null ? (
        <Skeleton lines={3} />
      ) : lines.length === 0 ? (
        <EmptyState icon={ListTree} title={t('materials.empty')} text={t(archived ? 'materials.emptyArchived' : 'materials.emptyText')} />
      ) : (
        <Table columns={columns} rows={lines} rowKey={(line) => line.id} caption={t('materials.caption', { count: lines.length })} busy={loading} />
      )}
      {archived && lines !== null && lines.length > 0 && <p>{t('materials.archivedHint')}</p>}
      {editing && <MaterialDialog adding={editing.id === null} />}
    </div>
  )
}
