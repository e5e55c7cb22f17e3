import { ApiError } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { notifyFx } from '../../notify'
import { documentNotes } from './notes.model'

afterEach(() => vi.unstubAllGlobals())

describe("a document's notes", () => {
  test("are the comments of the module 'folder' with the document's id", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ total: 0, limit: 500, skip: 0, data: [] }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const scope = fork()
    await allSettled(documentNotes.opened, { scope, params: 12 })
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual(['/api/comments/folder/12?%24limit=500'])
    expect(scope.getState(documentNotes.$comments)).toEqual([])
  })

  test("toast in the documents' words: a reason the page does not know, or a server failure, is not shown", async () => {
    const toasts: unknown[] = []
    const scope = fork({
      handlers: [
        [notifyFx, (notice: unknown) => void toasts.push(notice)],
        [documentNotes.fetchFx, async () => []],
        [documentNotes.addFx, async () => {
          throw new ApiError('Internal error', 500)
        }],
        [documentNotes.editFx, async () => {
          throw new ApiError('Only its author or an administrator may change this comment', 403)
        }],
        [documentNotes.removeFx, async (id: number) => id],
      ],
    })
    await allSettled(documentNotes.opened, { scope, params: 12 })
    await allSettled(documentNotes.draftChanged, { scope, params: 'Checked on site' })
    await allSettled(documentNotes.addClicked, { scope })
    await allSettled(documentNotes.editStarted, { scope, params: { id: 3, content: 'Old', author: null, canEdit: true, creationDate: '', changeDate: null } as never })
    await allSettled(documentNotes.editSaved, { scope })
    await allSettled(documentNotes.removeConfirmed, { scope, params: { id: 3 } as never })
    expect(toasts).toEqual([
      { kind: 'error', key: 'notes.addFailed', detail: undefined },
      { kind: 'error', key: 'notes.saveFailed', detail: undefined },
      { kind: 'success', key: 'notes.removed', detail: undefined },
    ])
  })
})
