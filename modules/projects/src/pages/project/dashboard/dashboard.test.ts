import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { type DocumentGroup, fetchGroupsFx, fetchStatusBoxesFx, fetchTimelineFx, markBubbleFx, statusCountsOf, timelineOf } from './api'
import { $options, $pages, $tiles, $timeline, bubbleMarked, dashboardOpened, loadOptionsFx, optionChanged, pageTurned, saveOptionsFx } from './model'
import { DEFAULT_OPTIONS, readOptions } from './options'
import { pageCount, pageItems, tileKind, tilesOf } from './tiles'
import { compartmentsFor, isoWeek, nextProgress, periodIndex, periodsOf } from './timeline'

const folders = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Folder ${i + 1}`, symbol: null }))
const group = (id: number, typeId: string, n: number): DocumentGroup => ({ id, name: `Group ${id}`, typeId, folders: folders(n) })

describe('tiles', () => {
  test('a Skyview group is the skymap tile, a Checklist group the Task Tracker, any other a document tile', () => {
    expect([tileKind({ typeId: 'Skyview' }), tileKind({ typeId: 'Checklist' }), tileKind({ typeId: 'DRW' })]).toEqual(['skymap', 'checklist', 'document'])
  })

  test('4 items a page for skymap and checklist, 6 for documents; a page past the end shows the last', () => {
    const docs = { kind: 'document' as const, items: folders(13) }
    expect(pageCount(docs)).toBe(3)
    expect(pageItems(docs, 2).items.map((f) => f.id)).toEqual([13])
    expect(pageItems(docs, 9).page).toBe(2)
    const checklist = { kind: 'checklist' as const, items: folders(9) }
    expect(pageCount(checklist)).toBe(3)
    expect(pageItems(checklist, 1).items.map((f) => f.id)).toEqual([5, 6, 7, 8])
    expect(pageCount({ kind: 'skymap', items: [] })).toBe(1)
  })

  test('empty tiles are hidden unless show-all-folders is on', () => {
    const groups = [group(1, 'Skyview', 0), group(2, 'DRW', 3)]
    expect(tilesOf(groups, false).map((t) => t.id)).toEqual([2])
    expect(tilesOf(groups, true).map((t) => t.id)).toEqual([1, 2])
  })
})

describe('timeline', () => {
  test('compartments of 60 px from the width, at most 25', () => {
    expect(compartmentsFor(59)).toBe(1)
    expect(compartmentsFor(600)).toBe(10)
    expect(compartmentsFor(5000)).toBe(25)
  })

  test("today's period is in the middle; a date falls in its own compartment", () => {
    const today = new Date(2026, 10, 24, 15, 0)
    const months = periodsOf('monthly', today, 5, 0)
    expect(months.map((p) => `${p.start.getFullYear()}-${p.start.getMonth() + 1}`)).toEqual(['2026-9', '2026-10', '2026-11', '2026-12', '2027-1'])
    expect(months.findIndex((p) => p.today)).toBe(2)
    expect(periodIndex(months, new Date(2026, 11, 31, 23).getTime())).toBe(3)
    expect(periodIndex(months, new Date(2027, 1, 1).getTime())).toBe(-1)
    const weeks = periodsOf('weekly', today, 3, 0)
    expect(weeks[1]?.start.getDay()).toBe(1)
    expect(isoWeek(new Date(2026, 10, 24))).toBe(48)
    expect(isoWeek(new Date(2027, 0, 1))).toBe(53)
    expect(periodsOf('daily', today, 3, 3).map((p) => p.start.getDate())).toEqual([26, 27, 28])
    expect(periodsOf('yearly', today, 1, 0)[0]?.start.getFullYear()).toBe(2026)
  })

  test('a bubble moves none → partial → full → none; the answer gives each bubble its mark', () => {
    expect([nextProgress('NONE'), nextProgress('PARTIAL'), nextProgress('FULL')]).toEqual(['PARTIAL', 'FULL', 'NONE'])
    const data = timelineOf({ startDate: 1, endDate: null, marks: [{ key: 'start', progress: 'FULL' }] })
    expect(data.dates).toEqual({ start: 1, end: null, delivery: null, inspection: null, shipment: null })
    expect(data.progress).toEqual({ start: 'FULL', end: 'NONE', delivery: 'NONE', inspection: 'NONE', shipment: 'NONE' })
  })
})

test('the status boxes are empty until a module counts them; then the project’s and the caller’s own', () => {
  expect(statusCountsOf({ counted: false, boxes: { inProgress: 0 }, personal: { recent: 0 } })).toEqual({})
  expect(statusCountsOf({ counted: true, boxes: { inProgress: 3 }, personal: { recent: 1 } })).toEqual({ inProgress: 3, recent: 1 })
})

describe('options', () => {
  test('what was stored is read back; anything unreadable is the default', () => {
    expect(readOptions(null)).toEqual(DEFAULT_OPTIONS)
    expect(readOptions('not json')).toEqual(DEFAULT_OPTIONS)
    expect(readOptions('{"mode":"map","showAllFolders":true,"sidebarOpen":"yes"}')).toEqual({ ...DEFAULT_OPTIONS, mode: 'map', showAllFolders: true })
  })
})

describe('the dashboard model', () => {
  const opened = () => {
    const saved: unknown[] = []
    const marked: unknown[] = []
    const scope = fork({
      handlers: [
        [fetchGroupsFx, async () => [group(1, 'Checklist', 9), group(2, 'DRW', 0), group(3, 'DRW', 7)]],
        [fetchStatusBoxesFx, async () => ({})],
        [fetchTimelineFx, async () => timelineOf({ startDate: 1 })],
        [loadOptionsFx, async () => ({ ...DEFAULT_OPTIONS, sidebarOpen: true })],
        [saveOptionsFx, async (value: unknown) => void saved.push(value)],
        [
          markBubbleFx,
          async (value: { bubble: string; progress: string }) => {
            marked.push(value)
            return value
          },
        ],
      ],
    })
    return { scope, saved, marked }
  }

  test('opening loads the tiles and the remembered options; a change is remembered', async () => {
    const { scope, saved } = opened()
    await allSettled(dashboardOpened, { scope, params: 7 })
    expect(scope.getState($options).sidebarOpen).toBe(true)
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 3])
    await allSettled(optionChanged, { scope, params: { showAllFolders: true } })
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 2, 3])
    expect(saved).toHaveLength(1)
    expect((saved[0] as { options: unknown }).options).toEqual({ ...DEFAULT_OPTIONS, sidebarOpen: true, showAllFolders: true })
  })

  test('paging stays within each tile', async () => {
    const { scope } = opened()
    await allSettled(dashboardOpened, { scope, params: 7 })
    await allSettled(pageTurned, { scope, params: { tileId: 1, by: 1 } })
    await allSettled(pageTurned, { scope, params: { tileId: 1, by: 1 } })
    await allSettled(pageTurned, { scope, params: { tileId: 1, by: 1 } })
    await allSettled(pageTurned, { scope, params: { tileId: 3, by: -1 } })
    expect(scope.getState($pages)).toEqual({ 1: 2, 3: 0 })
  })

  test('marking a bubble sends it for the open project and shows the new mark', async () => {
    const { scope, marked } = opened()
    await allSettled(dashboardOpened, { scope, params: 7 })
    await allSettled(bubbleMarked, { scope, params: { bubble: 'start', progress: 'PARTIAL' } })
    expect(marked).toEqual([{ projectId: 7, bubble: 'start', progress: 'PARTIAL' }])
    expect(scope.getState($timeline)?.progress.start).toBe('PARTIAL')
  })
})
