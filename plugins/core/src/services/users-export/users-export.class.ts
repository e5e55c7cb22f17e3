/** GET /accountusers/export: users.xlsx of the account (system users hidden, as in the list), streamed in id order, headed in the caller's language. */
import type { Application } from '@app/plugin-kit'
import { TableService, currentUser, excelDownload, exportDay, keysetBatches, knownTimeZone, excelTexts, withHeaders } from '@app/plugin-kit'
import { accountUsersQuery, withCompanyNames, withoutSystemUsers } from '../../account-user'
import { inChunks } from './chunks'
import { byLocale } from './locales'

/** The spec's columns in its order; headers from locales/. */
const EXPORT_COLUMNS = [
  { key: 'acronym', width: 10 },
  { key: 'company', width: 30 },
  { key: 'username', width: 34 },
  { key: 'firstName', width: 18 },
  { key: 'lastName', width: 18 },
  { key: 'createdAt', width: 14, date: true },
  { key: 'enabled' },
  { key: 'hasTwoFactor' },
  { key: 'anonymous' },
  { key: 'removalRequested' },
]

const mark = (value: unknown) => (value ? 'x' : '')

/** The export's sheet name and headers in the five languages. */
const exportTexts = excelTexts(byLocale)

export class UsersExportService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  override async find(params?: any): Promise<any> {
    const { accountId, language } = currentUser(params)
    const timeZone = knownTimeZone(params?.query?.timeZone)
    // The users the list shows by default, so the sheet, the list and the home count agree; anonymised
    // users stay in the sheet, which marks them (the spec's Anonymous column).
    const base = withoutSystemUsers(accountUsersQuery(this.app, accountId))
    const app = this.app
    async function* rows() {
      for await (const batch of inChunks(keysetBatches<any>(() => base.clone(), { column: 'au.user_id', key: 'id', size: 1000 }), 1000))
        for (const row of await withCompanyNames(app, accountId, batch))
          yield {
            acronym: row.acronym,
            company: row.companyName ?? '',
            username: row.username,
            firstName: row.firstName,
            lastName: row.lastName,
            createdAt: exportDay(row.createdAt, timeZone),
            enabled: mark(row.enabled),
            hasTwoFactor: mark(row.hasTwoFactor),
            anonymous: mark(row.anonymous),
            removalRequested: mark(row.removalRequested),
          }
    }
    const texts = exportTexts(language)
    return excelDownload('users.xlsx', texts.sheet, withHeaders(EXPORT_COLUMNS, texts), rows())
  }
}
