import { allSettled, createEvent, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ApiError } from '../client'
import { type CommentNotice, type ThreadComment, createCommentsModel } from './model'

afterEach(() => vi.unstubAllGlobals())

const comment = (id: number, canEdit = true, content = `Comment ${id}`): ThreadComment => ({
  id,
  content,
  author: { firstName: 'Some', lastName: 'One', username: 'some@x.test' },
  canEdit,
  creationDate: '2026-03-02T10:00:00.000Z',
  changeDate: null,
})

const notified = createEvent<CommentNotice>()
const thread = createCommentsModel({ threadUrl: (id) => `/things/kind/${id}`, commentUrl: (id) => `/things/${id}`, notify: notified })

const setup = (fetched: Record<number, ThreadComment[]> = { 5: [comment(1), comment(2, false)] }) => {
  const calls: { fetched: number[]; added: unknown[]; edited: unknown[]; removed: number[] } = { fetched: [], added: [], edited: [], removed: [] }
  const notices: CommentNotice[] = []
  const scope = fork({
    handlers: [
      [thread.fetchFx, async (thingId: number) => {
        calls.fetched.push(thingId)
        return fetched[thingId] ?? []
      }],
      [thread.addFx, async (params: { thingId: number; content: string }) => {
        calls.added.push(params)
        return comment(9, true, params.content)
      }],
      [thread.editFx, async (params: { id: number; content: string }) => {
        calls.edited.push(params)
        return { ...comment(params.id, true, params.content), changeDate: '2026-03-03T10:00:00.000Z' }
      }],
      [thread.removeFx, async (id: number) => {
        calls.removed.push(id)
        return id
      }],
    ],
  })
  const unwatch = notified.watch((notice) => notices.push(notice))
  return { scope, calls, notices, unwatch }
}

