import { ApiError, i18n } from '@app/module-kit'
import type { FolderAction } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { deleteActionFx, fetchActionsFx, saveActionFx } from '../../api'
import { notifyFx } from '../../notify'
import {
  $actions,
  $actionsFailed,
  $editingAction,
  actionData,
  actionEditStarted,
  actionForm,
  actionRemoveConfirmed,
  actionsOpened,
  actionsRetried,
  actionValues,
  dueDay,
} from './actions.model'

const DAY = 24 * 60 * 60 * 1000
/** 2 March 2026, local midnight (as a date input sends it). */
const PLANNED = new Date(2026, 2, 2).getTime()

const action = (id: number, description: string, more: Partial<FolderAction> = {}): FolderAction => ({
  id,
  folderId: 12,
  description,
  plannedOn: null,
  responsibleId: null,
  responsible: null,
  finalized: false,
  notes: null,
  acceptanceCode: null,
  commentFrom: null,
  processingWeeks: null,
  dueOn: null,
  daysOverdue: 0,
  createdAt: '2026-11-25T08:00:00.000Z',
  createdBy: null,
  changedAt: '2026-11-25T08:00:00.000Z',
  changedBy: null,
  ...more,
})

const RESUBMIT = action(2, 'Resubmit the datasheet', {
  plannedOn: PLANNED,
  responsibleId: 7,
  responsible: { id: 7, firstName: 'Vera', lastName: 'Viewer' },
  notes: 'Raised in review',
  acceptanceCode: 'B',
  commentFrom: 'SUPPLIER',
  processingWeeks: 2,
  dueOn: PLANNED + 14 * DAY,
  daysOverdue: 6,
})

const setup = (handlers: { fetch?: () => Promise<FolderAction[]>; save?: () => Promise<FolderAction>; remove?: () => Promise<number> } = {}) => {
  const calls = {
    fetch: vi.fn(handlers.fetch ?? (async () => [RESUBMIT, action(3, 'Agree the test procedure')])),
    save: vi.fn(handlers.save ?? (async () => RESUBMIT)),
    remove: vi.fn(handlers.remove ?? (async () => 2)),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchActionsFx, calls.fetch],
      [saveActionFx, calls.save],
      [deleteActionFx, calls.remove],
      [notifyFx, calls.notify],
      [actionForm.scrollToFieldFx, () => undefined],
    ],
  })
  return { scope, ...calls }
}

const fill = async (scope: ReturnType<typeof fork>, values: Record<string, unknown>) => {
  for (const [name, value] of Object.entries(values)) await allSettled(actionForm.fieldChanged, { scope, params: { name, value } })
}

afterEach(() => vi.unstubAllGlobals())

