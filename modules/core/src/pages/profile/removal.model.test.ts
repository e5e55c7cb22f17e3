import { $session, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { toggleRemovalFx } from '../../api'
import { notifyFx } from '../../notify'
import { $removalRequested, confirmRemovalFx, leavePageFx, removalClicked } from './removal.model'

const session = { user: { id: 7 }, accountId: 1 } as unknown as Session

const setup = (answer: boolean, removalRequested = true) => {
  const toggle = vi.fn(async (userId: number) => ({ userId, removalRequested }))
  const notify = vi.fn()
  const leave = vi.fn()
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [confirmRemovalFx, async () => answer],
      [toggleRemovalFx, toggle],
      [notifyFx, notify],
      [leavePageFx, leave],
    ],
  })
  return { scope, toggle, notify, leave }
}

describe('account removal request', () => {
  test('confirmed: the request is sent, a toast tells so and the user leaves the page', async () => {
    const { scope, toggle, notify, leave } = setup(true)
    await allSettled(removalClicked, { scope })
    expect(toggle).toHaveBeenCalledWith(7)
    expect(scope.getState($removalRequested)).toBe(true)
    expect(notify).toHaveBeenCalledWith({ kind: 'info', key: 'removal.requested' })
    expect(leave).toHaveBeenCalled()
  })

  test('answered No: nothing is sent', async () => {
    const { scope, toggle, leave } = setup(false)
    await allSettled(removalClicked, { scope })
    expect(toggle).not.toHaveBeenCalled()
    expect(leave).not.toHaveBeenCalled()
  })

  test('a request already made is withdrawn, and the user stays', async () => {
    const { scope, notify, leave } = setup(true, false)
    await allSettled(removalClicked, { scope })
    expect(scope.getState($removalRequested)).toBe(false)
    expect(notify).toHaveBeenCalledWith({ kind: 'info', key: 'removal.withdrawn' })
    expect(leave).not.toHaveBeenCalled()
  })

  test('a failure shows the failure toast', async () => {
    const notify = vi.fn()
    const scope = fork({
      values: [[$session, session]],
      handlers: [
        [confirmRemovalFx, async () => true],
        [toggleRemovalFx, async () => Promise.reject(new Error('Network error'))],
        [notifyFx, notify],
      ],
    })
    await allSettled(removalClicked, { scope })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'removal.failed' })
  })
})
