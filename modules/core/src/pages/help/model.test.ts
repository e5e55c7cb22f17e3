import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { fetchContactFx, fetchManualsFx } from '../../api'
import { $manuals, $manualsFailed } from '../../manuals/model'
import { $contact, $contactFailed, helpOpened } from './model'

const manual = { id: 1, name: 'User guide', link: '/manuals/user-guide.pdf' }

describe('help page', () => {
  test('opening it loads the support contact and the manuals', async () => {
    const scope = fork({
      handlers: [
        [fetchContactFx, async () => ({ email: 'support@example.test' })],
        [fetchManualsFx, async () => [manual]],
      ],
    })
    await allSettled(helpOpened, { scope })
    expect(scope.getState($contact)).toEqual({ email: 'support@example.test' })
    expect(scope.getState($manuals)).toEqual([manual])
    expect(scope.getState($contactFailed)).toBe(false)
    expect(scope.getState($manualsFailed)).toBe(false)
  })

  test('a failed load is shown per part; the other part still loads', async () => {
    const scope = fork({
      handlers: [
        [fetchContactFx, async () => Promise.reject(new Error('Network error'))],
        [fetchManualsFx, async () => []],
      ],
    })
    await allSettled(helpOpened, { scope })
    expect(scope.getState($contact)).toBeNull()
    expect(scope.getState($contactFailed)).toBe(true)
    expect(scope.getState($manuals)).toEqual([])
    expect(scope.getState($manualsFailed)).toBe(false)
  })
})
