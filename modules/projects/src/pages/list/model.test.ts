import { FILTER_DEBOUNCE_MS } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { type ProjectListQuery, exportProjectsFx, fetchProjectsFx } from '../../api'
import { notifyFx } from '../../notify'
import { exportClicked, listOpened, projects } from './model'

const page = (total: number) => ({ total, limit: 50, skip: 0, data: [] })

const setup = () => {
  const asked: ProjectListQuery[] = []
  const exported: string[] = []
  const notices: string[] = []
  const scope = fork({
    handlers: [
      [
        fetchProjectsFx,
        async (query: ProjectListQuery) => {
          asked.push(query)
          return page(120)
        },
      ],
      [
        exportProjectsFx,
        async (filter: string) => {
          exported.push(filter)
          return 'projects.xlsx'
        },
      ],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, asked, exported, notices }
}

describe('projects list', () => {
  test('opens sorted by project number ascending on the first page', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope, params: { companyId: null } })
    expect(asked).toEqual([{ filter: '', sort: { field: 'symbol', direction: 1 }, skip: 0, companyId: undefined }])
    expect(scope.getState(projects.$total)).toBe(120)
    expect(scope.getState(projects.$pages)).toBe(3)
  })

  test("a company's project list asks for that client's projects only", async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope, params: { companyId: 7 } })
    await allSettled(projects.sortClicked, { scope, params: 'client' })
    expect(asked.map((query) => query.companyId)).toEqual([7, 7])
    await allSettled(listOpened, { scope, params: { companyId: null } })
    expect(asked.at(-1)?.companyId).toBeUndefined()
  })

  test('each header sorts ascending first, then descending; another header starts ascending', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope, params: { companyId: null } })
    for (const field of ['symbol', 'name', 'manager', 'client', 'createdAt', 'startDate', 'endDate'] as const) {
      await allSettled(projects.sortClicked, { scope, params: field })
      const first = asked.at(-1)?.sort
      await allSettled(projects.sortClicked, { scope, params: field })
      const second = asked.at(-1)?.sort
      // The list opens by number ascending, so its header's first click turns it descending.
      if (field === 'symbol') expect([first, second]).toEqual([{ field, direction: -1 }, { field, direction: 1 }])
      else expect([first, second]).toEqual([{ field, direction: 1 }, { field, direction: -1 }])
    }
  })

  test('the filter is asked for once typing pauses, and the export takes the filter searched for', async () => {
    const { scope, asked, exported } = setup()
    await allSettled(listOpened, { scope, params: { companyId: null } })
    // allSettled waits out the pause the list takes before searching.
    const started = Date.now()
    await allSettled(projects.filterChanged, { scope, params: 'crane' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(FILTER_DEBOUNCE_MS - 5)
    await allSettled(exportClicked, { scope })
    expect(exported).toEqual(['crane'])
    expect(asked.at(-1)).toMatchObject({ filter: 'crane', skip: 0 })
  })

  test('a failed export says so', async () => {
    const { scope, notices } = setup()
    const failing = fork({
      values: [],
      handlers: [
        [exportProjectsFx, async () => Promise.reject(new Error('down'))],
        [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
      ],
    })
    void scope
    await allSettled(exportClicked, { scope: failing })
    expect(notices).toEqual(['list.exportFailed'])
  })
})
