/**
 * The thin view of a paged list: the filter box, the table with sortable headers
 * (buttons in `th scope="col"`, `aria-sort` on the sorted one), and the pager.
 * Where the list is narrow (a phone, a split-screen pane) each row becomes a card of
 * labelled fields with its actions at the foot, so nothing hides off to the side.
 */
import { useUnit } from 'effector-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Fragment, type Key, type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, EmptyState, Spinner } from '../ui'
import type { PagedList } from './model'
import './locales'
import './list.css'

interface BaseColumn<Row> {
  header: ReactNode
  /** The cell's content; without it the row's value at `key`. */
  render?: (row: Row) => ReactNode
  /** This column names the row: a `th scope="row"`. */
  rowHeader?: boolean
  /** The row's buttons: on a narrow list they sit at the foot of the row's card, unlabelled. */
  actions?: boolean
  /** Free text (a name, an e-mail, a company): it may break onto more lines rather than widen the table past the page. */
  wrap?: boolean
  className?: string
}
/** A sortable column's key is a field the server sorts by. */
export type DataColumn<Row, F extends string = string> =
  | (BaseColumn<Row> & { key: F; sortable: true })
  | (BaseColumn<Row> & { key: string; sortable?: false })

export interface DataTableProps<Row, F extends string = string> {
  list: PagedList<Row, F>
  columns: DataColumn<Row, F>[]
  rowKey: (row: Row) => Key
  /** The table's accessible name (visually hidden). */
  caption: string
  emptyText?: string
  failedText?: string
  className?: string
}

const cellOf = <Row,>(row: Row, column: BaseColumn<Row> & { key: string }): ReactNode => {
  if (column.render) return column.render(row)
  const value = (row as Record<string, unknown>)[column.key]
  return value === null || value === undefined ? '' : String(value)
}

const SortHeader = <Row, F extends string>({ list, column }: { list: PagedList<Row, F>; column: DataColumn<Row, F> }) => {
  const { sort, clicked } = useUnit({ sort: list.$sort, clicked: list.sortClicked })
  if (!column.sortable) {
    return (
      <th scope="col" className={column.className}>
        {column.header}
      </th>
    )
  }
  const direction = sort?.field === column.key ? sort.direction : null
  const ariaSort = direction === 1 ? 'ascending' : direction === -1 ? 'descending' : 'none'
  return (
    <th scope="col" aria-sort={ariaSort} className={column.className}>
      <button type="button" className="kit-sort" onClick={() => clicked(column.key)}>
        {column.header}
        <span aria-hidden="true">{direction === 1 ? ' ▲' : direction === -1 ? ' ▼' : ''}</span>
      </button>
    </th>
  )
}

/** A column of a table whose rows are already at hand. */
export type TableColumn<Row> = BaseColumn<Row> & { key: string }

/**
 * One cell. A data cell carries its column's header, shown only where rows are stacked
 * (hidden from screen readers, which announce the table's own header).
 */
const Cell = <Row,>({ row, column }: { row: Row; column: TableColumn<Row> }) => {
  const className = [column.className, column.actions && 'kit-table-actions', column.wrap && 'kit-cell-wrap'].filter(Boolean).join(' ') || undefined
  if (column.rowHeader) {
    return (
      <th scope="row" className={className}>
        {cellOf(row, column)}
      </th>
    )
  }
  return (
    <td className={className}>
      {!column.actions && (
        <span className="kit-cell-label" aria-hidden="true">
          {column.header}
        </span>
      )}
      {cellOf(row, column)}
    </td>
  )
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  /** The table's accessible name (visually hidden). */
  caption: string
  className?: string
  /** New rows are on their way. */
  busy?: boolean
  /** A column's header cell of one's own (the paged list's sort buttons); a plain `th scope="col"` without it. */
  header?: (column: TableColumn<Row>) => ReactNode
}

