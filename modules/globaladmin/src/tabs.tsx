import { RouteTabs, dashboardCrumb } from '@app/module-kit'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const TABS = [
  { id: 'manage', path: '/global-admin/manage' },
  { id: 'manuals', path: '/global-admin/manuals' },
] as const

/** The two tabs of /global-admin, each a page of its own address. */
export const GlobalAdminTabs = ({ current, children }: { current: (typeof TABS)[number]['id']; children: ReactNode }) => {
  const { t } = useTranslation('globaladmin')
  return (
    <RouteTabs label={t('title')} tabs={TABS.map((tab) => ({ ...tab, label: t(`tabs.${tab.id}`) }))} selected={current}>
      <div className="kit-stack">{children}</div>
    </RouteTabs>
  )
}

/** The trail of both tabs: the tab itself is shown by the tabs. */
export const globalAdminCrumbs = () => [dashboardCrumb(), { label: 'globaladmin:title' }]
