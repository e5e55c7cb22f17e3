import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { exportCompaniesFx, fetchCompaniesFx, type ListQuery } from '../../api'
import { notifyFx } from '../../notify'
import { $page, $pageCount, $query, FILTER_DEBOUNCE_MS, exportClicked, filterTyped, listOpened, pageChosen, sortClicked } from './model'

const page = (total: number) => ({ total, limit: 50, skip: 0, data: [] })

const setup = () => {
  const asked: ListQuery[] = []
  const exported: string[] = []
  const notices: string[] = []
  const scope = fork({
    handlers: [
      [fetchCompaniesFx, async (query: ListQuery) => {
        asked.push(query)
        return page(120)
      }],
      [exportCompaniesFx, async (filter: string) => {
        exported.push(filter)
        return 'companies.xlsx'
      }],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, asked, exported, notices }
}

describe('companies list', () => {
  test('opens sorted by name ascending on the first page', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope })
    expect(asked).toEqual([{ filter: '', sort: 'name', direction: 1, skip: 0 }])
    expect(scope.getState($page)?.total).toBe(120)
    expect(scope.getState($pageCount)).toBe(3)
  })

  test('a header sorts ascending first, then descending; another header starts ascending', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope })
    await allSettled(pageChosen, { scope, params: 2 })
    expect(asked.at(-1)?.skip).toBe(50)
    await allSettled(sortClicked, { scope, params: 'city' })
    expect(asked.at(-1)).toMatchObject({ sort: 'city', direction: 1, skip: 0 })
    await allSettled(sortClicked, { scope, params: 'city' })
    expect(asked.at(-1)).toMatchObject({ sort: 'city', direction: -1 })
    await allSettled(sortClicked, { scope, params: 'number' })
    expect(asked.at(-1)).toMatchObject({ sort: 'number', direction: 1 })
  })

  test('the filter is searched for once typing pauses, from the first page', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope })
    await allSettled(pageChosen, { scope, params: 3 })
    const typing = Promise.all([
      allSettled(filterTyped, { scope, params: 'st' }),
      new Promise((resolve) => setTimeout(resolve, FILTER_DEBOUNCE_MS / 3)).then(() => allSettled(filterTyped, { scope, params: 'steel' })),
    ])
    await typing
    const filters = asked.map((q) => q.filter)
    expect(filters).toEqual(['', '', 'steel'])
    expect(scope.getState($query)).toMatchObject({ filter: 'steel', skip: 0 })
  })

  test('export sends the current filter; a failure is a toast', async () => {
    const { scope, exported, notices } = setup()
    await allSettled(listOpened, { scope })
    await allSettled(exportClicked, { scope })
    expect(exported).toEqual([''])
    const failing = fork({ handlers: [[exportCompaniesFx, async () => Promise.reject(new Error('500'))], [notifyFx, ({ key }: { key: string }) => void notices.push(key)]] })
    await allSettled(exportClicked, { scope: failing })
    expect(notices).toEqual(['list.exportFailed'])
  })
})
