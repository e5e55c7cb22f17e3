/**
 * Accounts (tenants): the global admin's list of every account with its counts, the
 * caller's own account for everyone else, and sign-up (POST, signed out).
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { TableService } from '@app/plugin-kit'
import { signUp } from '../../signup'
import { listAccounts } from './account-list'
import { type AccountListQuery, type SignUp, accountSchema } from './accounts.schema'

export class AccountsService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'accounts', result: accountSchema })
  }

  /**
   * Every account for global admins, paged and with its counts; other callers get
   * only their own (the tenant scope puts its id in the query).
   */
  override async find(params?: AppParams): Promise<any> {
    return listAccounts(this.app, (params?.query ?? {}) as AccountListQuery)
  }

  /** Sign-up: a disabled trial account with its first admin user. */
  override async create(data: any, params?: AppParams): Promise<any> {
    return signUp(this.app, data as SignUp, params)
  }
}
