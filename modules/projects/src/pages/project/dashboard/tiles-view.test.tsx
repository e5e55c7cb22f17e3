// @vitest-environment happy-dom
/** The Task Tracker tile as a user reads it: each checklist's link, status, progress and overdue items, the pages, Add checklist. */
import { registerLocales } from '@app/module-kit'
import type { ChecklistSummary } from '@app/plugin-checklists/shared'
import type { Project } from '@app/plugin-projects/shared'
import { fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { locales } from './locales'
import { $tracker, $trackerFailed, $trackerSkip } from './model'
import { DashboardTiles } from './tiles-view'

const level = (administer: boolean) => ({ level: administer ? 'ADMINISTER' : 'VIEW', view: true, download: false, edit: administer, administer }) as Project['accessLevel']
const project = (administer: boolean) =>
  ({ id: 7, name: 'Harbour crane', symbol: 'HC-1', accessLevel: level(administer), manager: { username: 'manager@example.com' } }) as unknown as Project

const checklist = (id: number, title: string, status: ChecklistSummary['status'], itemCount: number, doneCount: number, overdueCount = 0) =>
  ({ id, title, status, itemCount, doneCount, overdueCount }) as ChecklistSummary

const FOUR = [
  checklist(11, 'Fire safety', 'IN_PROGRESS', 3, 1, 2),
  checklist(12, 'Handover', 'COMPLETE', 2, 2),
  checklist(13, 'Scaffolding', 'OPEN', 0, 0),
  checklist(14, 'Old plan', 'OBSOLETE', 4, 0),
]

/** The tile drawn into the document, so it can be read as a user (or a screen reader) would. */
const draw = (options: { administer?: boolean; total?: number; skip?: number; data?: ChecklistSummary[]; failed?: boolean }) => {
  const scope = fork({
    values: [
      [$tracker, { total: options.total ?? 9, limit: 4, skip: options.skip ?? 0, data: options.data ?? FOUR }],
      [$trackerSkip, options.skip ?? 0],
      [$trackerFailed, options.failed ?? false],
    ],
  })
  document.body.innerHTML = renderToStaticMarkup(
    <Provider value={scope}>
      <DashboardTiles project={project(options.administer ?? false)} tiles={[{ id: 'tracker', kind: 'checklist' }]} />
    </Provider>,
  )
  const tile = document.querySelector('li[data-kind="checklist"]') as HTMLElement
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim()
  const rows = [...tile.querySelectorAll('.projects-tracker > li')].map((row) => {
    const bar = row.querySelector('[role="progressbar"]')
    return {
      link: [text(row.querySelector('a')), row.querySelector('a')?.getAttribute('href')],
      status: text(row.querySelector('.kit-badge')),
      progress: bar ? text(document.getElementById(bar.getAttribute('aria-labelledby') ?? '')) : text(row.querySelector('.projects-tracker-none')),
      overdue: text(row.querySelector('.kit-badge-danger')) ?? null,
    }
  })
  return { tile, text, rows, links: [...tile.querySelectorAll('a')].map((a) => [text(a), a.getAttribute('href')]) }
}

beforeAll(() => registerLocales('projects', locales))

describe('the Task Tracker tile', () => {
  test('lists the page of checklists: title linking to the checklist, status badge, "x of y done" progress bar, overdue items marked', () => {
    const { tile, text, rows } = draw({})
    expect(text(tile.querySelector('h2'))).toBe('Task Tracker')
    expect(rows).toEqual([
      { link: ['Fire safety', '/project/7/checklists/11'], status: 'In progress', progress: '1 of 3 done', overdue: 'Overdue: 2' },
      { link: ['Handover', '/project/7/checklists/12'], status: 'Complete', progress: '2 of 2 done', overdue: null },
      { link: ['Scaffolding', '/project/7/checklists/13'], status: 'Open', progress: 'No items yet', overdue: null },
      { link: ['Old plan', '/project/7/checklists/14'], status: 'Obsolete', progress: '0 of 4 done', overdue: null },
    ])
    const bar = tile.querySelector('[role="progressbar"]') as HTMLElement
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['1', '3'])
    // The overdue row stands out (its edge) and its bar is drawn in the danger tone.
    expect(tile.querySelector('[data-overdue] .kit-progress-danger')).not.toBeNull()
  })

  test('"Page x/y" with the previous and next arrows, the first disabled on the first page', () => {
    const { tile, text } = draw({ skip: 4 })
    const pager = tile.querySelector('nav.kit-pager') as HTMLElement
    expect(pager.getAttribute('aria-label')).toBe('Pages of Task Tracker')
    expect(text(pager)).toContain('Page 2/3')
    const first = draw({})
    expect(first.tile.querySelector('button[aria-label="Previous page"]')?.hasAttribute('disabled')).toBe(true)
    expect(first.tile.querySelector('button[aria-label="Next page"]')?.hasAttribute('disabled')).toBe(false)
    expect(draw({ total: 3 }).tile.querySelector('nav.kit-pager')).toBeNull()
  })

  test('Add checklist only for those who administer the project; everyone gets the list of all checklists', () => {
    expect(draw({ administer: true }).links.slice(-2)).toEqual([
      ['All checklists', '/project/7/checklists'],
      ['Add checklist', '/project/7/checklist/add'],
    ])
    expect(draw({ administer: false }).links.slice(-1)).toEqual([['All checklists', '/project/7/checklists']])
  })

  test("a project without checklists: an empty message, and Add checklist for an administrator or the manager's address for others", () => {
    const admin = draw({ administer: true, total: 0, data: [] })
    expect(admin.text(admin.tile.querySelector('p'))).toBe('No checklists yet.')
    expect(admin.links).toEqual([['Add checklist', '/project/7/checklist/add']])
    const viewer = draw({ total: 0, data: [] })
    expect(viewer.text(viewer.tile)).toContain('Ask the project manager: manager@example.com')
    expect(viewer.links).toEqual([['manager@example.com', 'mailto:manager@example.com']])
  })

  test('checklists that could not be loaded: a warning with Retry', () => {
    const { tile, text } = draw({ failed: true })
    const alert = tile.querySelector('[role="alert"]')
    expect(text(alert?.querySelector('p'))).toBe('The checklists could not be loaded.')
    expect(text(alert?.querySelector('button'))).toBe('Retry')
    expect(tile.querySelector('.projects-tracker')).toBeNull()
  })
})
