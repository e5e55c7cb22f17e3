import { ErrorPage, Link, Spinner, dashboardCrumb, useBreadcrumbs } from '@app/module-kit'
import { usersCrumb } from '../../crumbs'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AccessTab } from './access'
import { DetailsTab } from './details'
import { $loadFailed, $loading, $notFound, $user, userOpened } from './model'

const TABS = ['details', 'access'] as const
type Tab = (typeof TABS)[number]

const Tabs = ({ userId, current }: { userId: number; current: Tab }) => {
  const { t } = useTranslation('users')
  return (
    <nav className="us-tabs" aria-label={t('details.tabs')}>
      {TABS.map((tab) => (
        <Link key={tab} to={`/users/${userId}/${tab}`} className="us-tab" aria-current={tab === current ? 'page' : undefined}>
          {t(`tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  )
}

/** /users/{id}/details and /users/{id}/access; an unknown id shows the User not found page. */
const UserPage = ({ userId, tab }: { userId: number; tab: Tab }) => {
  const { t } = useTranslation('users')
  const { user, loading, notFound, failed, opened } = useUnit({ user: $user, loading: $loading, notFound: $notFound, failed: $loadFailed, opened: userOpened })
  useEffect(() => {
    opened(userId)
  }, [opened, userId])
  const name = user ? `${user.firstName} ${user.lastName}` : ''
  useBreadcrumbs([dashboardCrumb(), usersCrumb(), ...(name ? [{ label: name }] : [])])
  if (notFound || !Number.isInteger(userId)) return <ErrorPage message={t('notFound')} />
  if (failed) return <ErrorPage message={failed} />
  if (loading || !user) return <Spinner />
  return (
    <div className="us-page">
      <h1>
        {name} <span className="us-acronym">({user.acronym})</span>
      </h1>
      {user.anonymous && <p className="us-note">{t('details.isAnonymous')}</p>}
      <Tabs userId={user.id} current={tab} />
      {tab === 'details' ? <DetailsTab user={user} /> : <AccessTab userId={user.id} />}
    </div>
  )
}

export const DetailsPage = ({ params }: { params: Record<string, string> }) => <UserPage userId={Number(params.id)} tab="details" />
export const AccessPage = ({ params }: { params: Record<string, string> }) => <UserPage userId={Number(params.id)} tab="access" />
