/**
 * The Material list tab (part1 §2 "Material list (bill of materials, export to PDF and
 * Excel)", §3 "Material list line"): the document's lines in their order; a new or changed
 * one in a dialog (the name required, level 0 to 20, quantity and weight not negative, as
 * the API checks); a removal after a Yes; the list exported to Excel or PDF, a failure
 * toasted ('PDF creation failed'). An archived document's list stays as it is.
 */
import { createForm, parseDecimal, PATTERNS } from '@app/module-kit'
import { MATERIAL_LINE_LIMITS, type MaterialLine, type MaterialLineData } from '@app/plugin-documents/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { deleteMaterialLineFx, exportMaterialsFx, fetchMaterialLinesFx, type MaterialExport, saveMaterialLineFx } from '../../api'
import { notifyFx, refusalOf } from '../../notify'

/** The document whose list is shown. */
export const materialsOpened = createEvent<number>()
export const materialsRetried = createEvent()
/** A line to change, or null for a new one. */
export const materialEditStarted = createEvent<MaterialLine | null>()
export const materialEditClosed = createEvent()
export const materialRemoveConfirmed = createEvent<MaterialLine>()
export const exportClicked = createEvent<MaterialExport>()

const loadFx = attach({ effect: fetchMaterialLinesFx })
const $folderId = createStore(0).on(materialsOpened, (_, id) => id)

/** The lines, or null while the first answer is on its way. */
export const $materials = createStore<MaterialLine[] | null>(null).reset(materialsOpened)
sample({ clock: loadFx.done, source: $folderId, filter: (folderId, { params }) => params === folderId, fn: (_, { result }) => result, target: $materials })
export const $materialsFailed = createStore(false).reset(loadFx, materialsOpened)
sample({ clock: loadFx.fail, source: $folderId, filter: (folderId, { params }) => params === folderId, fn: () => true, target: $materialsFailed })
export const $materialsLoading = loadFx.pending
/** An export on its way: its buttons wait. */
export const $exporting = exportMaterialsFx.pending

/** The line in the dialog: its id, or null while adding one; no dialog when the store is null. */
export const $editingMaterial = createStore<{ id: number | null } | null>(null)
  .on(materialEditStarted, (_, line) => ({ id: line?.id ?? null }))
  .reset(materialEditClosed, materialsOpened)

/** The dialog's fields as typed: numbers are text until sent, so "2,5" is read as the language writes it. */
export interface MaterialValues extends Record<string, unknown> {
  level: string
  item: string
  quantity: string
  partNumber: string
  number: string
  name: string
  description: string
  material: string
  unit: string
  weight: string
  notes: string
}

const EMPTY: MaterialValues = { level: '0', item: '', quantity: '1', partNumber: '', number: '', name: '', description: '', material: '', unit: '', weight: '', notes: '' }

const text = (maxLength: number) => ({ initial: '', rules: { maxLength } })

export const materialForm = createForm<MaterialValues>({
  fields: {
    level: { initial: EMPTY.level, rules: { required: true, min: 0, max: MATERIAL_LINE_LIMITS.level, pattern: PATTERNS.digits } },
    item: text(MATERIAL_LINE_LIMITS.item),
    quantity: { initial: EMPTY.quantity, rules: { required: true, decimal: true, min: 0, max: MATERIAL_LINE_LIMITS.quantity } },
    partNumber: text(MATERIAL_LINE_LIMITS.partNumber),
    number: text(MATERIAL_LINE_LIMITS.number),
    name: { initial: '', rules: { required: true, maxLength: MATERIAL_LINE_LIMITS.name } },
    description: text(MATERIAL_LINE_LIMITS.description),
    material: text(MATERIAL_LINE_LIMITS.material),
    unit: text(MATERIAL_LINE_LIMITS.unit),
    weight: { initial: '', rules: { decimal: true, min: 0, max: MATERIAL_LINE_LIMITS.weight } },
    notes: text(MATERIAL_LINE_LIMITS.notes),
  },
  submit: async (values) => {
    const editing = $editingMaterial.getState()
    if (!editing) return
    await saveMaterialLineFx({ folderId: $folderId.getState(), id: editing.id, data: materialData(values) })
  },
})

/** The form's values as the API takes them: texts trimmed (blank is none), numbers read with either decimal sign. */
export const materialData = (values: MaterialValues): MaterialLineData => {
  const blank = (value: string) => value.trim() || null
  return {
    level: Number(values.level.trim()),
    item: blank(values.item),
    quantity: parseDecimal(values.quantity) ?? 0,
    partNumber: blank(values.partNumber),
    number: blank(values.number),
    name: values.name.trim(),
    description: blank(values.description),
    material: blank(values.material),
    unit: blank(values.unit),
    weight: values.weight.trim() ? parseDecimal(values.weight) : null,
    notes: blank(values.notes),
  }
}

/** A saved line as the dialog shows it. */
export const materialValues = (line: MaterialLine): MaterialValues => ({
  level: String(line.level),
  item: line.item ?? '',
  quantity: String(line.quantity),
  partNumber: line.partNumber ?? '',
  number: line.number ?? '',
  name: line.name,
  description: line.description ?? '',
  material: line.material ?? '',
  unit: line.unit ?? '',
  weight: line.weight === null ? '' : String(line.weight),
  notes: line.notes ?? '',
})

sample({ clock: materialEditStarted, target: materialForm.reset })
sample({ clock: materialEditStarted, filter: (line): line is MaterialLine => line !== null, fn: (line) => materialValues(line!), target: materialForm.filled })
sample({ clock: materialForm.submitFx.done, target: [materialEditClosed, materialForm.reset] })

sample({ clock: saveMaterialLineFx.done, fn: () => ({ kind: 'success' as const, key: 'materials.saved' }), target: notifyFx })
sample({ clock: deleteMaterialLineFx.done, fn: () => ({ kind: 'success' as const, key: 'materials.deleted' }), target: notifyFx })
sample({
  clock: deleteMaterialLineFx.failData,
  fn: (error) => ({ kind: 'error' as const, key: 'materials.deleteFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

sample({ clock: exportClicked, source: $folderId, filter: (folderId) => folderId > 0, fn: (folderId, format) => ({ folderId, format }), target: exportMaterialsFx })
// Part1 §8: 'PDF creation failed'; the workbook's failure says the same of Excel.
sample({
  clock: exportMaterialsFx.fail,
  fn: ({ params, error }) => ({ kind: 'error' as const, key: params.format === 'pdf' ? 'materials.pdfFailed' : 'materials.excelFailed', detail: refusalOf(error) }),
  target: notifyFx,
})

sample({ clock: materialRemoveConfirmed, source: $folderId, fn: (folderId, line) => ({ folderId, id: line.id }), target: deleteMaterialLineFx })
// Opened, retried, or changed: the list read again (in its order, as the API keeps it).
sample({ clock: [materialsOpened, materialsRetried, saveMaterialLineFx.done, deleteMaterialLineFx.finally], source: $folderId, filter: (folderId) => folderId > 0, target: loadFx })
