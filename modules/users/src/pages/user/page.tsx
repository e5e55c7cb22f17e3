import { Alert, Badge, MissingPage, Page, RouteTabs, dashboardCrumb } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { UserX } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { usersCrumb } from '../../crumbs'
import { AccessTab } from './access'
import { DetailsTab } from './details'
import { $forbidden, $loadFailed, $notFound, $user, type UserTab, userOpened } from './model'

const TABS: readonly UserTab[] = ['details', 'access']

/** /users/{id}/details and /users/{id}/access; an unknown id shows User not found. */
const UserPage = ({ userId, tab }: { userId: number; tab: UserTab }) => {
  const { t } = useTranslation('users')
  const { user, notFound, forbidden, failed, opened } = useUnit({
    user: $user,
    notFound: $notFound,
    forbidden: $forbidden,
    failed: $loadFailed,
    opened: userOpened,
  })
  useEffect(() => {
    opened(userId)
  }, [opened, userId])

  const name = user ? `${user.firstName} ${user.lastName}` : ''
  const crumbs = [dashboardCrumb(), usersCrumb(), ...(name ? [{ label: name }] : [])]
  if (notFound || !Number.isInteger(userId)) {
    return <MissingPage title={t('notFound')} crumbs={crumbs} icon={UserX} text={t('notFoundText')} back={{ to: '/users', label: t('backToList') }} />
  }
  return (
    <Page title={name || t('user')} crumbs={crumbs} forbidden={forbidden} loading={!user && !forbidden} error={failed} onRetry={() => opened(userId)}>
      {user && (
        <>
          <div className="kit-row">
            <Badge>{user.acronym}</Badge>
            {user.anonymous ? (
              <Badge>{t('list.anonymous')}</Badge>
            ) : (
              !user.enabled && <Badge tone="warning">{t('details.disabled')}</Badge>
            )}
            {user.removalRequested && <Badge tone="danger">{t('fields.removalRequested')}</Badge>}
          </div>
          {user.anonymous && (
            <Alert tone="info">
              <p>{t('details.isAnonymous')}</p>
            </Alert>
          )}
          <RouteTabs label={t('details.tabs')} tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`), path: `/users/${user.id}/${id}` }))} selected={tab}>
            {tab === 'details' ? <DetailsTab user={user} /> : <AccessTab userId={user.id} />}
          </RouteTabs>
        </>
      )}
    </Page>
  )
}

export const DetailsPage = ({ params }: { params: Record<string, string> }) => <UserPage userId={Number(params.id)} tab="details" />
export const AccessPage = ({ params }: { params: Record<string, string> }) => <UserPage userId={Number(params.id)} tab="access" />
