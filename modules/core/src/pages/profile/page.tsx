import { Columns, Page, dashboardCrumb } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import { Manuals } from '../../manuals/manuals'
import { BackgroundSection } from './background'
import { LanguageSection } from './language'
import { PasswordSection } from './password'
import { RemovalSection } from './removal'
import { TwoFactorSection } from './two-factor'
import { UsernameSection } from './username'

/** /profile and its alias /profile/settings (spec part1 §2, part2 §2). */
export const ProfilePage = () => {
  const { t } = useTranslation('core')
  return (
    // A `core:` key: the trail translates it when drawn, so it follows a language change.
    <Page title={t('profile.title')} crumbs={[dashboardCrumb(), { label: 'core:profile.title' }]}>
      <Columns>
        <LanguageSection />
        <BackgroundSection />
        <PasswordSection />
        <UsernameSection />
        <TwoFactorSection />
        <Manuals />
        <RemovalSection />
      </Columns>
    </Page>
  )
}
