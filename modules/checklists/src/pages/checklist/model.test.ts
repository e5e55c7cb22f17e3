import { ApiError, navigated } from '@app/module-kit'
import type { Checklist } from '@app/plugin-checklists/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import {
  addItemFx,
  copyChecklistFx,
  createFolderFx,
  deleteChecklistFx,
  fetchChecklistFx,
  fetchChildrenFx,
  fetchCopyTargetsFx,
  fetchPeopleFx,
  fetchProjectFx,
  patchItemFx,
  removeItemFx,
  setResponsibleFx,
  setStatusFx,
  updateChecklistFx,
} from '../../api'
import { notifyFx } from '../../notify'
import { checklist, item, project, summary } from '../../test/fixtures'
import { $editing, $moved, addItemForm, dayToDue, editItemForm, isOverdue, itemEditStarted, itemMoved, itemRemoveConfirmed, itemToggled } from './items.model'
import {
  $checklist,
  $children,
  $loadError,
  $misplaced,
  $people,
  $targets,
  $targetsFailed,
  checklistOpened,
  copyForm,
  copyStarted,
  deleteConfirmed,
  folderClicked,
  metadataForm,
  peopleFilterChanged,
  responsibleChosen,
  statusChosen,
  targetsFilterChanged,
} from './model'

const OPENED = { projectId: 7, checklistId: 3, tab: 'checklists' as const }

const setup = (level: 'VIEW' | 'EDIT' | 'ADMINISTER' = 'EDIT', handlers: Record<string, (...args: never[]) => Promise<unknown>> = {}) => {
  const calls = {
    project: vi.fn(async () => project(level)),
    fetch: vi.fn(handlers.fetch ?? (async () => checklist())),
    children: vi.fn(async () => [summary(21, { parentChecklistId: 3 })]),
    people: vi.fn(async (_: { projectId: number; filter: string }) => [{ id: 5, name: 'Edith Editor' }]),
    status: vi.fn(async ({ status }: { status: Checklist['status'] }) => ({ ...checklist(), status })),
    responsible: vi.fn(async () => ({ ...checklist(), responsibleUser: { id: 5, firstName: 'Edith', lastName: 'Editor' } })),
    update: vi.fn(async ({ title, description }: { title: string; description: string }) => ({ ...checklist(), title, description })),
    folder: vi.fn(handlers.folder ?? (async () => ({ ...checklist(), folderId: 40, folder: { id: 40, name: 'Fire safety', symbol: null } }))),
    copy: vi.fn(async () => ({ ...checklist([]), id: 30, parentId: 8 })),
    targets: vi.fn(async (_: { projectId: number; filter: string }) => [{ id: 8, name: 'P-8 - Pier' }]),
    drop: vi.fn(handlers.drop ?? (async () => checklist())),
    add: vi.fn(handlers.add ?? (async () => checklist([11, 12, 13, 14]))),
    patch: vi.fn(handlers.patch ?? (async () => checklist([12, 11, 13]))),
    remove: vi.fn(async () => checklist([11, 13])),
    notify: vi.fn(),
    navigate: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchProjectFx, calls.project],
      [fetchChecklistFx, calls.fetch],
      [fetchChildrenFx, calls.children],
      [fetchPeopleFx, calls.people],
      [setStatusFx, calls.status],
      [setResponsibleFx, calls.responsible],
      [updateChecklistFx, calls.update],
      [createFolderFx, calls.folder],
      [copyChecklistFx, calls.copy],
      [fetchCopyTargetsFx, calls.targets],
      [deleteChecklistFx, calls.drop],
      [addItemFx, calls.add],
      [patchItemFx, calls.patch],
      [removeItemFx, calls.remove],
      [notifyFx, calls.notify],
      [metadataForm.scrollToFieldFx, () => undefined],
      [addItemForm.scrollToFieldFx, () => undefined],
      [editItemForm.scrollToFieldFx, () => undefined],
      [copyForm.scrollToFieldFx, () => undefined],
    ] as never,
  })
  const unwatch = navigated.watch(calls.navigate)
  return { scope, unwatch, ...calls }
}

