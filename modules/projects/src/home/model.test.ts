import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { fetchMapProjectsFx, fetchRecentProjectsFx } from './api'
import { pickQuery, wrapLongitude } from './geo'
import { $mapProjects, $recent, $recentLimit, homePanelOpened, panelMeasured, recentLimit } from './model'

test('10 recent projects, or floor((height − 120) / 43) when the panel is over 300 px high (spec part2 §9)', () => {
  expect(recentLimit(0)).toBe(10)
  expect(recentLimit(300)).toBe(10)
  expect(recentLimit(301)).toBe(4)
  expect(recentLimit(615)).toBe(11)
  expect(recentLimit(1000)).toBe(20)
})

test('opening asks the recent projects for the measured height and the map projects; a new height asks again', async () => {
  const asked: number[] = []
  const scope = fork({
    handlers: [
      [
        fetchRecentProjectsFx,
        async (limit: number) => {
          asked.push(limit)
          return [{ id: 1, symbol: 'P-1', name: 'Crane', lastVisited: 1 }]
        },
      ],
      [fetchMapProjectsFx, async () => [{ id: 1, symbol: 'P-1', name: 'Crane', latitude: 60.17, longitude: 24.94 }]],
    ],
  })
  await allSettled(panelMeasured, { scope, params: 615 })
  expect(asked).toEqual([])
  await allSettled(homePanelOpened, { scope })
  expect(asked).toEqual([11])
  expect(scope.getState($recent)).toHaveLength(1)
  expect(scope.getState($mapProjects)).toHaveLength(1)
  await allSettled(panelMeasured, { scope, params: 400 })
  expect(scope.getState($recentLimit)).toBe(6)
  expect(asked).toEqual([11, 6])
  await allSettled(panelMeasured, { scope, params: 401 })
  expect(asked).toEqual([11, 6])
})

test('a right-click position goes to the create pages as lng and lat with 6 decimals, folded into −180..180', () => {
  expect(pickQuery({ lng: wrapLongitude(24.9384567891 + 360), lat: 60.1699 })).toBe('lng=24.938457&lat=60.169900')
  expect(wrapLongitude(-190)).toBe(170)
  expect(wrapLongitude(180)).toBe(-180)
})
