import { ApiError } from '@app/module-kit'
import type { FolderType } from '@app/plugin-setup/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { fetchFolderTypeFx, saveFolderTypeFx } from '../../api'
import { notifyFx } from '../../notify'
import { backToSetupFx, documentTypeForm, documentTypeOpened } from './model'

const DRAWING: FolderType = { id: 9, accountId: 4, name: 'Drawing', typeId: 'DRW', active: true, deletable: true, global: false, createdAt: '2026-11-23T00:00:00Z' }

const setup = (save: (p: object) => Promise<unknown>) => {
  const calls = { save: vi.fn(save), back: vi.fn(), notify: vi.fn() }
  const scope = fork({
    handlers: [
      [fetchFolderTypeFx, async () => DRAWING],
      [saveFolderTypeFx, calls.save],
      [backToSetupFx, calls.back],
      [notifyFx, calls.notify],
      [documentTypeForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, ...calls }
}

const fill = async (scope: ReturnType<typeof fork>, values: Record<string, unknown>) => {
  for (const [name, value] of Object.entries(values)) await allSettled(documentTypeForm.fieldChanged, { scope, params: { name, value } })
}

describe('document type form', () => {
  test('adds a type, then goes back to the setup list', async () => {
    const { scope, save, back, notify } = setup(async () => DRAWING)
    await allSettled(documentTypeOpened, { scope, params: { accountId: 4, id: null } })
    await fill(scope, { name: ' Drawing ', typeId: 'DRW' })
    await allSettled(documentTypeForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith({ accountId: 4, id: undefined, name: 'Drawing', typeId: 'DRW', active: true })
    expect(back).toHaveBeenCalledWith(4)
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'documentType.saved' })
  })

  test('name needs 3 characters and type id 2, before any call', async () => {
    const { scope, save } = setup(async () => DRAWING)
    await allSettled(documentTypeOpened, { scope, params: { accountId: 4, id: null } })
    await fill(scope, { name: 'Dr', typeId: 'D' })
    await allSettled(documentTypeForm.submitted, { scope })
    expect(save).not.toHaveBeenCalled()
    const errors = scope.getState(documentTypeForm.$errors)
    expect(errors.name).toEqual({ key: 'validation.minLength', values: { min: 3 } })
    expect(errors.typeId).toEqual({ key: 'validation.minLength', values: { min: 2 } })
  })

  test('editing loads the type and saves it by id; a duplicate type id shows on its field', async () => {
    const { scope, save, back } = setup(() => Promise.reject(new ApiError('Type id already exists', 409, { typeId: 'Type id already exists' })))
    await allSettled(documentTypeOpened, { scope, params: { accountId: 4, id: 9 } })
    expect(scope.getState(documentTypeForm.$values)).toEqual({ name: 'Drawing', typeId: 'DRW', active: true })
    await fill(scope, { typeId: 'MAN' })
    await allSettled(documentTypeForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith({ accountId: 4, id: 9, name: 'Drawing', typeId: 'MAN', active: true })
    expect(scope.getState(documentTypeForm.$errors).typeId).toEqual({ key: 'admin:documentType.duplicate' })
    expect(back).not.toHaveBeenCalled()
  })
})
