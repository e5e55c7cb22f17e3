import { dashboardCounts, definePlugin, resourceNames, resourceNamesOf, searchProviders } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { companiesTable } from './migrations/001-companies'
import { cityKey, companySearchAndLogo, searchKey } from './migrations/002-company-search-logo'
import { companyFilterIndex } from './migrations/003-company-filter-index'
import { companiesSearch } from './search-provider'
import { companiesService, newCompanyService } from './services/companies/companies'
import { companyUserServices } from './services/company-users/company-users'
import { companyExportService } from './services/export/export'
import { geocodeService } from './services/geocode/geocode'
import { logoService } from './services/logo/logo'
import { usersWithAccessService } from './services/users-with-access/users-with-access'

export { type Geocoder, nominatimGeocoder, offlineGeocoder } from './geocoder'

const DEMO_COMPANIES = [
  { name: 'Nordic Steel Oy', city: 'Oulu', country: 'FI', contact_person: 'Liisa Laine' },
  { name: 'Fjord Cranes AS', city: 'Bergen', country: 'NO', contact_person: 'Ola Nordmann' },
  { name: 'Baltic Cables Sp. z o.o.', city: 'Gdańsk', country: 'PL', contact_person: 'Anna Nowak' },
]

/** The demo company administrator's privilege names this company (core's seed cannot: it runs first). */
const COMPANY_ADMIN = { username: 'companyadmin@demo.test', company: 'Nordic Steel Oy' }

// Menu and tile labels travel in every language: the shell draws them before the remote loads.
const COMPANIES = { 'en-GB': 'Companies', 'fi-FI': 'Yritykset', 'no-NO': 'Selskaper', 'pl-PL': 'Firmy', 'se-SE': 'Företag' }
const NEW_COMPANY = { 'en-GB': 'New company', 'fi-FI': 'Uusi yritys', 'no-NO': 'Nytt selskap', 'pl-PL': 'Nowa firma', 'se-SE': 'Nytt företag' }

/** The filter columns' values, for rows written straight into the table (bench and seed data). */
export { cityKey, searchKey }

export default definePlugin({
  id: 'companies',
  module: 'core',
  version: packageJson.version,
  remotes: [
    {
      name: 'companies',
      routes: ['/companies', '/company'],
      menu: [
        { id: 'companies', label: COMPANIES, path: '/companies', area: 'configuration', flag: 'canSeeCompany' },
        { id: 'newCompany', label: NEW_COMPANY, path: '/companies/add', area: 'configuration', flag: 'canManageCompany' },
      ],
      tiles: [{ id: 'companies', label: COMPANIES, path: '/companies', flag: 'canSeeCompany' }],
    },
  ],
  migrations: [companiesTable, companySearchAndLogo, companyFilterIndex],
  permissions: [
    { name: 'COMPANY', resource: 'COMPANY', description: 'Sees and works with companies' },
    { name: 'COMPANY_CREATE', resource: 'COMPANY', description: 'Creates companies' },
  ],
  configure(app) {
    const extensions = app.get('extensions')
    // Privileges name companies by id, and members belong to one: core asks their names here, batched.
    extensions.contribute(resourceNames, resourceNamesOf(app.get('knex'), 'COMPANY', 'companies'))
    extensions.contribute(dashboardCounts, { tile: 'companyCount', listPath: 'companies' })
    // The /search page's Companies group.
    extensions.contribute(searchProviders, companiesSearch)
  },
  services: [newCompanyService, geocodeService(), companyExportService, companiesService, logoService, ...companyUserServices, usersWithAccessService],
  async seed({ knex, app, ids, now }) {
    for (const key of ['engineering', 'sales']) {
      const accountId = ids[`account.${key}`]
      if (!accountId || (await knex('companies').where({ account_id: accountId }).first('id'))) continue
      await knex('companies').insert(
        DEMO_COMPANIES.map((c) => ({
          ...c,
          account_id: accountId,
          search_key: searchKey(c.name, null),
          city_key: cityKey(c.city),
          skymap_enabled: false,
          created_at: now,
        })),
      )
    }
    const accountId = ids['account.engineering']
    const userId = ids[`user.${COMPANY_ADMIN.username}`]
    if (!accountId || !userId) return
    const company = await knex('companies').where({ account_id: accountId, name: COMPANY_ADMIN.company }).first('id')
    await app.get('core').narrowGrant(accountId, userId, { resource: 'COMPANY', action: 'ADMINISTER', resourceId: Number(company.id) })
  },
})
