import { Alert, Badge, MissingPage, Page, Tabs, dashboardCrumb, navigate } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { UserX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { usersCrumb } from '../../crumbs'
import { AccessTab } from './access'
import { DetailsTab } from './details'
import { $forbidden, $loadFailed, $notFound, $tabChosen, $user, tabChosen, tabFocused, type UserTab, userOpened } from './model'

const TABS: readonly UserTab[] = ['details', 'access']

/** /users/{id}/details and /users/{id}/access; an unknown id shows User not found. */
const UserPage = ({ userId, tab }: { userId: number; tab: UserTab }) => {
  const { t } = useTranslation('users')
  const { user, notFound, forbidden, failed, opened, chosen, choose, focused } = useUnit({
    user: $user,
    notFound: $notFound,
    forbidden: $forbidden,
    failed: $loadFailed,
    opened: userOpened,
    chosen: $tabChosen,
    choose: tabChosen,
    focused: tabFocused,
  })
  useEffect(() => {
    opened(userId)
  }, [opened, userId])
  // Each tab is its own route, so choosing one draws a new page: it gives the focus back to the tab chosen.
  const tabs = useRef<HTMLDivElement>(null)
  const ready = user !== null
  useEffect(() => {
    if (!ready || chosen !== tab) return
    tabs.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus()
    focused()
  }, [ready, chosen, tab, focused])

  const name = user ? `${user.firstName} ${user.lastName}` : ''
  const crumbs = [dashboardCrumb(), usersCrumb(), ...(name ? [{ label: name }] : [])]
  if (notFound || !Number.isInteger(userId)) {
    return <MissingPage title={t('notFound')} crumbs={crumbs} icon={UserX} text={t('notFoundText')} back={{ to: '/users', label: t('backToList') }} />
  }
  return (
    <Page title={name || t('user')} crumbs={crumbs} forbidden={forbidden} loading={!ready && !forbidden} error={failed} onRetry={() => opened(userId)}>
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
          <div ref={tabs}>
            <Tabs
              label={t('details.tabs')}
              tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
              selected={tab}
              onSelect={(next) => {
                choose(next)
                navigate(`/users/${user.id}/${next}`)
              }}
            >
              {tab === 'details' ? <DetailsTab user={user} /> : <AccessTab userId={user.id} />}
            </Tabs>
          </div>
        </>
      )}
    </Page>
  )
}

export const DetailsPage = ({ params }: { params: Record<string, string> }) => <UserPage userId={Number(params.id)} tab="details" />
export const AccessPage = ({ params }: { params: Record<string, string> }) => <UserPage userId={Number(params.id)} tab="access" />
