import { Alert, Badge, Button, Card, EmptyState, Page, Spinner, TextLink, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Lock, SearchX } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { searchable } from '../../menus'
import { $failedQuery, $results, $searching, searchRequested } from './model'

export const SearchPage = ({ path }: { path: string }) => {
  const { t } = useTranslation('shell')
  const format = useFormat()
  const query = useMemo(() => new URLSearchParams(path.split('?')[1] ?? '').get('q') ?? '', [path])
  const [results, searching, failedQuery, request] = useUnit([$results, $searching, $failedQuery, searchRequested])

  useEffect(() => {
    request(query)
  }, [query, request])

  const current = results?.query === query.trim() ? results : null
  const failed = failedQuery === query.trim()
  return (
    <Page title={searchable(query) ? t('search.resultsFor', { query: query.trim() }) : t('search.title')} documentTitle={t('search.title')}>
      {!searchable(query) ? (
        <EmptyState text={t('search.tooShort')} />
      ) : failed && !searching ? (
        <Alert
          tone="error"
          actions={
            <Button size="sm" onClick={() => request(query)}>
              {t('remote.retry')}
            </Button>
          }
        >
          <p>{t('search.failed')}</p>
        </Alert>
      ) : searching || !current ? (
        <Spinner />
      ) : current.noRights ? (
        <EmptyState icon={Lock} title={t('search.noRightsTitle')} text={t('search.noRights')} />
      ) : current.groups.length === 0 ? (
        <EmptyState icon={SearchX} text={t('search.nothing')} />
      ) : (
        current.groups.map((group) => (
          <Card
            key={group.group}
            title={t(`search.groups.${group.group}`, { defaultValue: group.group })}
            actions={<Badge>{`${format.number(group.total)}${group.totalCapped ? '+' : ''}`}</Badge>}
          >
            <ul className="kit-stack">
              {group.items.map((item) => (
                <li key={item.id}>
                  <TextLink to={item.href}>{item.title}</TextLink>
                </li>
              ))}
            </ul>
            {group.total > group.items.length && (
              <p>{t(group.totalCapped ? 'search.moreAtLeast' : 'search.more', { shown: group.items.length, total: group.total })}</p>
            )}
          </Card>
        ))
      )}
    </Page>
  )
}
