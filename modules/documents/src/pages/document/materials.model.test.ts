import { ApiError, i18n } from '@app/module-kit'
import type { MaterialLine } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { deleteMaterialLineFx, exportMaterialsFx, fetchMaterialLinesFx, saveMaterialLineFx } from '../../api'
import { notifyFx } from '../../notify'
import {
  $editingMaterial,
  $materials,
  $materialsFailed,
  exportClicked,
  materialData,
  materialEditStarted,
  materialForm,
  materialRemoveConfirmed,
  materialsOpened,
  materialsRetried,
} from './materials.model'

const line = (id: number, name: string, more: Partial<MaterialLine> = {}): MaterialLine => ({
  id,
  folderId: 12,
  position: id,
  level: 0,
  item: null,
  quantity: 1,
  partNumber: null,
  number: null,
  name,
  description: null,
  material: null,
  unit: null,
  weight: null,
  notes: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  createdBy: null,
  changedAt: '2026-11-25T08:00:00.000Z',
  changedBy: null,
  ...more,
})

const BEARING = line(2, 'Ball bearing', { level: 1, item: '1.1', quantity: 4, partNumber: 'SKF-6204', unit: 'pcs', weight: 0.11 })

const setup = (handlers: { fetch?: () => Promise<MaterialLine[]>; save?: () => Promise<MaterialLine>; remove?: () => Promise<number>; exported?: () => Promise<string> } = {}) => {
  const calls = {
    fetch: vi.fn(handlers.fetch ?? (async () => [line(1, 'Pump'), BEARING])),
    save: vi.fn(handlers.save ?? (async () => BEARING)),
    remove: vi.fn(handlers.remove ?? (async () => 2)),
    exported: vi.fn(handlers.exported ?? (async () => 'D-1 Material list.pdf')),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchMaterialLinesFx, calls.fetch],
      [saveMaterialLineFx, calls.save],
      [deleteMaterialLineFx, calls.remove],
      [exportMaterialsFx, calls.exported],
      [notifyFx, calls.notify],
      [materialForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, ...calls }
}

const fill = async (scope: ReturnType<typeof fork>, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) await allSettled(materialForm.fieldChanged, { scope, params: { name, value } })
}

afterEach(() => vi.unstubAllGlobals())

