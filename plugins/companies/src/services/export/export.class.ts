/** Every company of the account as companies.xlsx, streamed, headed in the caller's language. */
import { TableService, currentUser, excelDownload, exportDay, keysetBatches, knownTimeZone, excelTexts, whereContains, withHeaders } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { byLocale } from './locales'

/** The columns in order; the sheet name and headers in five languages are in ./locales. */
const COMPANY_EXPORT_COLUMNS = [
  { key: 'name', width: 32 },
  { key: 'number', width: 14 },
  { key: 'city', width: 18 },
  { key: 'country', width: 12 },
  { key: 'contactPerson', width: 24 },
  { key: 'contactEmail', width: 28 },
  { key: 'vatRegNo', width: 18 },
  { key: 'createdAt', width: 14, date: true },
]
const exportTexts = excelTexts(byLocale)

/** A TableService, so the tenancy test proves its rows are the caller's account's only. */
export class CompanyExportService extends TableService {
  override async _find(params?: any): Promise<any> {
    const accountId = params?.query?.accountId
    const filter: string | undefined = params?.query?.filter
    const timeZone = knownTimeZone(params?.query?.timeZone)
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
          createdAt: exportDay(row.created_at, timeZone),
        }
    }
    const texts = exportTexts(currentUser(params).language)
    return excelDownload('companies.xlsx', texts.sheet, withHeaders(COMPANY_EXPORT_COLUMNS, texts), rows())
  }
}
