import { registerLocales } from '@app/module-kit'
import { allSettled, createEffect, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import type { ListQuery, Page } from '../api'
import { locales } from '../locales'
import { PagedTable } from './PagedTable'
import { createPagedList } from './paged'

interface Row {
  id: number
  name: string
}

const fetchFx = createEffect<{ accountId: number; query: ListQuery }, Page<Row>>()
const list = createPagedList(fetchFx, { field: 'name', direction: -1 })
const columns = [
  { label: 'Name', sortField: 'name', render: (row: Row) => row.name },
  { label: 'Actions', render: () => null },
]

const render = async (page: Page<Row>) => {
  const scope = fork({ handlers: [[fetchFx, async () => page]] })
  await allSettled(list.opened, { scope, params: 1 })
  return renderToStaticMarkup(
    <Provider value={scope}>
      <PagedTable list={list} columns={columns} caption="Types" filterLabel="Filter" emptyText="Nothing" rowKey={(row) => row.id} />
    </Provider>,
  )
}

beforeAll(() => registerLocales('admin', locales))

describe('<PagedTable />', () => {
  test('headers are column headers; the sorted one says how, and sorts by a button', async () => {
    const html = await render({ total: 120, limit: 50, skip: 0, data: [{ id: 1, name: 'Drawing' }] })
    expect(html).toContain('<caption class="kit-visually-hidden">Types</caption>')
    expect(html).toMatch(/<th scope="col" aria-sort="descending"><button type="button" class="admin-sort">Name/)
    expect(html).toContain('<th scope="col">Actions</th>')
    expect(html).toContain('<td>Drawing</td>')
    expect(html).toContain('1–1 of 120')
    expect(html).toMatch(/<input type="search"/)
  })

  test('an empty list says so', async () => {
    const html = await render({ total: 0, limit: 50, skip: 0, data: [] })
    expect(html).toContain('<p class="kit-empty">Nothing</p>')
    expect(html).not.toContain('admin-pager')
  })
})
