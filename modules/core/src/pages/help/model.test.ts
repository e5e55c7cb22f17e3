import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { fetchContactFx } from '../../api'
import { $contact, $contactFailed, contactRetried, helpOpened } from './model'

describe('help page', () => {
  test('opening it loads the support contact', async () => {
    const scope = fork({ handlers: [[fetchContactFx, async () => ({ email: 'support@example.test' })]] })
    await allSettled(helpOpened, { scope })
    expect(scope.getState($contact)).toEqual({ email: 'support@example.test' })
    expect(scope.getState($contactFailed)).toBe(false)
  })

  test('a failed load is kept until Retry loads the contact', async () => {
    let calls = 0
    const scope = fork({
      handlers: [
        [
          fetchContactFx,
          async () => {
            calls += 1
            if (calls === 1) throw new Error('Network error')
            return { email: 'support@example.test' }
          },
        ],
      ],
    })
    await allSettled(helpOpened, { scope })
    expect(scope.getState($contact)).toBeNull()
    expect(scope.getState($contactFailed)).toBe(true)
    await allSettled(contactRetried, { scope })
    expect(scope.getState($contact)).toEqual({ email: 'support@example.test' })
    expect(scope.getState($contactFailed)).toBe(false)
  })
})
