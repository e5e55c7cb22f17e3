/** A paged, sortable, filterable table over a `createPagedList` model; accessible headers (scope, aria-sort). */
import { EmptyState, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZE, type PagedList } from './paged'

export interface Column<T> {
  /** The field the server sorts by; omitted for columns that do not sort. */
  sortField?: string
  label: string
  render: (row: T) => ReactNode
}

interface PagedTableProps<T> {
  list: PagedList<T>
  columns: Column<T>[]
  caption: string
  filterLabel: string
  emptyText: string
  rowKey: (row: T) => string | number
}

const ariaSort = (sort: { field: string; direction: 1 | -1 } | null, field?: string) =>
  !field || sort?.field !== field ? undefined : sort.direction === 1 ? 'ascending' : 'descending'

export const PagedTable = <T,>({ list, columns, caption, filterLabel, emptyText, rowKey }: PagedTableProps<T>) => {
  const { t } = useTranslation('admin')
  const units = useUnit({
    rows: list.$rows,
    range: list.$range,
    skip: list.$skip,
    total: list.$total,
    sort: list.$sort,
    filter: list.$filter,
    loading: list.$loading,
    failed: list.$failed,
    sortClicked: list.sortClicked,
    filterChanged: list.filterChanged,
    pageChanged: list.pageChanged,
  })
  return (
    <div className="admin-list">
      <label className="admin-filter">
        <span>{filterLabel}</span>
        <input type="search" className="kit-input" value={units.filter} onChange={(e) => units.filterChanged(e.target.value)} />
      </label>
      {units.failed && <p role="alert">{t('list.failed')}</p>}
      <table className="admin-table" aria-busy={units.loading}>
        <caption className="kit-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" aria-sort={ariaSort(units.sort, column.sortField)}>
                {column.sortField ? (
                  <button type="button" className="admin-sort" onClick={() => units.sortClicked(column.sortField!)}>
                    {column.label}
                    <span aria-hidden="true">{ariaSort(units.sort, column.sortField) === 'descending' ? ' ▼' : ariaSort(units.sort, column.sortField) ? ' ▲' : ''}</span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {units.rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label}>{column.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {units.loading && <Spinner />}
      {!units.loading && !units.failed && units.rows.length === 0 && <EmptyState text={emptyText} />}
      {units.range && (
        <nav className="admin-pager" aria-label={t('list.pages')}>
          <button type="button" className="kit-button" disabled={units.skip === 0} onClick={() => units.pageChanged(units.skip - PAGE_SIZE)}>
            {t('list.previous')}
          </button>
          <span aria-live="polite">{t('list.range', units.range)}</span>
          <button
            type="button"
            className="kit-button"
            disabled={units.skip + PAGE_SIZE >= units.total}
            onClick={() => units.pageChanged(units.skip + PAGE_SIZE)}
          >
            {t('list.next')}
          </button>
        </nav>
      )}
    </div>
  )
}
