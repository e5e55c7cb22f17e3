import { $session, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { fetchOwnMembershipFx, toggleRemovalFx } from '../../api'
import { notifyFx } from '../../notify'
import { $removalKnown, $removalLoadFailed, $removalRequested, confirmRemovalFx, leavePageFx, removalClicked, removalSectionOpened } from './removal.model'

const session = { user: { id: 7 }, accountId: 1 } as unknown as Session

/** The profile opened with the request as the API holds it (none by default), then the answer to the confirmation. */
const setup = async (answer: boolean, removalRequested = true, held = !removalRequested) => {
  const toggle = vi.fn(async (userId: number) => ({ userId, removalRequested }))
  const read = vi.fn(async (id: number) => ({ id, removalRequested: held }))
  const notify = vi.fn()
  const leave = vi.fn()
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [fetchOwnMembershipFx, read],
      [confirmRemovalFx, async () => answer],
      [toggleRemovalFx, toggle],
      [notifyFx, notify],
      [leavePageFx, leave],
    ],
  })
  await allSettled(removalSectionOpened, { scope })
  return { scope, toggle, read, notify, leave }
}

describe('account removal request', () => {
  test('confirmed: the request is sent, a toast tells so and the user leaves the page', async () => {
    const { scope, toggle, notify, leave } = await setup(true)
    await allSettled(removalClicked, { scope })
    expect(toggle).toHaveBeenCalledWith(7)
    expect(scope.getState($removalRequested)).toBe(true)
    expect(notify).toHaveBeenCalledWith({ kind: 'info', key: 'removal.requested' })
    expect(leave).toHaveBeenCalled()
  })

  test('answered No: nothing is sent', async () => {
    const { scope, toggle, leave } = await setup(false)
    await allSettled(removalClicked, { scope })
    expect(toggle).not.toHaveBeenCalled()
    expect(leave).not.toHaveBeenCalled()
  })

  test('opening the profile reads the request made before a reload, so the button withdraws it', async () => {
    const { scope, read } = await setup(true, false, true)
    expect(read).toHaveBeenCalledWith(7)
    expect(scope.getState($removalKnown)).toBe(true)
    expect(scope.getState($removalRequested)).toBe(true)
  })

  test('a request already made is withdrawn, and the user stays', async () => {
    const { scope, notify, leave } = await setup(true, false)
    await allSettled(removalClicked, { scope })
    expect(scope.getState($removalRequested)).toBe(false)
    expect(notify).toHaveBeenCalledWith({ kind: 'info', key: 'removal.withdrawn' })
    expect(leave).not.toHaveBeenCalled()
  })

  test('until the state is read nothing is offered; a failed read says so and asks nothing', async () => {
    const confirmation = vi.fn(async () => true)
    const toggle = vi.fn()
    const scope = fork({
      values: [[$session, session]],
      handlers: [
        [fetchOwnMembershipFx, async () => Promise.reject(new Error('Network error'))],
        [confirmRemovalFx, confirmation],
        [toggleRemovalFx, toggle],
      ],
    })
    await allSettled(removalSectionOpened, { scope })
    expect(scope.getState($removalKnown)).toBe(false)
    expect(scope.getState($removalLoadFailed)).toBe(true)
    await allSettled(removalClicked, { scope })
    expect(confirmation).not.toHaveBeenCalled()
    expect(toggle).not.toHaveBeenCalled()
  })

  test('a failure shows the failure toast', async () => {
    const notify = vi.fn()
    const scope = fork({
      values: [[$session, session]],
      handlers: [
        [fetchOwnMembershipFx, async () => ({ id: 7, removalRequested: false })],
        [confirmRemovalFx, async () => true],
        [toggleRemovalFx, async () => Promise.reject(new Error('Network error'))],
        [notifyFx, notify],
      ],
    })
    await allSettled(removalSectionOpened, { scope })
    await allSettled(removalClicked, { scope })
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'removal.failed' })
  })
})
