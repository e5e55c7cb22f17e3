/** The `users` remote: the users list, the new-user wizard, and a user's details and access. */
import { defineModule } from '@app/module-kit'
import './users.css'
import { locales } from './locales'
import { AddPage } from './pages/add/page'
import { ListPage } from './pages/list/page'
import { AccessPage, DetailsPage } from './pages/user/page'
import { RedirectToDetails } from './redirect'

export default defineModule({
  id: 'users',
  routes: [
    { path: '/users', flag: 'canManageCompanyUsers', component: ListPage },
    { path: '/users/add', flag: 'canManageCompanyUsers', component: AddPage },
    { path: '/users/:id', flag: 'canManageCompanyUsers', component: RedirectToDetails },
    { path: '/users/:id/details', flag: 'canManageCompanyUsers', component: DetailsPage },
    { path: '/users/:id/access', flag: 'canManageCompanyUsers', component: AccessPage },
  ],
  locales,
})
