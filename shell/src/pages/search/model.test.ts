import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { $failedQuery, $results, fetchSearchFx, searchRequested } from './model'

const answer = (groups: { group: string; total: number }[]) => ({
  groups: groups.map(({ group, total }) => ({ group, total, items: total ? [{ id: 1, title: `${group} 1`, href: `/${group}/1` }] : [] })),
})

test('asks GET /search with the trimmed text and keeps the groups that found something', async () => {
  const asked: string[] = []
  const scope = fork({
    handlers: [
      [
        fetchSearchFx,
        async (query: string) => {
          asked.push(query)
          return answer([
            { group: 'projects', total: 12 },
            { group: 'companies', total: 0 },
          ])
        },
      ],
    ],
  })
  await allSettled(searchRequested, { scope, params: '  P-10 ' })
  expect(asked).toEqual(['P-10'])
  const results = scope.getState($results)
  expect(results?.query).toBe('P-10')
  expect(results?.groups.map((g) => [g.group, g.total])).toEqual([['projects', 12]])
  expect(results?.noRights).toBe(false)
})

test('2 characters or fewer ask nothing (the nav box acts only over 2)', async () => {
  let calls = 0
  const count = async () => {
    calls += 1
    return answer([])
  }
  const scope = fork({ handlers: [[fetchSearchFx, count]] })
  await allSettled(searchRequested, { scope, params: ' ab ' })
  expect(calls).toBe(0)
  await allSettled(searchRequested, { scope, params: 'abc' })
  expect(calls).toBe(1)
})

test('no group at all means the caller may search neither list; a failure is kept for Retry', async () => {
  let fail = false
  const scope = fork({
    handlers: [
      [
        fetchSearchFx,
        async () => {
          if (fail) throw new Error('Network error')
          return answer([])
        },
      ],
    ],
  })
  await allSettled(searchRequested, { scope, params: 'acme' })
  expect(scope.getState($results)?.noRights).toBe(true)
  fail = true
  await allSettled(searchRequested, { scope, params: 'other' })
  expect(scope.getState($failedQuery)).toBe('other')
})
