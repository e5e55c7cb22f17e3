import { describe, expect, test } from 'vitest'
import { passwordProblem } from './shared'

describe('passwordProblem', () => {
  test('at least 8 and at most 100 characters, worded as the API answers', async () => {
    expect(await passwordProblem('Xq7#pL2')).toEqual({ key: 'minLength', values: { min: 8 }, message: 'You must enter at least 8 characters' })
    expect(await passwordProblem('x'.repeat(101))).toEqual({ key: 'maxLength', values: { max: 100 }, message: 'The maximum number of characters is 100' })
  })

  test('common passwords, their variations and keyboard patterns are refused', async () => {
    for (const password of ['password', 'password1', '12345678', 'qwertyuiop', 'P@ssw0rd', 'iloveyou1', 'letmein123', 'aaaaaaaa', 'abcdefgh', 'salasana1'])
      expect((await passwordProblem(password))?.key, password).toBe('commonPassword')
  })

  test("the person's own e-mail and names are not a password", async () => {
    const userInputs = ['anna.virtanen@example.fi', 'Anna', 'Virtanen']
    expect((await passwordProblem('anna.virtanen@example.fi', { userInputs }))?.message).toBe('This password is too common or too easy to guess')
    expect((await passwordProblem('virtanen2024', { userInputs }))?.key).toBe('commonPassword')
    expect(await passwordProblem('virtanen2024')).toBeNull()
  })

  test('ordinary memorable passwords pass', async () => {
    for (const password of ['new-secret-2', 'good-enough-9', 'correct horse battery', 'Tr0ub4dor&3'])
      expect(await passwordProblem(password, { userInputs: ['anna@example.fi'] }), password).toBeNull()
  })
})
