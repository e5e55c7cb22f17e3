import { EmptyState, Link, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { searchable } from '../../menus'
import { $results, $searching, searchRequested } from './model'

export const SearchPage = ({ path }: { path: string }) => {
  const { t } = useTranslation('shell')
  const query = useMemo(() => new URLSearchParams(path.split('?')[1] ?? '').get('q') ?? '', [path])
  const [results, searching, request] = useUnit([$results, $searching, searchRequested])

  useEffect(() => {
    request(query)
  }, [query, request])

  const current = results?.query === query.trim() ? results : null
  return (
    <section className="shell-page shell-search">
      <h1>{searchable(query) ? t('search.resultsFor', { query: query.trim() }) : t('search.title')}</h1>
      {!searchable(query) ? (
        <EmptyState text={t('search.tooShort')} />
      ) : searching || !current ? (
        <Spinner />
      ) : (
        <>
          {current.partial && <p role="alert">{t('search.failed')}</p>}
          {current.groups.length === 0 && <EmptyState text={t('search.nothing')} />}
          {current.groups.map((group) => (
            <section key={group.id} className="shell-search-group">
              <h2>
                {group.label} <span className="shell-count">({group.items.length})</span>
              </h2>
              <ul>
                {group.items.map((item) => (
                  <li key={item.id}>
                    <Link to={item.href}>{item.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  )
}
