import type { TileEntry } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { $dashboardFailed, $dashboardInfo, dashboardTiles, fetchDashboardInfoFx, homeOpened } from './model'

const tile = (id: string): TileEntry => ({ id, path: `/${id}`, label: { 'en-GB': id, 'fi-FI': id, 'no-NO': id, 'pl-PL': id, 'se-SE': id } })

describe('dashboardTiles', () => {
  test('counted tiles come first in the spec’s order, the other shortcuts after them', () => {
    const { counted, others } = dashboardTiles([tile('profile'), tile('help'), tile('users'), tile('companies'), tile('projects')])
    expect(counted.map((c) => [c.tile.id, c.count])).toEqual([
      ['projects', 'projectCount'],
      ['companies', 'companyCount'],
      ['users', 'userCount'],
    ])
    expect(others.map((t) => t.id)).toEqual(['profile', 'help'])
  })

  test('a tile the caller does not have is not counted', () => {
    expect(dashboardTiles([tile('help'), tile('companies')]).counted.map((c) => c.tile.id)).toEqual(['companies'])
  })
})

describe('the counts', () => {
  test('are asked for on each opening; a failure is kept until the next try succeeds', async () => {
    let calls = 0
    let fail = true
    const scope = fork({
      handlers: [
        [
          fetchDashboardInfoFx,
          async () => {
            calls += 1
            if (fail) throw new Error('Network error')
            return { companyCount: 3, storage: 0 }
          },
        ],
      ],
    })
    await allSettled(homeOpened, { scope })
    expect(scope.getState($dashboardFailed)).toBe(true)
    expect(scope.getState($dashboardInfo)).toBeNull()
    fail = false
    await allSettled(homeOpened, { scope })
    expect(calls).toBe(2)
    expect(scope.getState($dashboardFailed)).toBe(false)
    expect(scope.getState($dashboardInfo)).toEqual({ companyCount: 3, storage: 0 })
  })
})
