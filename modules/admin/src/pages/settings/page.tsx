import { $flags, $session, MissingPage, Page, type RouteProps, RouteTabs, dashboardCrumb, navigate } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountInfoForm } from '../account-info/AccountInfoForm'
import { RolesTab } from '../roles/RolesTab'
import { SetupTab } from '../setup/SetupTab'
import { TemplatesTab } from '../templates/TemplatesTab'
import { TABS, type Tab, sectionOf, tabPath } from './tabs'
import { UsersTab } from './UsersTab'

const TabContent = ({ tab, accountId }: { tab: Tab; accountId: number }) => {
  switch (tab) {
    case 'info':
      return <AccountInfoForm accountId={accountId} />
    case 'users':
      return <UsersTab />
    case 'roles':
      return <RolesTab accountId={accountId} />
    case 'setup':
      return <SetupTab accountId={accountId} />
    case 'templates':
      return <TemplatesTab accountId={accountId} />
  }
}

/** The trail of every settings page; its pages add theirs after it. */
export const settingsCrumbs = () => [dashboardCrumb(), { label: 'admin:settings.title', href: '/admin' }]

/**
 * /admin, /admin/{tab} and /admin/{accountId}/setup: the settings of the current
 * account, or (setup, for global admins) of the account in the path. Each tab has its
 * own address, so choosing one navigates.
 */
export const SettingsPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('admin')
  const { flags, session } = useUnit({ flags: $flags, session: $session })
  const section = params.accountId ? { tab: 'setup' as const } : sectionOf(params.section)
  const accountId = params.accountId ? Number(params.accountId) : (session?.accountId ?? 0)
  const redirect = section && 'accountId' in section ? `/admin/${section.accountId}/info` : null
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true })
  }, [redirect])
  const current = section && 'tab' in section ? section.tab : null
  if (redirect) return null
  const title = t('settings.title')
  const crumbs = [dashboardCrumb(), { label: 'admin:settings.title' }]
  if (!current) {
    return <MissingPage title={title} crumbs={crumbs} text={t('settings.notFound')} back={{ to: '/admin', label: t('settings.back') }} />
  }
  const own = accountId === session?.accountId
  const allowed = flags.canManageAccounts || (own && flags.canManageSettings)
  return (
    <Page title={title} crumbs={crumbs} forbidden={!allowed}>
      <RouteTabs
        label={t('settings.tabs')}
        tabs={TABS.map((id) => ({ id, label: t(`settings.tab.${id}`), path: tabPath(id, accountId) }))}
        selected={current}
      >
        <div className="kit-stack">
          <TabContent tab={current} accountId={accountId} />
        </div>
      </RouteTabs>
    </Page>
  )
}
