import { expect, test } from 'vitest'
import { ApiError } from '../client'
import { i18n, registerLocales } from '../i18n'
import { refusalText } from './refusal'

registerLocales('refusals', {
  'en-GB': { archived: 'Archived: no changes', held: '"{{name}}" is held by {{by}}' },
  'fi-FI': { archived: 'Arkistoitu: ei muutoksia', held: '"{{name}}" on henkilöllä {{by}}' },
  'no-NO': {},
  'pl-PL': {},
  'se-SE': {},
})
const known = [
  ['The document is archived', 'refusals:archived'],
  [/^"(?<name>.+)" is checked out by (?<by>.+)$/, 'refusals:held'],
] as const

test("a refusal the remote knows is said in the user's language, a pattern's parts put in", async () => {
  await i18n.changeLanguage('fi-FI')
  try {
    expect(refusalText(new ApiError('The document is archived', 409), known)).toBe('Arkistoitu: ei muutoksia')
    expect(refusalText(new ApiError('"plan.pdf" is checked out by Ann Lee', 409), known)).toBe('"plan.pdf" on henkilöllä Ann Lee')
  } finally {
    await i18n.changeLanguage('en-GB')
  }
})

test("a 400's field message is looked at too, and the kit's validation messages are known already", () => {
  expect(refusalText(new ApiError('Invalid input', 400, { name: 'The document is archived' }), known)).toBe('Archived: no changes')
  expect(refusalText(new ApiError('Invalid input', 400, { name: 'This field is required' }), known)).toBe(i18n.t('validation.required', { ns: 'kit' }))
})

test('anything else is no reason: an unknown text, a server failure, no answer, not an API error', () => {
  expect(refusalText(new ApiError('Something only English says', 409), known)).toBeUndefined()
  expect(refusalText(new ApiError('The document is archived', 500), known)).toBeUndefined()
  expect(refusalText(new ApiError('Network error', 0), known)).toBeUndefined()
  expect(refusalText(new Error('The document is archived'), known)).toBeUndefined()
})
