import { Link } from '@app/module-kit'
import { useTranslation } from 'react-i18next'

const TABS = [
  { id: 'manage', path: '/global-admin/manage' },
  { id: 'manuals', path: '/global-admin/manuals' },
] as const

/** The two tabs of /global-admin as links, so each has its own address. */
export const Tabs = ({ current }: { current: (typeof TABS)[number]['id'] }) => {
  const { t } = useTranslation('globaladmin')
  return (
    <nav className="ga-tabs" aria-label={t('title')}>
      {TABS.map((tab) => (
        <Link key={tab.id} to={tab.path} className="ga-tab" aria-current={tab.id === current ? 'page' : undefined}>
          {t(`tabs.${tab.id}`)}
        </Link>
      ))}
    </nav>
  )
}