const ids = (scope: ReturnType<typeof fork>) => scope.getState($checklist)?.checklistItems.map((one) => one.id)

describe('a checklist', () => {
  test('opened on a tab: the checklist, its sub-checklists, and (EDIT) who may be responsible; the bare path goes on to the checklists tab', async () => {
    const { scope, fetch, navigate, unwatch } = setup()
    await allSettled(checklistOpened, { scope, params: OPENED })
    expect(ids(scope)).toEqual([11, 12, 13])
    expect(scope.getState($children)?.map((child) => child.id)).toEqual([21])
    expect(scope.getState($people)).toEqual([{ id: 5, name: 'Edith Editor' }])
    expect(scope.getState(metadataForm.$values)).toMatchObject({ title: 'Fire safety', description: 'Weekly walk-through' })
    await allSettled(checklistOpened, { scope, params: { ...OPENED, tab: null } })
    expect(navigate).toHaveBeenCalledWith({ to: '/project/7/checklists/3/checklists', replace: true })
    expect(fetch).toHaveBeenCalledTimes(1)
    unwatch()
  })

  test('the people are found by name once typing pauses; only the answer for what the box says now is shown', async () => {
    const { scope, people, unwatch } = setup()
    await allSettled(checklistOpened, { scope, params: OPENED })
    expect(people).toHaveBeenLastCalledWith({ projectId: 7, filter: '' })
    // Typed quickly: only the last text is asked for.
    people.mockImplementation(async ({ filter }: { filter: string }) => [{ id: 6, name: `Found by ${filter}` }])
    const typed = Promise.all(['e', 'ed', 'edi '].map((text) => allSettled(peopleFilterChanged, { scope, params: text })))
    await typed
    expect(people.mock.calls.map(([params]) => params)).toEqual([{ projectId: 7, filter: '' }, { projectId: 7, filter: 'edi' }])
    expect(scope.getState($people)).toEqual([{ id: 6, name: 'Found by edi' }])
    unwatch()
  })

  test('a viewer reads without the people; a missing checklist, or one of another project, is not found', async () => {
    const viewer = setup('VIEW')
    await allSettled(checklistOpened, { scope: viewer.scope, params: OPENED })
    expect(viewer.people).not.toHaveBeenCalled()
    viewer.unwatch()
    const missing = setup('EDIT', { fetch: async () => Promise.reject(new ApiError("No record found for id '3'", 404)) })
    await allSettled(checklistOpened, { scope: missing.scope, params: OPENED })
    expect(missing.scope.getState($loadError)).toBe('notFound')
    missing.unwatch()
    const elsewhere = setup('EDIT', { fetch: async () => ({ ...checklist(), parentId: 8 }) })
    await allSettled(checklistOpened, { scope: elsewhere.scope, params: OPENED })
    expect(elsewhere.scope.getState($misplaced)).toBe(true)
    elsewhere.unwatch()
  })

  test('status, responsible person, title and description are each saved and shown as answered', async () => {
    const { scope, status, responsible, update, notify, unwatch } = setup()
    await allSettled(checklistOpened, { scope, params: OPENED })
    await allSettled(statusChosen, { scope, params: 'OPEN' })
    expect(status).not.toHaveBeenCalled()
    await allSettled(statusChosen, { scope, params: 'IN_PROGRESS' })
    expect(status).toHaveBeenCalledWith({ id: 3, status: 'IN_PROGRESS' })
    expect(scope.getState($checklist)?.status).toBe('IN_PROGRESS')
    await allSettled(responsibleChosen, { scope, params: 5 })
    expect(responsible).toHaveBeenCalledWith({ id: 3, userId: 5 })
    expect(scope.getState($checklist)?.responsibleUser?.id).toBe(5)
    await allSettled(metadataForm.fieldChanged, { scope, params: { name: 'title', value: 'Fire safety, east wing' } })
    await allSettled(metadataForm.submitted, { scope })
    expect(update).toHaveBeenCalledWith({ id: 3, title: 'Fire safety, east wing', description: 'Weekly walk-through' })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'metadata.saved' })
    unwatch()
  })

  test("the copy dialog's projects failing to come says so until a later ask finds them", async () => {
    const { scope, targets, unwatch } = setup('ADMINISTER')
    await allSettled(checklistOpened, { scope, params: OPENED })
    targets.mockImplementationOnce(async () => {
      throw new Error('offline')
    })
    await allSettled(copyStarted, { scope })
    expect(scope.getState($targetsFailed)).toBe(true)
    await allSettled(targetsFilterChanged, { scope, params: 'pier' })
    expect(scope.getState($targetsFailed)).toBe(false)
    expect(scope.getState($targets)).toEqual([{ id: 8, name: 'P-8 - Pier' }])
    unwatch()
  })

  test('a folder is made once; a copy opens in its project; a delete after the Yes goes back to the list, a refusal says why', async () => {
    const { scope, folder, copy, targets, navigate, unwatch } = setup('ADMINISTER')
    await allSettled(checklistOpened, { scope, params: OPENED })
    await allSettled(folderClicked, { scope })
    expect(folder).toHaveBeenCalledWith({ projectId: 7, id: 3 })
    await allSettled(folderClicked, { scope })
    expect(folder).toHaveBeenCalledTimes(1)
    await allSettled(copyStarted, { scope })
    expect(targets).toHaveBeenLastCalledWith({ projectId: 7, filter: '' })
    // The projects are found by number or name, asked once typing pauses.
    targets.mockImplementation(async ({ filter }: { projectId: number; filter: string }) => [{ id: 8, name: `P-8 - Pier (${filter})` }])
    await allSettled(targetsFilterChanged, { scope, params: ' pier ' })
    expect(targets).toHaveBeenLastCalledWith({ projectId: 7, filter: 'pier' })
    expect(scope.getState($targets)).toEqual([{ id: 8, name: 'P-8 - Pier (pier)' }])
    await allSettled(copyForm.fieldChanged, { scope, params: { name: 'targetProjectId', value: '8' } })
    await allSettled(copyForm.submitted, { scope })
    expect(copy).toHaveBeenCalledWith({ projectId: 7, id: 3, targetProjectId: 8 })
    expect(navigate).toHaveBeenCalledWith({ to: '/project/8/checklists/30/checklists', replace: undefined })
    await allSettled(deleteConfirmed, { scope })
    expect(navigate).toHaveBeenLastCalledWith({ to: '/project/7/checklists', replace: undefined })
    unwatch()
    const refused = setup('ADMINISTER', { drop: async () => Promise.reject(new ApiError('Remove or move its sub-checklists first', 409)) })
    await allSettled(checklistOpened, { scope: refused.scope, params: OPENED })
    await allSettled(deleteConfirmed, { scope: refused.scope })
    expect(refused.notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'error', key: 'checklist.deleteFailed' }))
    refused.unwatch()
  })
})

