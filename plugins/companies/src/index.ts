import { definePlugin } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { companiesTable } from './migrations/001-companies'
import { companiesService } from './services/companies/companies'

const DEMO_COMPANIES = [
  { name: 'Nordic Steel Oy', city: 'Oulu', country: 'FI', contact_person: 'Liisa Laine' },
  { name: 'Fjord Cranes AS', city: 'Bergen', country: 'NO', contact_person: 'Ola Nordmann' },
  { name: 'Baltic Cables Sp. z o.o.', city: 'Gdańsk', country: 'PL', contact_person: 'Anna Nowak' },
]

export default definePlugin({
  id: 'companies',
  module: 'core',
  version: packageJson.version,
  migrations: [companiesTable],
  permissions: [
    { name: 'COMPANY', resource: 'COMPANY', description: 'Sees and works with companies' },
    { name: 'COMPANY_CREATE', resource: 'COMPANY', description: 'Creates companies' },
  ],
  services: [companiesService],
  async seed({ knex, ids, now }) {
    for (const key of ['engineering', 'sales']) {
      const accountId = ids[`account.${key}`]
      if (!accountId || (await knex('companies').where({ account_id: accountId }).first('id'))) continue
      await knex('companies').insert(DEMO_COMPANIES.map((c) => ({ ...c, account_id: accountId, skymap_enabled: false, created_at: now })))
    }
  },
})
