import { Alert, Badge, Card, EmptyState, Page, Spinner, TextLink } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Lock, SearchX } from 'lucide-react'
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
    <Page title={searchable(query) ? t('search.resultsFor', { query: query.trim() }) : t('search.title')} documentTitle={t('search.title')}>
      {!searchable(query) ? (
        <EmptyState text={t('search.tooShort')} />
      ) : searching || !current ? (
        <Spinner />
      ) : current.noRights ? (
        <EmptyState icon={Lock} title={t('search.noRightsTitle')} text={t('search.noRights')} />
      ) : (
        <>
          {current.partial && (
            <Alert tone="warning">
              <p>{t('search.failed')}</p>
            </Alert>
          )}
          {current.groups.length === 0 && <EmptyState icon={SearchX} text={t('search.nothing')} />}
          {current.groups.map((group) => (
            <Card key={group.id} title={group.label} actions={<Badge>{group.items.length}</Badge>}>
              <ul className="kit-stack">
                {group.items.map((item) => (
                  <li key={item.id}>
                    <TextLink to={item.href}>{item.title}</TextLink>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </>
      )}
    </Page>
  )
}