/** A table of rows at hand; like every list of the kit, a narrow one stacks its rows as cards. */
export const Table = <Row,>({ columns, rows, rowKey, caption, className, busy, header }: TableProps<Row>) => (
  <div className="kit-table-wrap" aria-busy={busy}>
    <table className={className ? `kit-table ${className}` : 'kit-table'}>
      <caption className="kit-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) =>
            header ? (
              <Fragment key={column.key}>{header(column)}</Fragment>
            ) : (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <Cell key={column.key} row={row} column={column} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
)

/**
 * A list that could not be loaded: the failure and Retry, in place of its rows (rows of an
 * earlier answer would no longer match what was asked for). Lists of any shape use it.
 */
export const LoadFailed = ({ text, onRetry }: { text: string; onRetry: () => void }) => {
  const { t } = useTranslation('kit')
  return (
    <Alert
      tone="error"
      actions={
        <Button variant="primary" size="sm" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      }
    >
      <p>{text}</p>
    </Alert>
  )
}

/** The table, its loading, empty and failed (with Retry) states, and the pager below it. */
export const DataTable = <Row, F extends string = string>({
  list,
  columns,
  rowKey,
  caption,
  emptyText,
  failedText,
  className,
}: DataTableProps<Row, F>) => {
  const { t } = useTranslation('kit')
  const { rows, loading, failed, loaded, retry } = useUnit({
    rows: list.$rows,
    loading: list.$loading,
    failed: list.$failed,
    loaded: list.$loaded,
    retry: list.refreshed,
  })
  // The rows of an earlier answer no longer match what was asked for: the failure replaces them until an answer comes.
  if (failed) {
    return loading ? <Spinner /> : <LoadFailed text={failedText ?? t('list.failed')} onRetry={() => retry()} />
  }
  return (
    <div className="kit-list">
      {rows.length ? (
        <>
          <Table
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            caption={caption}
            className={className}
            busy={loading}
            header={(column) => <SortHeader list={list} column={column as DataColumn<Row, F>} />}
          />
          {loading && (
            <p className="kit-visually-hidden" role="status">
              {t('list.loading')}
            </p>
          )}
          <Pager list={list} />
        </>
      ) : loading || !loaded ? (
        <Spinner />
      ) : (
        <EmptyState text={emptyText ?? t('list.empty')} />
      )}
    </div>
  )
}

/** Previous, "Page x of y", Next and the count of rows ("y+" where the server counted no further); the buttons stop at either end. */
export const Pager = <Row, F extends string>({ list }: { list: PagedList<Row, F> }) => {
  const { t } = useTranslation('kit')
  const { page, pages, total, capped, chosen } = useUnit({ page: list.$page, pages: list.$pages, total: list.$total, capped: list.$totalCapped, chosen: list.pageChosen })
  return (
    <nav className="kit-pager" aria-label={t('list.pages')}>
      <Button size="sm" icon={ChevronLeft} disabled={page <= 1} onClick={() => chosen(page - 1)}>
        {t('list.previous')}
      </Button>
      <span>{t(capped ? 'list.pageAtLeast' : 'list.page', { page, pages })}</span>
      <Button size="sm" disabled={page >= pages} onClick={() => chosen(page + 1)}>
        {t('list.next')}
        <ChevronRight size={16} aria-hidden="true" />
      </Button>
      <span className="kit-pager-count">{t(capped ? 'list.countAtLeast' : 'list.count', { count: total })}</span>
    </nav>
  )
}

export interface ListFilterProps<Row, F extends string> {
  list: PagedList<Row, F>
  /** The label (the kit's "Filter" without it). */
  label?: string
  /** Shown inside the box; the label is then read by screen readers only. */
  placeholder?: string
}

/** The search box: what is typed is searched for once typing pauses. */
export const ListFilter = <Row, F extends string>({ list, label, placeholder }: ListFilterProps<Row, F>) => {
  const { t } = useTranslation('kit')
  const id = useId()
  const { text, changed } = useUnit({ text: list.$filter, changed: list.filterChanged })
  return (
    <div className="kit-list-filter">
      <label htmlFor={id} className={placeholder ? 'kit-visually-hidden' : undefined}>
        {label ?? t('list.filter')}
      </label>
      <input
        id={id}
        type="search"
        className="kit-input"
        placeholder={placeholder}
        value={text}
        onChange={(event) => changed(event.target.value)}
      />
    </div>
  )
}