describe("a document's action plan", () => {
  test("asks the API for every page of the document's rows, in the API's order", async () => {
    const answers = [
      { total: 501, limit: 500, skip: 0, data: Array.from({ length: 500 }, (_, i) => action(i + 1, `Action ${i + 1}`)) },
      { total: 501, limit: 500, skip: 500, data: [action(501, 'Action 501')] },
    ]
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const scope = fork()
    await allSettled(actionsOpened, { scope, params: 12 })
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual([
      '/api/folders/12/actions?%24limit=500&%24skip=0',
      '/api/folders/12/actions?%24limit=500&%24skip=500',
    ])
    expect(scope.getState($actions)?.map((a) => a.description).slice(-2)).toEqual(['Action 500', 'Action 501'])
  })

  test('loading, then the rows; a failure says so and a retry reads again', async () => {
    let fail = true
    const { scope, fetch } = setup({
      fetch: async () => {
        if (fail) throw new ApiError('Internal error', 500)
        return [RESUBMIT]
      },
    })
    await allSettled(actionsOpened, { scope, params: 12 })
    expect(scope.getState($actions)).toBeNull()
    expect(scope.getState($actionsFailed)).toBe(true)
    fail = false
    await allSettled(actionsRetried, { scope })
    expect(scope.getState($actionsFailed)).toBe(false)
    expect(scope.getState($actions)).toEqual([RESUBMIT])
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  test('a new row: the form checks as the API does, sends the whole row, closes and reads the plan again', async () => {
    const { scope, save, fetch, notify } = setup()
    await allSettled(actionsOpened, { scope, params: 12 })
    await allSettled(actionEditStarted, { scope, params: null })
    expect(scope.getState($editingAction)).toEqual({ id: null, responsible: null })
    // Nothing typed: the description is required; weeks out of range or fractional are refused.
    await fill(scope, { processingWeeks: 521, acceptanceCode: 'c'.repeat(41) })
    await allSettled(actionForm.submitted, { scope })
    expect(save).not.toHaveBeenCalled()
    expect(scope.getState(actionForm.$errors)).toEqual({
      description: { key: 'validation.required' },
      processingWeeks: { key: 'validation.max', values: { max: 520 } },
      acceptanceCode: { key: 'validation.maxLength', values: { max: 40 } },
    })
    await fill(scope, { description: ' Resubmit ', processingWeeks: 1.5, acceptanceCode: '' })
    await allSettled(actionForm.submitted, { scope })
    expect(scope.getState(actionForm.$errors)).toEqual({ processingWeeks: { key: 'validation.digits' } })

    await fill(scope, { processingWeeks: 2, plannedOn: '2026-03-02', responsibleId: '7', commentFrom: 'SUPPLIER', notes: ' Raised in review ', acceptanceCode: ' B ' })
    await allSettled(actionForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith({
      folderId: 12,
      id: null,
      data: { description: 'Resubmit', plannedOn: PLANNED, responsibleId: 7, finalized: false, notes: 'Raised in review', acceptanceCode: 'B', commentFrom: 'SUPPLIER', processingWeeks: 2 },
    })
    expect(scope.getState($editingAction)).toBeNull()
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'actions.saved' })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  test("a change starts from the row as saved, keeps its responsible on offer and is sent by its id; the API's field refusals show on the field", async () => {
    const { scope, save } = setup({
      save: async () => {
        throw new ApiError('Validation failed', 400, { responsibleId: 'Choose a user of this project' })
      },
    })
    await allSettled(actionsOpened, { scope, params: 12 })
    await allSettled(actionEditStarted, { scope, params: RESUBMIT })
    expect(scope.getState($editingAction)).toEqual({ id: 2, responsible: { id: 7, name: 'Vera Viewer' } })
    expect(scope.getState(actionForm.$values)).toEqual({
      description: 'Resubmit the datasheet',
      plannedOn: '2026-03-02',
      responsibleId: '7',
      processingWeeks: 2,
      commentFrom: 'SUPPLIER',
      finalized: false,
      notes: 'Raised in review',
      acceptanceCode: 'B',
    })
    await fill(scope, { finalized: true })
    await allSettled(actionForm.submitted, { scope })
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ folderId: 12, id: 2, data: expect.objectContaining({ finalized: true, plannedOn: PLANNED }) }))
    expect(scope.getState(actionForm.$errors).responsibleId).toEqual({ key: 'Choose a user of this project' })
    // The dialog stays open with the message.
    expect(scope.getState($editingAction)).toMatchObject({ id: 2 })
  })

  test('blank fields are none; a saved row and its form values go both ways', () => {
    const blank = { ...actionValues(action(9, 'Only this')), notes: '  ', acceptanceCode: ' ' }
    expect(actionData(blank)).toEqual({ description: 'Only this', plannedOn: null, responsibleId: null, finalized: false, notes: null, acceptanceCode: null, commentFrom: null, processingWeeks: null })
    expect(actionData(actionValues(RESUBMIT))).toEqual({
      description: 'Resubmit the datasheet',
      plannedOn: PLANNED,
      responsibleId: 7,
      finalized: false,
      notes: 'Raised in review',
      acceptanceCode: 'B',
      commentFrom: 'SUPPLIER',
      processingWeeks: 2,
    })
  })

  test('the due day shown is the local day nearest the due instant, an hour either side of midnight alike', () => {
    const due = new Date(2026, 2, 16).getTime()
    expect(dueDay({ dueOn: null })).toBeNull()
    expect(dueDay({ dueOn: due })).toBe(due)
    expect(dueDay({ dueOn: due - 60 * 60 * 1000 })).toBe(due)
    expect(dueDay({ dueOn: due + 60 * 60 * 1000 })).toBe(due)
  })

  test("a removal names the row; a refusal toasts with the API's reason", async () => {
    const { scope, remove, notify, fetch } = setup({
      remove: async () => {
        throw new ApiError('An archived document keeps its action plan as it is', 409)
      },
    })
    await allSettled(actionsOpened, { scope, params: 12 })
    await allSettled(actionRemoveConfirmed, { scope, params: RESUBMIT })
    expect(remove).toHaveBeenCalledWith({ folderId: 12, id: 2 })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'actions.deleteFailed', detail: i18n.t('documents:refusal.rowsArchived') })
    // Read again: whatever the refusal, the list shows what the API holds.
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
