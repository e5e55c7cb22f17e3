/** The pager of the companies' own tables (a company's users and users with access). */
import { useTranslation } from 'react-i18next'

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
