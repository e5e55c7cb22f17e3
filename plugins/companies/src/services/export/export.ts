/** GET /companies/export: every company of the account as companies.xlsx, streamed. */
import { Type } from '@sinclair/typebox'
import type { ServiceDefinition } from '@app/plugin-kit'
import { TableService, excelDownload, exportDate, keysetBatches, whereContains } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { companySchema } from '../companies/companies.schema'

export const COMPANY_EXPORT_COLUMNS = [
  { header: 'Name', key: 'name', width: 32 },
  { header: 'Number', key: 'number', width: 14 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'Country', key: 'country', width: 9 },
  { header: 'Contact person', key: 'contactPerson', width: 24 },
  { header: 'Contact email', key: 'contactEmail', width: 28 },
  { header: 'VAT reg no', key: 'vatRegNo', width: 16 },
  { header: 'Creation date', key: 'createdAt', width: 14 },
]

const exportQuerySchema = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false })

/** A TableService, so the tenancy test proves its rows are the caller's account's only. */
class CompanyExportService extends TableService {
  override async _find(params?: any): Promise<any> {
    const accountId = params?.query?.accountId
    const filter: string | undefined = params?.query?.filter
    const knex: Knex = this.Model
    const query = () => {
      const q = knex('companies')
        .where('account_id', accountId)
        .select('id', 'name', 'number', 'city', 'country', 'contact_person', 'contact_email', 'vat_reg_no', 'created_at')
      if (filter) whereContains(q, ['search_key', 'city_key'], filter, { lowerCased: true })
      return q
    }
    const rows = async function* () {
      for await (const row of keysetBatches(query))
        yield {
          name: row.name,
          number: row.number,
          city: row.city,
          country: row.country,
          contactPerson: row.contact_person,
          contactEmail: row.contact_email,
          vatRegNo: row.vat_reg_no,
          createdAt: exportDate(row.created_at),
        }
    }
    return excelDownload('companies.xlsx', 'Companies', COMPANY_EXPORT_COLUMNS, rows())
  }
}

export const companyExportService: ServiceDefinition = {
  path: 'companies/export',
  methods: ['find'],
  scope: { kind: 'tenant' },
  flags: { find: ['canManageAccounts', 'canManageSettings'] },
  schemas: { query: exportQuerySchema },
  service: (app) => new CompanyExportService({ Model: app.get('knex'), name: 'companies', result: companySchema }),
}
