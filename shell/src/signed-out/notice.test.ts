import { ApiError } from '@app/module-kit'
import { describe, expect, it } from 'vitest'
import { errorNotice } from './notice'
import { textOf } from './test-helpers'

describe('error notices', () => {
  it('translates the messages the API answers in English', () => {
    const shown = errorNotice(new ApiError('Your account is waiting for activation', 403))
    expect(shown).toMatchObject({ tone: 'error', status: 403 })
    expect(textOf(shown)).toBe('Your account is waiting for activation')
  })

  it('rounds the Retry-After of a 429 up to whole minutes', () => {
    expect(textOf(errorNotice(new ApiError('Too many', 429, undefined, { retryAfter: 61 })))).toBe(
      'Too many attempts. Please wait 2 min before trying again.',
    )
  })

  it('keeps an unknown server message readable', () => {
    expect(textOf(errorNotice(new ApiError('Database is on fire', 500)))).toBe('Something went wrong: Database is on fire')
  })

  it('uses the catalogue for a network failure', () => {
    expect(textOf(errorNotice(new ApiError('Network error', 0)))).toBe('Network error')
  })
})
