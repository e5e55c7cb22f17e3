/** The `admin` remote: account settings (info, users, roles, setup, templates) and account info for global admins. */
import { defineModule } from '@app/module-kit'
import './admin.css'
import { locales } from './locales'
import { AccountInfoPage } from './pages/account-info/page'
import { DocumentTypePage } from './pages/document-type/page'
import { SettingsPage } from './pages/settings/page'
import { TABS } from './pages/settings/tabs'

export default defineModule({
  id: 'admin',
  flag: 'canManageSettings',
  routes: [
    { path: '/admin', component: SettingsPage },
    { path: '/admin/:section', params: { section: TABS }, component: SettingsPage },
    { path: '/admin/:accountId/info', component: AccountInfoPage },
    { path: '/admin/:accountId/setup', component: SettingsPage },
    { path: '/admin/:accountId/setup/add-document-type', component: DocumentTypePage },
    { path: '/admin/:accountId/setup/edit-document-type/:documentTypeId', component: DocumentTypePage },
  ],
  locales,
})
