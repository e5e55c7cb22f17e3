import { ApiError } from '@app/module-kit'
import type { FolderType } from '@app/plugin-setup/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { fetchFolderTypesFx, fetchSetupItemsFx, removeFolderTypeFx, saveSetupItemFx, toggleFolderTypeFx } from '../../api'
import { notifyFx } from '../../notify'
import { activeToggled, setupLists, setupOpened, typeRemoveConfirmed } from './model'

const type = (over: Partial<FolderType>): FolderType => ({
  id: 1,
  accountId: 4,
  name: 'Drawing',
  typeId: 'DRW',
  active: true,
  deletable: true,
  global: false,
  createdAt: '2026-11-23T00:00:00Z',
  ...over,
})

const setup = (save: () => Promise<unknown> = async () => ({})) => {
  const calls = {
    types: vi.fn(async () => ({ total: 1, limit: 50, skip: 0, data: [type({})] })),
    items: vi.fn(async () => ({ total: 0, limit: 50, skip: 0, data: [] })),
    toggle: vi.fn(async () => type({ active: false })),
    remove: vi.fn(async () => type({})),
    save: vi.fn(save),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchFolderTypesFx, calls.types],
      [fetchSetupItemsFx, calls.items],
      [toggleFolderTypeFx, calls.toggle],
      [removeFolderTypeFx, calls.remove],
      [saveSetupItemFx, calls.save],
      [notifyFx, calls.notify],
      ...setupLists.map((m) => [m.form.scrollToFieldFx, () => undefined] as [any, any]),
    ],
  })
  return { scope, ...calls }
}

describe('setup tab', () => {
  test('opening loads the document types and every setup list of the account', async () => {
    const { scope, types, items } = setup()
    await allSettled(setupOpened, { scope, params: 4 })
    expect(types).toHaveBeenCalledWith({ accountId: 4, query: { $limit: 50, $skip: 0, '$sort[name]': 1 } })
    expect(items.mock.calls.map(([p]: any) => p.list).sort()).toEqual(setupLists.map((m) => m.list.id).sort())
  })

  test('a setup list pages its own rows of the account, sorted by its first field', async () => {
    const classifications = setupLists.find((m) => m.list.id === 'classifications')!
    const { scope, items } = setup()
    await allSettled(setupOpened, { scope, params: 4 })
    await allSettled(classifications.rows.pageChosen, { scope, params: 3 })
    expect(items).toHaveBeenLastCalledWith({ accountId: 4, list: 'classifications', query: { $limit: 50, $skip: 100, '$sort[name]': 1 } })
  })

  test('the active switch toggles and reloads', async () => {
    const { scope, toggle, types } = setup()
    await allSettled(setupOpened, { scope, params: 4 })
    await allSettled(activeToggled, { scope, params: type({}) })
    expect(toggle).toHaveBeenCalledWith({ accountId: 4, id: 1 })
    expect(types).toHaveBeenCalledTimes(2)
  })

  test('only a deletable type is removed once confirmed', async () => {
    const { scope, remove } = setup()
    await allSettled(setupOpened, { scope, params: 4 })
    await allSettled(typeRemoveConfirmed, { scope, params: type({ deletable: false, global: true, name: 'Skyview' }) })
    expect(remove).not.toHaveBeenCalled()
    await allSettled(typeRemoveConfirmed, { scope, params: type({}) })
    expect(remove).toHaveBeenCalledWith({ accountId: 4, id: 1 })
  })

  test('a setup list adds a row; a duplicate shows on the unique field', async () => {
    const classifications = setupLists.find((m) => m.list.id === 'classifications')!
    const { scope, save } = setup(() => Promise.reject(new ApiError('Group id already exists', 409)))
    await allSettled(setupOpened, { scope, params: 4 })
    await allSettled(classifications.form.fieldChanged, { scope, params: { name: 'name', value: 'Structural' } })
    await allSettled(classifications.form.fieldChanged, { scope, params: { name: 'groupId', value: 'S1' } })
    await allSettled(classifications.form.submitted, { scope })
    expect(save).toHaveBeenCalledWith({ accountId: 4, list: 'classifications', id: undefined, values: { name: 'Structural', groupId: 'S1' } })
    expect(scope.getState(classifications.form.$errors).groupId).toEqual({ key: 'admin:setup.duplicate.classifications' })
  })
})
