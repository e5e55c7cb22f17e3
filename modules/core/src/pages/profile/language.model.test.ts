import { $locale, $session, type Session } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { saveLanguageFx } from '../../api'
import { notifyFx } from '../../notify'
import { languageSelected } from './language.model'

const session = {
  user: { id: 7, firstName: 'Ulla', lastName: 'User', acronym: 'UUS', language: 'ENGLISH' },
  accountId: 1,
  accountName: 'Demo Engineering',
  hasTwoFactor: false,
  flags: {},
} as unknown as Session

describe('language', () => {
  test('a chosen language is saved for the user, then the interface and the session follow', async () => {
    const save = vi.fn(async ({ language }: { language: string }) => ({ language }) as never)
    const scope = fork({ values: [[$session, session]], handlers: [[saveLanguageFx, save]] })
    await allSettled(languageSelected, { scope, params: 'fi-FI' })
    expect(save).toHaveBeenCalledWith({ userId: 7, language: 'FINNISH' })
    expect(scope.getState($locale)).toBe('fi-FI')
    expect(scope.getState($session)?.user.language).toBe('FINNISH')
  })

  test('a failure keeps the language and shows the failure toast', async () => {
    const notify = vi.fn()
    const scope = fork({
      values: [[$session, session]],
      handlers: [
        [saveLanguageFx, async () => Promise.reject(new Error('Network error'))],
        [notifyFx, notify],
      ],
    })
    await allSettled(languageSelected, { scope, params: 'pl-PL' })
    expect(scope.getState($locale)).toBe('en-GB')
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'language.failed' })
  })

  test('signed out nothing is sent', async () => {
    const save = vi.fn()
    const scope = fork({ handlers: [[saveLanguageFx, save]] })
    await allSettled(languageSelected, { scope, params: 'se-SE' })
    expect(save).not.toHaveBeenCalled()
  })
})
