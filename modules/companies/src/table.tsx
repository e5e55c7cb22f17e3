/**
 * The companies' own server-paged tables (a company's users, the users with access):
 * the kit's Table (cards on a phone, the actions column at their foot) and its states —
 * a skeleton while the first page loads, the kit's failure with Retry instead of a stale
 * list, the empty state — and the pager.
 */
import { Button, EmptyState, LoadFailed, Skeleton, Table, type TableColumn } from '@app/module-kit'
import { Users } from 'lucide-react'
import type { Key } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZE, type Page } from './api'

interface PagedTableProps<Row> {
  /** The table's accessible name (visually hidden). */
  caption: string
  columns: TableColumn<Row>[]
  rowKey: (row: Row) => Key
  page: Page<Row> | null
  loading: boolean
  failedText: string | null
  emptyText: string
  onRetry: () => void
  onPage: (page: number) => void
}

export const PagedTable = <Row,>({ caption, columns, rowKey, page, loading, failedText, emptyText, onRetry, onPage }: PagedTableProps<Row>) => {
  // A failure replaces the rows of an earlier answer; while Retry runs, the skeleton stands in.
  if (failedText && !loading) return <LoadFailed text={failedText} onRetry={onRetry} />
  const shown = failedText ? null : page
  if (!shown) return loading ? <Skeleton /> : null
  if (!shown.data.length) return <EmptyState icon={Users} text={emptyText} />
  return (
    <div>
      <Table columns={columns} rows={shown.data} rowKey={rowKey} caption={caption} busy={loading} />
      <Pager page={Math.floor(shown.skip / PAGE_SIZE) + 1} pages={Math.max(1, Math.ceil(shown.total / PAGE_SIZE))} total={shown.total} onPage={onPage} />
    </div>
  )
}

interface PagerProps {
  page: number
  pages: number
  total: number
  onPage: (page: number) => void
}

const Pager = ({ page, pages, total, onPage }: PagerProps) => {
  const { t } = useTranslation('companies')
  return (
    <nav className="kit-pager" aria-label={t('pager.label')}>
      <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.status', { page, pages, total })}</span>
      <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  )
}
