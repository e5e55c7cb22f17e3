import { ApiError } from '@app/module-kit'
import type { Binder, BinderDetail, FolderBinder } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { addToBinderFx, createBinderFx, fetchBindersFx, fetchFolderBindersFx, removeFromBinderFx } from '../../binders-api'
import { notifyFx } from '../../notify'
import {
  $addMode,
  $adding,
  $choices,
  $folderBinders,
  $folderBindersFailed,
  addModeChosen,
  addStarted,
  bindersTabOpened,
  bindersTabRetried,
  existingForm,
  newBinderForm,
  removeConfirmed,
} from './binders.model'

const AT = '2026-11-26T08:00:00.000Z'
const binder = (id: number, name: string): Binder => ({ id, projectId: 7, name, documentCount: 2, createdAt: AT, createdBy: null, updatedAt: AT })
const inBinder = (id: number, name: string, position = 1): FolderBinder => ({ id, projectId: 7, name, documentCount: 2, position, addedAt: AT, addedBy: null })
const detail = (id: number, name: string): BinderDetail => ({ ...binder(id, name), documents: [] })

const setup = (handlers: { mine?: () => Promise<FolderBinder[]>; project?: () => Promise<Binder[]>; create?: () => Promise<BinderDetail> } = {}) => {
  const calls = {
    mine: vi.fn(handlers.mine ?? (async () => [inBinder(1, 'Handover binder', 2)])),
    project: vi.fn(handlers.project ?? (async () => [binder(1, 'Handover binder'), binder(2, 'Tender package')])),
    add: vi.fn(async () => detail(2, 'Tender package')),
    create: vi.fn(handlers.create ?? (async () => detail(5, 'As built'))),
    remove: vi.fn(async () => detail(1, 'Handover binder')),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchFolderBindersFx, calls.mine],
      [fetchBindersFx, calls.project],
      [addToBinderFx, calls.add],
      [createBinderFx, calls.create],
      [removeFromBinderFx, calls.remove],
      [notifyFx, calls.notify],
      [existingForm.scrollToFieldFx, () => undefined],
      [newBinderForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, ...calls }
}

const open = (scope: ReturnType<typeof fork>) => allSettled(bindersTabOpened, { scope, params: { folderId: 12, projectId: 7 } })

afterEach(() => vi.unstubAllGlobals())

describe("a document's binders", () => {
  test('asks the API for the binders the document is in', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify([]), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const scope = fork()
    await open(scope)
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual(['/api/folders/12/document-lists'])
    expect(scope.getState($folderBinders)).toEqual([])
  })

  test('loading, then the binders; a failure says so and a retry reads again', async () => {
    let fail = true
    const { scope, mine } = setup({
      mine: async () => {
        if (fail) throw new ApiError('Internal error', 500)
        return [inBinder(1, 'Handover binder')]
      },
    })
    await open(scope)
    expect(scope.getState($folderBinders)).toBeNull()
    expect(scope.getState($folderBindersFailed)).toBe(true)
    fail = false
    await allSettled(bindersTabRetried, { scope })
    expect(scope.getState($folderBindersFailed)).toBe(false)
    expect(scope.getState($folderBinders)?.map((b) => b.name)).toEqual(['Handover binder'])
    expect(mine).toHaveBeenCalledTimes(2)
  })

  test('added to a binder of the project it is not in yet: chosen, sent, the dialog closes and the tab reads again', async () => {
    const { scope, add, mine, notify } = setup()
    await open(scope)
    await allSettled(addStarted, { scope })
    expect(scope.getState($adding)).toBe(true)
    // The binder it is in already is not offered.
    expect(scope.getState($choices)?.map((b) => b.name)).toEqual(['Tender package'])
    expect(scope.getState($addMode)).toBe('existing')
    await allSettled(existingForm.submitted, { scope })
    expect(scope.getState(existingForm.$errors)).toEqual({ listId: { key: 'validation.required' } })
    expect(add).not.toHaveBeenCalled()
    await allSettled(existingForm.fieldChanged, { scope, params: { name: 'listId', value: '2' } })
    await allSettled(existingForm.submitted, { scope })
    expect(add).toHaveBeenCalledWith({ projectId: 7, listId: 2, folderId: 12 })
    expect(scope.getState($adding)).toBe(false)
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'binders.added' })
    expect(mine).toHaveBeenCalledTimes(2)
  })

  test('into a new binder: made by its name, then the document put in it; a name taken is said on the field', async () => {
    let taken = true
    const { scope, create, add } = setup({
      create: async () => {
        if (taken) throw new ApiError('This project already has a binder with that name', 409, { name: 'This project already has a binder with that name' })
        return detail(5, 'As built')
      },
    })
    await open(scope)
    await allSettled(addStarted, { scope })
    await allSettled(addModeChosen, { scope, params: 'new' })
    expect(scope.getState($addMode)).toBe('new')
    await allSettled(newBinderForm.fieldChanged, { scope, params: { name: 'name', value: ' Tender package ' } })
    await allSettled(newBinderForm.submitted, { scope })
    expect(create).toHaveBeenCalledWith({ projectId: 7, name: 'Tender package' })
    expect(scope.getState(newBinderForm.$errors)).toEqual({ name: { key: 'documents:binders.nameTaken' } })
    expect(add).not.toHaveBeenCalled()
    expect(scope.getState($adding)).toBe(true)
    taken = false
    await allSettled(newBinderForm.fieldChanged, { scope, params: { name: 'name', value: 'As built' } })
    await allSettled(newBinderForm.submitted, { scope })
    expect(add).toHaveBeenCalledWith({ projectId: 7, listId: 5, folderId: 12 })
    expect(scope.getState($adding)).toBe(false)
  })

  test('a project with no binder to offer opens on a new one', async () => {
    const { scope } = setup({ project: async () => [binder(1, 'Handover binder')] })
    await open(scope)
    await allSettled(addStarted, { scope })
    expect(scope.getState($choices)).toEqual([])
    expect(scope.getState($addMode)).toBe('new')
  })

  test("taken out after the Yes; a refusal whose reason the page does not know toasts our words alone", async () => {
    const { scope, remove, notify } = setup()
    await open(scope)
    await allSettled(removeConfirmed, { scope, params: inBinder(1, 'Handover binder', 2) })
    expect(remove).toHaveBeenCalledWith({ projectId: 7, listId: 1, folderId: 12 })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'binders.removedFrom' })
    const refused = fork({
      handlers: [
        [fetchFolderBindersFx, async () => []],
        [removeFromBinderFx, async () => Promise.reject(new ApiError('This needs EDIT access to the project', 403))],
        [notifyFx, notify],
      ],
    })
    await open(refused)
    await allSettled(removeConfirmed, { scope: refused, params: inBinder(1, 'Handover binder', 2) })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'binders.removeFromFailed', detail: undefined })
  })
})
