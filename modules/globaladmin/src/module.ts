/** The `globaladmin` remote: accounts and their module switches, and the support manuals. */
import { defineModule } from '@app/module-kit'
import './globaladmin.css'
import { locales } from './locales'
import { ManagePage } from './pages/manage/page'
import { ManualsPage } from './pages/manuals/page'
import { RedirectToManage } from './redirect'

export default defineModule({
  id: 'globaladmin',
  routes: [
    { path: '/global-admin', flag: 'canManageAccounts', component: RedirectToManage },
    { path: '/global-admin/manage', flag: 'canManageAccounts', component: ManagePage },
    { path: '/global-admin/manage/add', flag: 'canManageAccounts', component: ManagePage },
    { path: '/global-admin/manuals', flag: 'canManageAccounts', component: ManualsPage },
  ],
  locales,
})
