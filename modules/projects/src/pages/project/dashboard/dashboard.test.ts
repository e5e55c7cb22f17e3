import { $enabledModules, type EnabledModule } from '@app/module-kit'
import type { ChecklistPage, ChecklistSummary } from '@app/plugin-checklists/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { type DocumentGroup, fetchGroupsFx, fetchStatusBoxesFx, fetchTimelineFx, fetchTrackerFx, markBubbleFx, statusCountsOf, timelineOf } from './api'
import {
  $options,
  $pages,
  $tiles,
  $timeline,
  $tracker,
  $trackerFailed,
  $trackerSkip,
  bubbleMarked,
  dashboardOpened,
  loadOptionsFx,
  optionChanged,
  pageTurned,
  saveOptionsFx,
  trackerPageTurned,
  trackerRetried,
} from './model'
import { DEFAULT_OPTIONS, readOptions } from './options'
import { pageCount, pageItems, tileKind, tilesOf, trackerPages, trackerSkip } from './tiles'
import { compartmentsFor, isoWeek, nextProgress, periodIndex, periodsOf } from './timeline'

const folders = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Folder ${i + 1}`, symbol: null }))
const group = (id: number, typeId: string, n: number): DocumentGroup => ({ id, name: `Group ${id}`, typeId, folders: folders(n) })

const checklist = (id: number): ChecklistSummary => ({
  id,
  title: `Checklist ${id}`,
  description: '',
  status: 'OPEN',
  sortOrder: id,
  parentChecklistId: null,
  parentId: 7,
  parentType: 'project',
  folderId: null,
  responsibleUser: null,
  itemCount: 3,
  doneCount: 1,
  overdueCount: 0,
  childCount: 0,
  createdAt: '',
  createdBy: null,
  changedAt: '',
})
/** The API's answer for `skip` of a project with `total` checklists, 4 a page. */
const checklistPage = (total: number, skip: number): ChecklistPage => ({
  total,
  limit: 4,
  skip,
  data: Array.from({ length: Math.max(0, Math.min(4, total - skip)) }, (_, i) => checklist(skip + i + 1)),
})
const CHECKLIST_ON = [{ id: 'checklists', module: 'checklist' } as EnabledModule]

describe('tiles', () => {
  test('a Skyview group is the skymap tile, a Checklist group the Task Tracker while the checklist module is on, any other a document tile', () => {
    expect([tileKind({ typeId: 'Skyview' }, true), tileKind({ typeId: 'Checklist' }, true), tileKind({ typeId: 'DRW' }, true)]).toEqual(['skymap', 'checklist', 'document'])
    expect(tileKind({ typeId: 'Checklist' }, false)).toBe('document')
  })

  test('4 items a page for the skymap, 6 for documents; a page past the end shows the last', () => {
    const docs = { kind: 'document' as const, items: folders(13) }
    expect(pageCount(docs)).toBe(3)
    expect(pageItems(docs, 2).items.map((f) => f.id)).toEqual([13])
    expect(pageItems(docs, 9).page).toBe(2)
    const skymap = { kind: 'skymap' as const, items: folders(9) }
    expect(pageCount(skymap)).toBe(3)
    expect(pageItems(skymap, 1).items.map((f) => f.id)).toEqual([5, 6, 7, 8])
    expect(pageCount({ kind: 'skymap', items: [] })).toBe(1)
  })

  test('the Task Tracker pages by 4 on the server: page x of y, a turn stays within them', () => {
    expect(trackerPages(9, 0)).toEqual({ page: 0, pages: 3 })
    expect(trackerPages(9, 8)).toEqual({ page: 2, pages: 3 })
    expect(trackerPages(0, 0)).toEqual({ page: 0, pages: 1 })
    expect([trackerSkip(9, 0, 1), trackerSkip(9, 8, 1), trackerSkip(9, 0, -1), trackerSkip(9, 40, 0), trackerSkip(0, 0, 1)]).toEqual([4, 8, 0, 8, 0])
  })

  test('empty tiles are hidden unless show-all-folders is on', () => {
    const groups = [group(1, 'Skyview', 0), group(2, 'DRW', 3)]
    expect(tilesOf(groups, false).map((t) => t.id)).toEqual([2])
    expect(tilesOf(groups, true).map((t) => t.id)).toEqual([1, 2])
  })

  test("the Task Tracker takes the Checklist group's place and shows the checklists, not its folders; with none it is hidden unless show-all-folders", () => {
    const groups = [group(1, 'DRW', 2), group(2, 'Checklist', 5), group(3, 'MAN', 1)]
    expect(tilesOf(groups, false, { total: 9 }).map((t) => t.id)).toEqual([1, 'tracker', 3])
    expect(tilesOf(groups, false, { total: 0 }).map((t) => t.id)).toEqual([1, 3])
    expect(tilesOf(groups, true, { total: 0 }).map((t) => t.id)).toEqual([1, 'tracker', 3])
    // Checklists that could not be loaded: the tile is there with its Retry.
    expect(tilesOf(groups, false, 'failed').map((t) => t.id)).toEqual([1, 'tracker', 3])
    // No Checklist group in the account: the tracker comes last.
    expect(tilesOf([group(1, 'DRW', 2)], false, { total: 1 }).map((t) => t.id)).toEqual([1, 'tracker'])
  })

  test('with the checklist module off there is no Task Tracker: a Checklist group is an ordinary document tile', () => {
    const tiles = tilesOf([group(2, 'Checklist', 5)], false, 'off')
    expect(tiles).toEqual([{ id: 2, kind: 'document', name: 'Group 2', items: folders(5) }])
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

const OPEN = { projectId: 7, canView: true }

describe('the dashboard model', () => {
  const opened = () => {
    const saved: unknown[] = []
    const marked: unknown[] = []
    const scope = fork({
      handlers: [
        [fetchGroupsFx, async () => [group(1, 'Skyview', 9), group(2, 'DRW', 0), group(3, 'DRW', 7)]],
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
    await allSettled(dashboardOpened, { scope, params: OPEN })
    expect(scope.getState($options).sidebarOpen).toBe(true)
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 3])
    await allSettled(optionChanged, { scope, params: { showAllFolders: true } })
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 2, 3])
    expect(saved).toHaveLength(1)
    expect((saved[0] as { options: unknown }).options).toEqual({ ...DEFAULT_OPTIONS, sidebarOpen: true, showAllFolders: true })
  })

  test('paging stays within each tile', async () => {
    const { scope } = opened()
    await allSettled(dashboardOpened, { scope, params: OPEN })
    await allSettled(pageTurned, { scope, params: { tileId: 1, by: 1 } })
    await allSettled(pageTurned, { scope, params: { tileId: 1, by: 1 } })
    await allSettled(pageTurned, { scope, params: { tileId: 1, by: 1 } })
    await allSettled(pageTurned, { scope, params: { tileId: 3, by: -1 } })
    expect(scope.getState($pages)).toEqual({ 1: 2, 3: 0 })
  })

  test('marking a bubble sends it for the open project and shows the new mark', async () => {
    const { scope, marked } = opened()
    await allSettled(dashboardOpened, { scope, params: OPEN })
    await allSettled(bubbleMarked, { scope, params: { bubble: 'start', progress: 'PARTIAL' } })
    expect(marked).toEqual([{ projectId: 7, bubble: 'start', progress: 'PARTIAL' }])
    expect(scope.getState($timeline)?.progress.start).toBe('PARTIAL')
  })
})

describe('the Task Tracker tile', () => {
  const opened = (options: { modules?: EnabledModule[]; total?: number; groups?: DocumentGroup[] } = {}) => {
    const asked: { projectId: number; skip: number }[] = []
    let fail = false
    let total = options.total ?? 9
    const scope = fork({
      values: [[$enabledModules, options.modules ?? CHECKLIST_ON]],
      handlers: [
        [fetchGroupsFx, async () => options.groups ?? [group(1, 'DRW', 2), group(2, 'Checklist', 5)]],
        [fetchStatusBoxesFx, async () => ({})],
        [fetchTimelineFx, async () => timelineOf({})],
        [loadOptionsFx, async () => DEFAULT_OPTIONS],
        [
          fetchTrackerFx,
          async (params: { projectId: number; skip: number }) => {
            asked.push(params)
            if (fail) throw new Error('down')
            return checklistPage(total, params.skip)
          },
        ],
      ],
    })
    const failNext = (on: boolean) => {
      fail = on
    }
    const setTotal = (n: number) => {
      total = n
    }
    return { scope, asked, failNext, setTotal }
  }
  const titles = (scope: ReturnType<typeof fork>) => scope.getState($tracker)?.data.map((c) => c.title)

  test("with the module on, opening asks for the project's first 4 checklists; the tile takes the Checklist group's place", async () => {
    const { scope, asked } = opened()
    await allSettled(dashboardOpened, { scope, params: OPEN })
    expect(asked).toEqual([{ projectId: 7, skip: 0 }])
    expect(titles(scope)).toEqual(['Checklist 1', 'Checklist 2', 'Checklist 3', 'Checklist 4'])
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 'tracker'])
  })

  test('the arrows ask the server for the next and previous 4, never past the ends', async () => {
    const { scope, asked } = opened()
    await allSettled(dashboardOpened, { scope, params: OPEN })
    await allSettled(trackerPageTurned, { scope, params: -1 })
    for (const _ of [1, 2, 3]) await allSettled(trackerPageTurned, { scope, params: 1 })
    expect(asked.map((a) => a.skip)).toEqual([0, 4, 8])
    expect(scope.getState($trackerSkip)).toBe(8)
    expect(titles(scope)).toEqual(['Checklist 9'])
    await allSettled(trackerPageTurned, { scope, params: -1 })
    expect(titles(scope)).toEqual(['Checklist 5', 'Checklist 6', 'Checklist 7', 'Checklist 8'])
  })

  test('a project without checklists: the tile only with show-all-folders', async () => {
    const { scope } = opened({ total: 0 })
    await allSettled(dashboardOpened, { scope, params: OPEN })
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1])
    await allSettled(optionChanged, { scope, params: { showAllFolders: true } })
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 'tracker'])
  })

  test('with the module off nothing is asked and there is no tile: the Checklist group is a document tile', async () => {
    const { scope, asked } = opened({ modules: [] })
    await allSettled(dashboardOpened, { scope, params: OPEN })
    expect(asked).toEqual([])
    expect(scope.getState($tiles)?.map((t) => [t.id, t.kind])).toEqual([
      [1, 'document'],
      [2, 'document'],
    ])
  })

  test('a caller who may not view the project’s checklists is not shown them (and nothing is asked)', async () => {
    const { scope, asked } = opened()
    await allSettled(dashboardOpened, { scope, params: { projectId: 7, canView: false } })
    expect(asked).toEqual([])
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 2])
  })

  test('a failed load shows the tile with Retry, which asks for the same page again', async () => {
    const { scope, asked, failNext } = opened()
    failNext(true)
    await allSettled(dashboardOpened, { scope, params: OPEN })
    expect(scope.getState($trackerFailed)).toBe(true)
    expect(scope.getState($tiles)?.map((t) => t.id)).toEqual([1, 'tracker'])
    failNext(false)
    await allSettled(trackerRetried, { scope })
    expect(asked).toEqual([
      { projectId: 7, skip: 0 },
      { projectId: 7, skip: 0 },
    ])
    expect(scope.getState($trackerFailed)).toBe(false)
    expect(titles(scope)).toHaveLength(4)
  })

  test('a page emptied by removals meanwhile is followed by the last page there is', async () => {
    const { scope, asked, setTotal } = opened({ total: 9 })
    await allSettled(dashboardOpened, { scope, params: OPEN })
    await allSettled(trackerPageTurned, { scope, params: 1 })
    // Meanwhile five were removed: the third page the arrow asks for is empty, so the last one there is (the first) is shown.
    setTotal(4)
    await allSettled(trackerPageTurned, { scope, params: 1 })
    expect(asked.map((a) => a.skip)).toEqual([0, 4, 8, 0])
    expect(scope.getState($trackerSkip)).toBe(0)
    expect(titles(scope)).toEqual(['Checklist 1', 'Checklist 2', 'Checklist 3', 'Checklist 4'])
  })
})
