import { $flags, $session, ErrorPage, Link, type RouteProps, navigate, useBreadcrumbs } from '@app/module-kit'
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

/**
 * /admin, /admin/{tab} and /admin/{accountId}/setup: the settings of the current
 * account, or (setup, for global admins) of the account in the path.
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
  useBreadcrumbs([{ label: 'admin:settings.title' }])
  if (redirect) return null
  if (!section) return <ErrorPage message="kit:status.404" />
  const own = accountId === session?.accountId
  if (!(flags.canManageAccounts || (own && flags.canManageSettings))) return <ErrorPage message="kit:status.403" />
  const current = (section as { tab: Tab }).tab
  return (
    <div className="admin-page">
      <h1>{t('settings.title')}</h1>
      <nav aria-label={t('settings.tabs')}>
        <ul className="admin-tabs">
          {TABS.map((tab) => (
            <li key={tab}>
              <Link to={tabPath(tab, accountId)} aria-current={tab === current ? 'page' : undefined}>
                {t(`settings.tab.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TabContent tab={current} accountId={accountId} />
    </div>
  )
}
