/** The log a broken dependency leaves: the first failure, then one summary line, not a line per request. */
import { expect, test } from 'vitest'
import { repeatSummariser } from './logger'
import { capturedLogger } from './testing'

test('the same problem is written once, then summarised with its count when the window closes', async () => {
  const { logger, lines } = capturedLogger()
  const log = repeatSummariser(logger, 50)
  expect(log('db down', 'error', { code: 'ECONNREFUSED' }, 'Database unreachable')).toBe(true)
  for (let i = 0; i < 4; i++) expect(log('db down', 'error', { code: 'ECONNREFUSED' }, 'Database unreachable')).toBe(false)
  expect(log('other', 'warn', {}, 'Something else')).toBe(true)
  expect(lines.map((l) => l.msg)).toEqual(['Database unreachable', 'Something else'])
  expect(lines[0]).toMatchObject({ level: 50, code: 'ECONNREFUSED' })

  await new Promise((resolve) => setTimeout(resolve, 120))
  expect(lines.map((l) => l.msg)).toEqual(['Database unreachable', 'Something else', 'Database unreachable (repeated 4 times in the last 0.05 s)'])
  expect(lines[2]).toMatchObject({ level: 50, repeated: 4 })
  // A new window starts with a full line again.
  expect(log('db down', 'error', {}, 'Database unreachable')).toBe(true)
})
