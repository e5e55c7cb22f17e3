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
  flag: 'canManageCompanyUsers',
  routes: [
    { path: '/users', component: ListPage },
    { path: '/users/add', component: AddPage },
    { path: '/users/:id', component: RedirectToDetails },
    { path: '/users/:id/details', component: DetailsPage },
    { path: '/users/:id/access', component: AccessPage },
  ],
  locales,
})
