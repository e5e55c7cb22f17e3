import { type Store, allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DataTable, ListFilter, Table } from './DataTable'
import { createPagedList } from './model'

interface Row {
  id: number
  name: string
  city: string | null
}

const list = createPagedList<Row, 'name' | 'city'>({ fetch: async () => ({ total: 0, limit: 50, skip: 0, data: [] }) })
const columns = [
  { key: 'name' as const, header: 'Name', sortable: true as const, rowHeader: true },
  { key: 'city' as const, header: 'City', sortable: true as const },
  { key: 'actions', header: 'Actions', actions: true, render: (row: Row) => <button type="button">Edit {row.name}</button> },
]

const draw = (values: { values?: [Store<unknown>, unknown][] }) =>
  renderToStaticMarkup(
    <Provider value={fork({ values: (values.values ?? []) as never })}>
      <ListFilter list={list} label="Filter companies" />
      <DataTable list={list} columns={columns} rowKey={(row) => row.id} caption="Companies" emptyText="No companies" />
    </Provider>,
  )

describe('<DataTable />', () => {
  it('draws sortable headers with scope and aria-sort, row headers, cells and the pager', () => {
    const html = draw({
      values: [
        [list.$rows, [{ id: 1, name: 'Nordic Steel', city: null }]],
        [list.$total, 51],
        [list.$loaded, true],
      ],
    })
    expect(html).toContain('<caption class="kit-visually-hidden">Companies</caption>')
    expect(html).toContain('<th scope="col" aria-sort="none"><button type="button" class="kit-sort">Name')
    expect(html).toContain('<th scope="col">Actions</th>')
    expect(html).toContain(
      '<th scope="row">Nordic Steel</th><td><span class="kit-cell-label" aria-hidden="true">City</span></td><td class="kit-table-actions"><button type="button">Edit Nordic Steel</button></td>',
    )
    expect(html).toContain('aria-label="Pages"')
    expect(html).toContain('Page 1 of 2')
    expect(html).toContain('Rows: 51')
    expect(html).toMatch(/<button disabled="" type="button" class="kit-button kit-button-sm">.*Previous<\/button>/)
    expect(html).toMatch(/<label for="([^"]+)">Filter companies<\/label><input id="\1" type="search"/)
  })

  it('shows a total the server counted no further than as "at least", the pages too, and lets Next go on', () => {
    const html = draw({ values: [[list.$rows, [{ id: 1, name: 'Nordic Steel', city: null }]], [list.$total, 1025], [list.$totalCapped, true], [list.$loaded, true]] })
    expect(html).toContain('Page 1 of 21+')
    expect(html).toContain('Rows: 1,025+')
    expect(html).toMatch(/<button type="button" class="kit-button kit-button-sm">Next/)
  })

  it('a free-text column breaks its cells rather than widen the table', () => {
    const html = renderToStaticMarkup(
      <Table columns={[{ key: 'name', header: 'Name', rowHeader: true, wrap: true }, { key: 'city', header: 'City', wrap: true }]} rows={[{ id: 1, name: 'Nordic Steel', city: 'Oulu' }]} rowKey={(row) => row.id} caption="Companies" />,
    )
    expect(html).toContain('<th scope="row" class="kit-cell-wrap">Nordic Steel</th><td class="kit-cell-wrap">')
  })

  it('labels each data cell with its header for the stacked rows of a narrow list, and keeps the actions unlabelled at the foot', () => {
    const html = draw({ values: [[list.$rows, [{ id: 1, name: 'Nordic Steel', city: 'Oulu' }]], [list.$total, 1], [list.$loaded, true]] })
    const cells = [...html.matchAll(/<td( class="[^"]*")?>(.*?)<\/td>/g)].map((match) => ({ className: match[1] ?? '', content: match[2] }))
    expect(cells).toEqual([
      { className: '', content: '<span class="kit-cell-label" aria-hidden="true">City</span>Oulu' },
      { className: ' class="kit-table-actions"', content: '<button type="button">Edit Nordic Steel</button>' },
    ])
    // The name stays the row's header, without a label: it heads the card.
    expect(html).toContain('<th scope="row">Nordic Steel</th>')
  })

  it('draws rows at hand (a Table) with plain headers and the same labelled cells', () => {
    const html = renderToStaticMarkup(
      <Table<Row> columns={columns} rows={[{ id: 2, name: 'Arctic Glass', city: 'Tromsø' }]} rowKey={(row) => row.id} caption="Suppliers" />,
    )
    expect(html).toContain('<div class="kit-table-wrap"><table class="kit-table"><caption class="kit-visually-hidden">Suppliers</caption>')
    expect(html).toContain('<th scope="col">Name</th><th scope="col">City</th><th scope="col">Actions</th>')
    expect(html).toContain('<th scope="row">Arctic Glass</th><td><span class="kit-cell-label" aria-hidden="true">City</span>Tromsø</td><td class="kit-table-actions">')
  })

  it('marks the sorted header with its direction', async () => {
    const sorted = createPagedList<Row, 'name' | 'city'>({ fetch: async () => ({ total: 1, limit: 50, skip: 0, data: [{ id: 1, name: 'Nordic Steel', city: 'Oulu' }] }) })
    const scope = fork()
    await allSettled(sorted.opened, { scope })
    await allSettled(sorted.sortClicked, { scope, params: 'city' })
    await allSettled(sorted.sortClicked, { scope, params: 'city' })
    const html = renderToStaticMarkup(
      <Provider value={scope}>
        <DataTable list={sorted} columns={columns} rowKey={(row) => row.id} caption="Companies" emptyText="No companies" />
      </Provider>,
    )
    expect(html).toContain('<th scope="col" aria-sort="descending"><button type="button" class="kit-sort">City')
    expect(html).toContain('<th scope="col" aria-sort="none"><button type="button" class="kit-sort">Name')
  })

  it('shows loading before the first page, then the empty text, and the failure as an alert', () => {
    expect(draw({})).toContain('role="status"')
    const empty = draw({ values: [[list.$loaded, true]] })
    expect(empty).toContain('<p class="kit-empty-text">No companies</p>')
    expect(empty).not.toContain('<table')
    const failed = draw({ values: [[list.$failed, true]] })
    expect(failed).toMatch(/role="alert"[\s\S]*<p>The list could not be loaded<\/p>/)
    expect(failed).not.toContain('kit-empty')
  })

  it('never shows the rows of an earlier answer under a failure: the failure and Retry replace them, Retry asks again', async () => {
    let answer: () => Promise<{ total: number; limit: number; skip: number; data: Row[] }> = async () => ({
      total: 1,
      limit: 50,
      skip: 0,
      data: [{ id: 1, name: 'Nordic Steel', city: null }],
    })
    const failing = createPagedList<Row, 'name' | 'city'>({ fetch: () => answer() })
    const scope = fork()
    const render = () =>
      renderToStaticMarkup(
        <Provider value={scope}>
          <DataTable list={failing} columns={columns} rowKey={(row) => row.id} caption="Companies" />
        </Provider>,
      )
    await allSettled(failing.opened, { scope })
    expect(render()).toContain('Nordic Steel')

    const first = answer
    answer = async () => Promise.reject(new Error('Your session has ended'))
    await allSettled(failing.sortClicked, { scope, params: 'city' })
    const html = render()
    expect(html).not.toContain('Nordic Steel')
    expect(html).not.toContain('<table')
    expect(html).toMatch(/<div class="kit-alert kit-alert-error" role="alert">[\s\S]*<p>The list could not be loaded<\/p>[\s\S]*<button [^>]*>Retry<\/button>/)

    answer = first
    await allSettled(failing.refreshed, { scope })
    expect(render()).toContain('Nordic Steel')
    expect(render()).not.toContain('role="alert"')
  })
})
