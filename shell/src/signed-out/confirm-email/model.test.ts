import { clearTokenFx } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, it, vi } from 'vitest'
import { confirmEmailFx } from '../api'
import { apiError, textOf } from '../test-helpers'
import { $done, $notice, confirmClicked, confirmEmailOpened } from './model'

const LINK_FAILED = 'This link is no longer valid: ask for the change again on your profile page'

const setup = (confirm: (data: { token: string }) => Promise<{ message: string; username: string }>) => {
  const clearToken = vi.fn(async () => undefined)
  const scope = fork({ handlers: [[confirmEmailFx, confirm], [clearTokenFx, clearToken]] })
  return { scope, clearToken }
}

describe('confirming a new e-mail', () => {
  it('sends the token only when asked, then names the new address and drops the ended session', async () => {
    const confirm = vi.fn(async () => ({ message: 'Your e-mail was changed: sign in with the new address', username: 'new@example.fi' }))
    const { scope, clearToken } = setup(confirm)
    await allSettled(confirmEmailOpened, { scope, params: 'token-1' })
    expect(confirm).not.toHaveBeenCalled()
    await allSettled(confirmClicked, { scope })
    expect(confirm).toHaveBeenCalledWith({ token: 'token-1' })
    expect(scope.getState($done)).toBe(true)
    expect(textOf(scope.getState($notice))).toBe('Your sign-in e-mail is now new@example.fi. Sign in with it and your password.')
    expect(clearToken).toHaveBeenCalledTimes(1)
    await allSettled(confirmClicked, { scope })
    expect(confirm).toHaveBeenCalledTimes(1)
  })

  it('a spent or expired link and an address taken meanwhile are told apart; the session stays', async () => {
    for (const [error, text] of [
      [apiError(400, LINK_FAILED), LINK_FAILED],
      [apiError(409, 'Email is already registered'), 'Someone else has registered this e-mail address meanwhile'],
    ] as const) {
      const { scope, clearToken } = setup(async () => Promise.reject(error))
      await allSettled(confirmEmailOpened, { scope, params: 'old' })
      await allSettled(confirmClicked, { scope })
      expect(scope.getState($done)).toBe(false)
      expect(textOf(scope.getState($notice))).toBe(text)
      expect(clearToken).not.toHaveBeenCalled()
    }
  })
})