describe('its items', () => {
  test('added with a responsible person and a due day; a failure says "Unable to create checklistItem"', async () => {
    const { scope, add, unwatch } = setup()
    await allSettled(checklistOpened, { scope, params: OPENED })
    await allSettled(addItemForm.fieldChanged, { scope, params: { name: 'name', value: ' Exit signs ' } })
    await allSettled(addItemForm.fieldChanged, { scope, params: { name: 'responsibleUserId', value: '5' } })
    await allSettled(addItemForm.fieldChanged, { scope, params: { name: 'dueDate', value: '2026-12-01' } })
    await allSettled(addItemForm.submitted, { scope })
    expect(add).toHaveBeenCalledWith({ id: 3, name: 'Exit signs', responsibleUserId: 5, dueDate: Date.UTC(2026, 11, 1) })
    expect(ids(scope)).toEqual([11, 12, 13, 14])
    expect(scope.getState(addItemForm.$values).name).toBe('')
    unwatch()
    const failing = setup('EDIT', { add: async () => Promise.reject(new ApiError('Boom', 500)) })
    await allSettled(checklistOpened, { scope: failing.scope, params: OPENED })
    await allSettled(addItemForm.fieldChanged, { scope: failing.scope, params: { name: 'name', value: 'Exit signs' } })
    await allSettled(addItemForm.submitted, { scope: failing.scope })
    expect(failing.scope.getState(addItemForm.$submitError)).toBe('checklists:items.addFailed')
    failing.unwatch()
  })

  test('ticked, moved a place (not past either end) or dropped elsewhere, and said to screen readers', async () => {
    const { scope, patch, unwatch } = setup()
    await allSettled(checklistOpened, { scope, params: OPENED })
    const [first, second, third] = scope.getState($checklist)!.checklistItems
    await allSettled(itemToggled, { scope, params: first! })
    expect(patch).toHaveBeenCalledWith({ id: 3, itemId: 11, patch: { done: true } })
    patch.mockClear()
    await allSettled(checklistOpened, { scope, params: OPENED })
    await allSettled(itemMoved, { scope, params: { item: first!, to: 0 } })
    await allSettled(itemMoved, { scope, params: { item: third!, to: 4 } })
    expect(patch).not.toHaveBeenCalled()
    await allSettled(itemMoved, { scope, params: { item: second!, to: 1 } })
    expect(patch).toHaveBeenCalledWith({ id: 3, itemId: 12, patch: { sortOrder: 1 } })
    expect(ids(scope)).toEqual([12, 11, 13])
    expect(scope.getState($moved)).toEqual({ key: 'items.moved', values: { name: 'Item 12', position: 1, count: 3 } })
    unwatch()
  })

  test('a failed change says so and shows the checklist as it is now', async () => {
    const { scope, fetch, notify, unwatch } = setup('EDIT', { patch: async () => Promise.reject(new ApiError("No record found for id '12'", 404)) })
    await allSettled(checklistOpened, { scope, params: OPENED })
    await allSettled(itemMoved, { scope, params: { item: scope.getState($checklist)!.checklistItems[1]!, to: 3 } })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'items.moveFailed', detail: undefined })
    expect(fetch).toHaveBeenCalledTimes(2)
    unwatch()
  })

  test('edited in a dialog (only what changed is sent) and removed after the Yes', async () => {
    const { scope, patch, remove, unwatch } = setup()
    await allSettled(checklistOpened, { scope, params: OPENED })
    const second = scope.getState($checklist)!.checklistItems[1]!
    await allSettled(itemEditStarted, { scope, params: second })
    expect(scope.getState(editItemForm.$values)).toEqual({ name: 'Item 12', responsibleUserId: '', dueDate: '' })
    await allSettled(editItemForm.fieldChanged, { scope, params: { name: 'name', value: 'Fire doors closed' } })
    await allSettled(editItemForm.submitted, { scope })
    expect(patch).toHaveBeenCalledWith({ id: 3, itemId: 12, patch: { name: 'Fire doors closed' } })
    expect(scope.getState($editing)).toBeNull()
    await allSettled(itemRemoveConfirmed, { scope, params: second })
    expect(remove).toHaveBeenCalledWith({ id: 3, itemId: 12 })
    expect(ids(scope)).toEqual([11, 13])
    unwatch()
  })

  test('an item not done is overdue from the day after its due day', () => {
    const now = Date.UTC(2026, 10, 27, 12)
    expect(isOverdue(item(1, 1, { dueDate: dayToDue('2026-11-26') }), now)).toBe(true)
    expect(isOverdue(item(1, 1, { dueDate: dayToDue('2026-11-27') }), now)).toBe(false)
    expect(isOverdue(item(1, 1, { dueDate: dayToDue('2026-11-26'), done: true }), now)).toBe(false)
    expect(isOverdue(item(1, 1), now)).toBe(false)
  })
})
