/** The `companies` remote: the list, a new company, and each company's tabs (also under /company). */
import { defineModule } from '@app/module-kit'
import './companies.css'
import { locales } from './locales'
import { AddCompanyPage } from './pages/add/page'
import { TABS } from './pages/company/model'
import { CompanyPage } from './pages/company/page'
import { CompaniesPage } from './pages/list/page'

export default defineModule({
  id: 'companies',
  flag: 'canSeeCompany',
  routes: [
    { path: '/companies', component: CompaniesPage },
    { path: '/companies/add', flag: 'canManageCompany', component: AddCompanyPage },
    { path: '/companies/:clientId', component: CompanyPage },
    { path: '/companies/:clientId/:tab', params: { tab: TABS }, component: CompanyPage },
    { path: '/companies/:clientId/:tab/:item', params: { tab: TABS }, component: CompanyPage },
    { path: '/company/:clientId', component: CompanyPage },
    { path: '/company/:clientId/:tab', params: { tab: TABS }, component: CompanyPage },
    { path: '/company/:clientId/:tab/:item', params: { tab: TABS }, component: CompanyPage },
  ],
  locales,
})
