import { ApiError } from '@app/module-kit'
import type { Binder, BinderDetail } from '@app/plugin-documents/shared'
import type { Project } from '@app/plugin-projects/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { fetchProjectFx } from '../../api'
import { createBinderFx, deleteBinderFx, fetchBindersFx, renameBinderFx } from '../../binders-api'
import { notifyFx } from '../../notify'
import { $binders, $editing, $loadError, $project, binderDeleteConfirmed, binderEditStarted, binderForm, bindersOpened, bindersRetried } from './model'

const PROJECT = { id: 7, name: 'Harbour bridge', symbol: 'HB-7', accessLevel: { level: 'EDIT', view: true, download: true, edit: true, administer: false } } as unknown as Project

const binder = (id: number, name: string, documentCount = 0): Binder => ({
  id,
  projectId: 7,
  name,
  documentCount,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: null,
  updatedAt: '2026-11-26T08:00:00.000Z',
})
const detail = (id: number, name: string): BinderDetail => ({ ...binder(id, name), documents: [] })

const setup = (handlers: { binders?: () => Promise<Binder[]>; create?: () => Promise<BinderDetail>; rename?: () => Promise<BinderDetail>; project?: () => Promise<Project> } = {}) => {
  const calls = {
    project: vi.fn(handlers.project ?? (async () => PROJECT)),
    binders: vi.fn(handlers.binders ?? (async () => [binder(1, 'Handover binder', 3), binder(2, 'Tender package')])),
    create: vi.fn(handlers.create ?? (async () => detail(3, 'As built'))),
    rename: vi.fn(handlers.rename ?? (async () => detail(2, 'Tender package B'))),
    remove: vi.fn(async () => detail(1, 'Handover binder')),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchProjectFx, calls.project],
      [fetchBindersFx, calls.binders],
      [createBinderFx, calls.create],
      [renameBinderFx, calls.rename],
      [deleteBinderFx, calls.remove],
      [notifyFx, calls.notify],
      [binderForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, ...calls }
}

const typeName = (scope: ReturnType<typeof fork>, value: string) => allSettled(binderForm.fieldChanged, { scope, params: { name: 'name', value } })

describe("a project's binders", () => {
  test('the project and its binders by name; a failure says so, and a retry reads again', async () => {
    let fail = true
    const { scope, binders } = setup({
      binders: async () => {
        if (fail) throw new ApiError('Internal error', 500)
        return [binder(1, 'Handover binder', 3)]
      },
    })
    await allSettled(bindersOpened, { scope, params: 7 })
    expect(scope.getState($project)?.id).toBe(7)
    expect(scope.getState($binders)).toBeNull()
    expect(scope.getState($loadError)).toBe('failed')
    fail = false
    await allSettled(bindersRetried, { scope })
    expect(scope.getState($loadError)).toBeNull()
    expect(scope.getState($binders)?.map((b) => b.name)).toEqual(['Handover binder'])
    expect(binders).toHaveBeenCalledTimes(2)
  })

  test('a project that is missing or not the caller’s, or too low a level, says which', async () => {
    const missing = setup({ project: async () => Promise.reject(new ApiError('No record found', 404)) })
    await allSettled(bindersOpened, { scope: missing.scope, params: 7 })
    expect(missing.scope.getState($loadError)).toBe('notFound')
    const refused = setup({ binders: async () => Promise.reject(new ApiError('This needs VIEW access to the project', 403)) })
    await allSettled(bindersOpened, { scope: refused.scope, params: 7 })
    expect(refused.scope.getState($loadError)).toBe('forbidden')
  })

  test('a new binder: its name is required and at most 100 long, sent trimmed; the list is read again', async () => {
    const { scope, create, binders, notify } = setup()
    await allSettled(bindersOpened, { scope, params: 7 })
    await allSettled(binderEditStarted, { scope, params: null })
    expect(scope.getState($editing)).toEqual({ binder: null })
    await allSettled(binderForm.submitted, { scope })
    expect(scope.getState(binderForm.$errors)).toEqual({ name: { key: 'validation.required' } })
    await typeName(scope, 'x'.repeat(101))
    await allSettled(binderForm.submitted, { scope })
    expect(scope.getState(binderForm.$errors)).toEqual({ name: { key: 'validation.maxLength', values: { max: 100 } } })
    expect(create).not.toHaveBeenCalled()
    await typeName(scope, '  As built ')
    await allSettled(binderForm.submitted, { scope })
    expect(create).toHaveBeenCalledWith({ projectId: 7, name: 'As built' })
    expect(scope.getState($editing)).toBeNull()
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'binders.created' })
    expect(binders).toHaveBeenCalledTimes(2)
  })

  test("a name the project has already is said on the field in the user's language; the dialog stays", async () => {
    const { scope } = setup({
      create: async () => {
        throw new ApiError('This project already has a binder with that name', 409, { name: 'This project already has a binder with that name' })
      },
    })
    await allSettled(bindersOpened, { scope, params: 7 })
    await allSettled(binderEditStarted, { scope, params: null })
    await typeName(scope, 'handover BINDER')
    await allSettled(binderForm.submitted, { scope })
    expect(scope.getState(binderForm.$errors)).toEqual({ name: { key: 'documents:binders.nameTaken' } })
    expect(scope.getState($editing)).toEqual({ binder: null })
  })

  test('a rename starts from the saved name; the same name just closes; another is sent by the binder’s id', async () => {
    const { scope, rename } = setup()
    await allSettled(bindersOpened, { scope, params: 7 })
    await allSettled(binderEditStarted, { scope, params: binder(2, 'Tender package') })
    expect(scope.getState(binderForm.$values)).toEqual({ name: 'Tender package' })
    await allSettled(binderForm.submitted, { scope })
    expect(rename).not.toHaveBeenCalled()
    expect(scope.getState($editing)).toBeNull()
    await allSettled(binderEditStarted, { scope, params: binder(2, 'Tender package') })
    await typeName(scope, 'Tender package B')
    await allSettled(binderForm.submitted, { scope })
    expect(rename).toHaveBeenCalledWith({ projectId: 7, listId: 2, name: 'Tender package B' })
  })

  test('a server failure is the form’s own message, not the server’s words', async () => {
    const { scope } = setup({ create: async () => Promise.reject(new ApiError('Internal error', 500)) })
    await allSettled(bindersOpened, { scope, params: 7 })
    await allSettled(binderEditStarted, { scope, params: null })
    await typeName(scope, 'As built')
    await allSettled(binderForm.submitted, { scope })
    expect(scope.getState(binderForm.$submitError)).toBe('documents:binders.saveFailed')
  })

  test('a delete after the Yes: the binder goes, the list is read again', async () => {
    const { scope, remove, binders, notify } = setup()
    await allSettled(bindersOpened, { scope, params: 7 })
    await allSettled(binderDeleteConfirmed, { scope, params: binder(1, 'Handover binder', 3) })
    expect(remove).toHaveBeenCalledWith({ projectId: 7, listId: 1 })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'binders.deleted' })
    expect(binders).toHaveBeenCalledTimes(2)
  })
})
