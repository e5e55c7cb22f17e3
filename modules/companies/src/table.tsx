/** Pieces the companies tables share: sortable headers and the pager. */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface SortHeaderProps<S extends string> {
  column: S
  label: string
  sort: S
  direction: 1 | -1
  onSort: (column: S) => void
}

/** A header button: aria-sort tells screen readers the order, the arrow tells everyone else. */
export const SortHeader = <S extends string>({ column, label, sort, direction, onSort }: SortHeaderProps<S>) => {
  const active = sort === column
  const ariaSort = active ? (direction === 1 ? 'ascending' : 'descending') : 'none'
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="companies-sort" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (direction === 1 ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  )
}

interface PagerProps {
  page: number
  pages: number
  total: number
  onPage: (page: number) => void
}

export const Pager = ({ page, pages, total, onPage }: PagerProps) => {
  const { t } = useTranslation('companies')
  return (
    <nav className="companies-pager" aria-label={t('pager.label')}>
      <button type="button" className="kit-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.status', { page, pages, total })}</span>
      <button type="button" className="kit-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  )
}

export const Toolbar = ({ children }: { children: ReactNode }) => <div className="companies-toolbar">{children}</div>
