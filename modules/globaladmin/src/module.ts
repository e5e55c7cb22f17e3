/** The `globaladmin` remote: accounts and their module switches, and the support manuals. */
import { defineModule } from '@app/module-kit'
import './globaladmin.css'
import { locales } from './locales'
import { ManagePage } from './pages/manage/page'
import { ManualsPage } from './pages/manuals/page'
import { RedirectToManage } from './redirect'

export default defineModule({
  id: 'globaladmin',
  flag: 'canManageAccounts',
  routes: [
    { path: '/global-admin', component: RedirectToManage },
    { path: '/global-admin/manage', component: ManagePage },
    { path: '/global-admin/manage/add', component: ManagePage },
    { path: '/global-admin/manuals', component: ManualsPage },
  ],
  locales,
})
