import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { notifyFx } from '../notify'
import { $items, $summary, itemAdded, itemFailed, itemProgressed, itemSucceeded, panelClosed, retryClicked, retryUploadFx } from './model'

const file = (id: string, size = 100) => ({ id, name: `${id}.pdf`, size, folderId: 4, projectId: 2 })

describe('upload items', () => {
  test('added, uploading with progress, then done or in error with a toast; Retry starts the item again; Close keeps what still uploads', async () => {
    const toasts: unknown[] = []
    const retried: string[] = []
    const scope = fork({
      handlers: [
        [notifyFx, (notice: unknown) => void toasts.push(notice)],
        [retryUploadFx, (id: string) => void retried.push(id)],
      ],
    })
    for (const id of ['a', 'b', 'c']) await allSettled(itemAdded, { scope, params: file(id) })
    await allSettled(itemProgressed, { scope, params: { id: 'a', uploaded: 40 } })
    expect(scope.getState($items).map((item) => [item.id, item.state, item.uploaded])).toEqual([
      ['a', 'uploading', 40],
      ['b', 'uploading', 0],
      ['c', 'uploading', 0],
    ])
    await allSettled(itemSucceeded, { scope, params: 'a' })
    await allSettled(itemFailed, { scope, params: 'b' })
    expect(scope.getState($summary)).toEqual({ done: 1, total: 3, errors: 1, busy: true })
    expect(toasts).toEqual([{ kind: 'error', key: 'upload.failedToast' }])

    await allSettled(retryClicked, { scope, params: 'b' })
    expect(retried).toEqual(['b'])
    expect(scope.getState($summary).errors).toBe(0)
    // The engine adds the file again; chosen again after a failure, a file takes its old item's place too.
    await allSettled(itemAdded, { scope, params: file('b') })
    await allSettled(itemAdded, { scope, params: file('b') })
    expect(scope.getState($items).find((item) => item.id === 'b')).toMatchObject({ state: 'uploading', uploaded: 0 })

    await allSettled(panelClosed, { scope })
    expect(scope.getState($items).map((item) => item.id)).toEqual(['c', 'b'])
    await allSettled(itemSucceeded, { scope, params: 'b' })
    await allSettled(itemSucceeded, { scope, params: 'c' })
    expect(scope.getState($summary)).toEqual({ done: 2, total: 2, errors: 0, busy: false })
    await allSettled(panelClosed, { scope })
    expect(scope.getState($items)).toEqual([])
  })
})