describe('createCommentsModel', () => {
  test('asks the URLs it was given: GET and POST on the thread, PUT and DELETE on one comment', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      new Response(JSON.stringify(init.method === 'GET' ? { total: 0, limit: 500, skip: 0, data: [] } : init.method === 'DELETE' ? {} : comment(3)), { status: 200 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    await thread.fetchFx(7)
    await thread.addFx({ thingId: 7, content: 'Hello' })
    await thread.editFx({ id: 3, content: 'Better' })
    expect(await thread.removeFx(3)).toBe(3)
    const asked = fetchMock.mock.calls.map(([url, init]) => [init.method, url, init.body])
    expect(asked).toEqual([
      ['GET', '/api/things/kind/7?%24limit=500', undefined],
      ['POST', '/api/things/kind/7', '{"content":"Hello"}'],
      ['PUT', '/api/things/3', '{"content":"Better"}'],
      ['DELETE', '/api/things/3', undefined],
    ])
  })

  test('opening reads the thing; a blank draft is not added, a real one is trimmed, added last and the box emptied', async () => {
    const { scope, calls } = setup()
    await allSettled(thread.opened, { scope, params: 5 })
    expect(calls.fetched).toEqual([5])
    expect(scope.getState(thread.$comments)?.map((c) => c.id)).toEqual([1, 2])
    await allSettled(thread.draftChanged, { scope, params: '  \n ' })
    expect(scope.getState(thread.$canAdd)).toBe(false)
    await allSettled(thread.addClicked, { scope })
    expect(calls.added).toEqual([])
    await allSettled(thread.draftChanged, { scope, params: ' Looks good ' })
    expect(scope.getState(thread.$canAdd)).toBe(true)
    await allSettled(thread.addClicked, { scope })
    expect(calls.added).toEqual([{ thingId: 5, content: 'Looks good' }])
    expect(scope.getState(thread.$comments)?.map((c) => c.content)).toEqual(['Comment 1', 'Comment 2', 'Looks good'])
    expect(scope.getState(thread.$draft)).toBe('')
  })

  test('an edit saves the trimmed text in place and ends; a blank one is not sent; cancel leaves it', async () => {
    const { scope, calls } = setup()
    await allSettled(thread.opened, { scope, params: 5 })
    await allSettled(thread.editStarted, { scope, params: comment(1) })
    expect(scope.getState(thread.$editing)).toEqual({ id: 1, text: 'Comment 1' })
    await allSettled(thread.editChanged, { scope, params: '   ' })
    await allSettled(thread.editSaved, { scope })
    expect(calls.edited).toEqual([])
    await allSettled(thread.editChanged, { scope, params: ' Better ' })
    await allSettled(thread.editSaved, { scope })
    expect(calls.edited).toEqual([{ id: 1, content: 'Better' }])
    expect(scope.getState(thread.$editing)).toBeNull()
    expect(scope.getState(thread.$comments)?.map((c) => c.content)).toEqual(['Better', 'Comment 2'])
    await allSettled(thread.editStarted, { scope, params: comment(2) })
    await allSettled(thread.editCancelled, { scope })
    expect(scope.getState(thread.$editing)).toBeNull()
  })

  test('a removal takes it out of the list and says so', async () => {
    const { scope, calls, notices, unwatch } = setup()
    await allSettled(thread.opened, { scope, params: 5 })
    await allSettled(thread.removeConfirmed, { scope, params: comment(2, false) })
    expect(calls.removed).toEqual([2])
    expect(scope.getState(thread.$comments)?.map((c) => c.id)).toEqual([1])
    expect(notices).toEqual([{ kind: 'success', key: 'removed' }])
    unwatch()
  })

  test('failures: the list shows failed until Retry reads it again; a failed change is a notice with its error', async () => {
    let fail = true
    const refusal = new ApiError('Only its author or an administrator may change this comment', 403)
    const notices: CommentNotice[] = []
    const unwatch = notified.watch((notice) => notices.push(notice))
    const scope = fork({
      handlers: [
        [thread.fetchFx, async () => {
          if (fail) throw new ApiError('Bad gateway', 502)
          return [comment(1)]
        }],
        [thread.addFx, async () => {
          throw refusal
        }],
        [thread.editFx, async () => {
          throw refusal
        }],
        [thread.removeFx, async () => {
          throw refusal
        }],
      ],
    })
    await allSettled(thread.opened, { scope, params: 5 })
    expect(scope.getState(thread.$failed)).toBe(true)
    expect(scope.getState(thread.$comments)).toBeNull()
    fail = false
    await allSettled(thread.retried, { scope })
    expect(scope.getState(thread.$failed)).toBe(false)
    expect(scope.getState(thread.$comments)?.map((c) => c.id)).toEqual([1])

    await allSettled(thread.draftChanged, { scope, params: 'Hello' })
    await allSettled(thread.addClicked, { scope })
    expect(scope.getState(thread.$draft)).toBe('Hello')
    await allSettled(thread.editStarted, { scope, params: comment(1) })
    await allSettled(thread.editSaved, { scope })
    expect(scope.getState(thread.$editing)).toEqual({ id: 1, text: 'Comment 1' })
    await allSettled(thread.removeConfirmed, { scope, params: comment(1) })
    expect(scope.getState(thread.$comments)?.map((c) => c.id)).toEqual([1])
    expect(notices).toEqual([
      { kind: 'error', key: 'addFailed', error: refusal },
      { kind: 'error', key: 'saveFailed', error: refusal },
      { kind: 'error', key: 'removeFailed', error: refusal },
    ])
    unwatch()
  })

  test('another thing opened meanwhile: the first answer is dropped and the draft starts over', async () => {
    const scope = fork({
      handlers: [
        [thread.fetchFx, async (thingId: number) => {
          // The first thing's answer comes late, after the second's.
          if (thingId === 5) await new Promise((resolve) => setTimeout(resolve, 20))
          return [comment(thingId)]
        }],
      ],
    })
    await Promise.all([
      allSettled(thread.opened, { scope, params: 5 }),
      allSettled(thread.draftChanged, { scope, params: 'Half written' }),
      allSettled(thread.opened, { scope, params: 6 }),
    ])
    expect(scope.getState(thread.$thingId)).toBe(6)
    expect(scope.getState(thread.$comments)?.map((c) => c.id)).toEqual([6])
    expect(scope.getState(thread.$draft)).toBe('')
  })
})
