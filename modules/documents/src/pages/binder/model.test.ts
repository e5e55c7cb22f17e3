import { ApiError } from '@app/module-kit'
import type { BinderDetail, BinderItem } from '@app/plugin-documents/shared'
import type { Project } from '@app/plugin-projects/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { fetchProjectFx } from '../../api'
import { deleteBinderFx, fetchBinderFx, moveInBinderFx, removeFromBinderFx, renameBinderFx } from '../../binders-api'
import { notifyFx } from '../../notify'
import { $binder, $loadError, $moved, $renaming, binderOpened, deleteConfirmed, moveClicked, removeConfirmed, renameForm, renameStarted } from './model'

const PROJECT = { id: 7, name: 'Harbour bridge', symbol: 'HB-7', accessLevel: { level: 'EDIT', view: true, download: true, edit: true, administer: false } } as unknown as Project

const item = (folderId: number, position: number, symbol: string): BinderItem => ({
  folderId,
  position,
  symbol,
  name: `Document ${symbol}`,
  state: 'IN_PROGRESS',
  revision: null,
  addedAt: '2026-11-26T08:00:00.000Z',
  addedBy: null,
})
/** The binder with its documents in the order given. */
const binder = (...ids: number[]): BinderDetail => ({
  id: 3,
  projectId: 7,
  name: 'Handover binder',
  documentCount: ids.length,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: null,
  updatedAt: '2026-11-26T08:00:00.000Z',
  documents: ids.map((id, index) => item(id, index + 1, `D-${id}`)),
})

const setup = (handlers: { fetch?: () => Promise<BinderDetail>; move?: (p: { folderId: number; position: number }) => Promise<BinderDetail> } = {}) => {
  const calls = {
    project: vi.fn(async () => PROJECT),
    fetch: vi.fn(handlers.fetch ?? (async () => binder(11, 12, 13))),
    move: vi.fn(handlers.move ?? (async () => binder(12, 11, 13))),
    remove: vi.fn(async () => binder(11, 13)),
    rename: vi.fn(async () => ({ ...binder(11, 12, 13), name: 'Handover to owner' })),
    drop: vi.fn(async () => binder(11, 12, 13)),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchProjectFx, calls.project],
      [fetchBinderFx, calls.fetch],
      [moveInBinderFx, calls.move],
      [removeFromBinderFx, calls.remove],
      [renameBinderFx, calls.rename],
      [deleteBinderFx, calls.drop],
      [notifyFx, calls.notify],
      [renameForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, ...calls }
}

const order = (scope: ReturnType<typeof fork>) => scope.getState($binder)?.documents.map((document) => document.folderId)

describe('a binder', () => {
  test('its documents in order; a missing binder, or one of another project, is not found', async () => {
    const { scope } = setup()
    await allSettled(binderOpened, { scope, params: { projectId: 7, listId: 3 } })
    expect(order(scope)).toEqual([11, 12, 13])
    const missing = setup({ fetch: async () => Promise.reject(new ApiError("No record found for id '3'", 404)) })
    await allSettled(binderOpened, { scope: missing.scope, params: { projectId: 7, listId: 3 } })
    expect(missing.scope.getState($loadError)).toBe('notFound')
  })

  test('moved one place up or down: the new place is sent, the answer is the order shown and said to screen readers', async () => {
    const { scope, move } = setup()
    await allSettled(binderOpened, { scope, params: { projectId: 7, listId: 3 } })
    const [first, second, third] = scope.getState($binder)!.documents as [BinderItem, BinderItem, BinderItem]
    // The first cannot go up, nor the last down.
    await allSettled(moveClicked, { scope, params: { item: first, by: -1 } })
    await allSettled(moveClicked, { scope, params: { item: third, by: 1 } })
    expect(move).not.toHaveBeenCalled()
    await allSettled(moveClicked, { scope, params: { item: second, by: -1 } })
    expect(move).toHaveBeenCalledWith({ projectId: 7, listId: 3, folderId: 12, position: 1 })
    expect(order(scope)).toEqual([12, 11, 13])
    expect(scope.getState($moved)).toEqual({ key: 'binder.moved', values: { name: 'D-12 - Document D-12', position: 1, count: 3 } })
  })

  test('a failed move says so and shows the binder as it is now', async () => {
    const { scope, fetch, notify } = setup({ move: async () => Promise.reject(new ApiError("No record found for id '12'", 404)) })
    await allSettled(binderOpened, { scope, params: { projectId: 7, listId: 3 } })
    await allSettled(moveClicked, { scope, params: { item: scope.getState($binder)!.documents[1]!, by: 1 } })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'binder.moveFailed', detail: undefined })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  test('a document taken out after the Yes: the binder closes up', async () => {
    const { scope, remove, notify } = setup()
    await allSettled(binderOpened, { scope, params: { projectId: 7, listId: 3 } })
    await allSettled(removeConfirmed, { scope, params: scope.getState($binder)!.documents[1]! })
    expect(remove).toHaveBeenCalledWith({ projectId: 7, listId: 3, folderId: 12 })
    expect(order(scope)).toEqual([11, 13])
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'binder.removed' })
  })

  test('renamed in its dialog, and deleted after the Yes', async () => {
    const { scope, rename, drop } = setup()
    await allSettled(binderOpened, { scope, params: { projectId: 7, listId: 3 } })
    await allSettled(renameStarted, { scope })
    expect(scope.getState($renaming)).toBe(true)
    expect(scope.getState(renameForm.$values)).toEqual({ name: 'Handover binder' })
    await allSettled(renameForm.fieldChanged, { scope, params: { name: 'name', value: 'Handover to owner' } })
    await allSettled(renameForm.submitted, { scope })
    expect(rename).toHaveBeenCalledWith({ projectId: 7, listId: 3, name: 'Handover to owner' })
    expect(scope.getState($renaming)).toBe(false)
    expect(scope.getState($binder)?.name).toBe('Handover to owner')
    await allSettled(deleteConfirmed, { scope })
    expect(drop).toHaveBeenCalledWith({ projectId: 7, listId: 3 })
  })
})