describe("a document's material list", () => {
  test('asks the API for every page of the document’s lines, in their order', async () => {
    const answers = [
      { total: 501, limit: 500, skip: 0, data: Array.from({ length: 500 }, (_, i) => line(i + 1, `Part ${i + 1}`)) },
      { total: 501, limit: 500, skip: 500, data: [line(501, 'Part 501')] },
    ]
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const scope = fork()
    await allSettled(materialsOpened, { scope, params: 12 })
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual([
      '/api/folders/12/material-lines?%24limit=500&%24skip=0',
      '/api/folders/12/material-lines?%24limit=500&%24skip=500',
    ])
    expect(scope.getState($materials)?.map((l) => l.name).slice(-2)).toEqual(['Part 500', 'Part 501'])
  })

  test('loading, then the lines; a failure says so and a retry reads again', async () => {
    let fail = true
    const { scope, fetch } = setup({
      fetch: async () => {
        if (fail) throw new ApiError('Internal error', 500)
        return [BEARING]
      },
    })
    await allSettled(materialsOpened, { scope, params: 12 })
    expect(scope.getState($materials)).toBeNull()
    expect(scope.getState($materialsFailed)).toBe(true)
    fail = false
    await allSettled(materialsRetried, { scope })
    expect(scope.getState($materialsFailed)).toBe(false)
    expect(scope.getState($materials)).toEqual([BEARING])
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  test('a new line: the form checks as the API does, sends the numbers as numbers, closes and reads the list again', async () => {
    const { scope, save, fetch, notify } = setup()
    await allSettled(materialsOpened, { scope, params: 12 })
    await allSettled(materialEditStarted, { scope, params: null })
    expect(scope.getState($editingMaterial)).toEqual({ id: null })
    // Nothing typed: the name is required; a negative quantity, a fractional level and a bad weight are refused.
    await fill(scope, { quantity: '-1', level: '1.5', weight: 'heavy' })
    await allSettled(materialForm.submitted, { scope })
    expect(save).not.toHaveBeenCalled()
    expect(scope.getState(materialForm.$errors)).toEqual({
      name: { key: 'validation.required' },
      quantity: { key: 'validation.min', values: { min: 0 } },
      level: { key: 'validation.digits' },
      weight: { key: 'validation.decimal' },
    })
    await fill(scope, { name: ' Ball bearing ', quantity: '4', level: '21', weight: '' })
    await allSettled(materialForm.submitted, { scope })
    expect(scope.getState(materialForm.$errors)).toEqual({ level: { key: 'validation.max', values: { max: 20 } } })

    await fill(scope, { level: '1', item: ' 1.1 ', unit: 'pcs', weight: '0.11' })
    await allSettled(materialForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith({
      folderId: 12,
      id: null,
      data: { level: 1, item: '1.1', quantity: 4, partNumber: null, number: null, name: 'Ball bearing', description: null, material: null, unit: 'pcs', weight: 0.11, notes: null },
    })
    expect(scope.getState($editingMaterial)).toBeNull()
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'materials.saved' })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  test('a change starts from the line as saved and is sent by its id; the API’s field refusals show on the field', async () => {
    const { scope, save } = setup({
      save: async () => {
        throw new ApiError('Validation failed', 400, { quantity: 'Needs to be at least 0' })
      },
    })
    await allSettled(materialsOpened, { scope, params: 12 })
    await allSettled(materialEditStarted, { scope, params: BEARING })
    expect(scope.getState(materialForm.$values)).toMatchObject({ name: 'Ball bearing', level: '1', item: '1.1', quantity: '4', partNumber: 'SKF-6204', unit: 'pcs', weight: '0.11', notes: '' })
    await allSettled(materialForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ folderId: 12, id: 2 }))
    expect(scope.getState(materialForm.$errors).quantity).toEqual({ key: 'validation.min', values: { min: 0 } })
    // The dialog stays open with the message.
    expect(scope.getState($editingMaterial)).toEqual({ id: 2 })
  })

  test('decimals typed with a comma are read as the language writes them; an empty weight is none', () => {
    const values = { ...materialForm.$values.getState(), name: 'Pipe', quantity: '2,5', weight: ' ' }
    expect(materialData(values)).toMatchObject({ quantity: 2.5, weight: null, level: 0 })
  })

  test('a removal names the line; a refusal toasts with the API’s reason', async () => {
    const { scope, remove, notify } = setup({
      remove: async () => {
        throw new ApiError('An archived document keeps its material list as it is', 409)
      },
    })
    await allSettled(materialsOpened, { scope, params: 12 })
    await allSettled(materialRemoveConfirmed, { scope, params: BEARING })
    expect(remove).toHaveBeenCalledWith({ folderId: 12, id: 2 })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'materials.deleteFailed', detail: i18n.t('documents:refusal.rowsArchived') })
  })

  test("exports download the document's file; a failure toasts 'PDF creation failed' or its Excel twin", async () => {
    let fail = false
    const { scope, exported, notify } = setup({
      exported: async () => {
        if (fail) throw new ApiError('Internal error', 500)
        return 'file'
      },
    })
    await allSettled(materialsOpened, { scope, params: 12 })
    await allSettled(exportClicked, { scope, params: 'xlsx' })
    expect(exported).toHaveBeenCalledWith({ folderId: 12, format: 'xlsx' })
    expect(notify).not.toHaveBeenCalled()
    fail = true
    await allSettled(exportClicked, { scope, params: 'pdf' })
    await allSettled(exportClicked, { scope, params: 'xlsx' })
    expect(notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'error', key: 'materials.pdfFailed', detail: undefined },
      { kind: 'error', key: 'materials.excelFailed', detail: undefined },
    ])
  })
})
