/** The `core` remote: help, profile and its settings alias. */
import { defineModule } from '@app/module-kit'
import './core.css'
import { locales } from './locales'
import { HelpPage } from './pages/help/page'
import { ProfilePage } from './pages/profile/page'

export default defineModule({
  id: 'core',
  routes: [
    { path: '/help', component: HelpPage },
    { path: '/profile', component: ProfilePage },
    { path: '/profile/settings', component: ProfilePage },
  ],
  locales,
})
