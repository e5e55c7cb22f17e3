import { allSettled, fork } from 'effector'
import { FILTER_DEBOUNCE_MS } from '@app/module-kit'
import { describe, expect, test } from 'vitest'
import { exportCompaniesFx, fetchCompaniesFx, type ListQuery } from '../../api'
import { notifyFx } from '../../notify'
import { companies, exportClicked, listOpened } from './model'

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
    expect(scope.getState(companies.$total)).toBe(120)
    expect(scope.getState(companies.$pages)).toBe(3)
  })

  test('a header sorts ascending first, then descending; another header starts ascending', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope })
    await allSettled(companies.pageChosen, { scope, params: 2 })
    expect(asked.at(-1)?.skip).toBe(50)
    await allSettled(companies.sortClicked, { scope, params: 'city' })
    expect(asked.at(-1)).toMatchObject({ sort: 'city', direction: 1, skip: 0 })
    await allSettled(companies.sortClicked, { scope, params: 'city' })
    expect(asked.at(-1)).toMatchObject({ sort: 'city', direction: -1 })
    await allSettled(companies.sortClicked, { scope, params: 'number' })
    expect(asked.at(-1)).toMatchObject({ sort: 'number', direction: 1 })
    await allSettled(companies.sortClicked, { scope, params: 'name' })
    expect(asked.at(-1)).toMatchObject({ sort: 'name', direction: 1 })
  })

  test('opening again starts over: no filter, by name ascending, the first page', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope })
    await allSettled(companies.sortClicked, { scope, params: 'city' })
    await allSettled(companies.pageChosen, { scope, params: 2 })
    await allSettled(listOpened, { scope })
    expect(asked.at(-1)).toEqual({ filter: '', sort: 'name', direction: 1, skip: 0 })
  })

  test('the filter is searched for once typing pauses, from the first page', async () => {
    const { scope, asked } = setup()
    await allSettled(listOpened, { scope })
    await allSettled(companies.pageChosen, { scope, params: 3 })
    const typing = Promise.all([
      allSettled(companies.filterChanged, { scope, params: 'st' }),
      new Promise((resolve) => setTimeout(resolve, FILTER_DEBOUNCE_MS / 3)).then(() => allSettled(companies.filterChanged, { scope, params: 'steel' })),
    ])
    await typing
    const filters = asked.map((q) => q.filter)
    expect(filters).toEqual(['', '', 'steel'])
    expect(scope.getState(companies.$appliedFilter)).toBe('steel')
    expect(scope.getState(companies.$page)).toBe(1)
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
