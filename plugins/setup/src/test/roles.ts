/**
 * What the setup tests expect of the cast (world() of @app/testing): the answer each caller
 * gets from a settings list of account A, and a table's rows to show a refused call changed nothing.
 */
import type { Caller, TestServer } from '@app/testing'

/** Who may change a settings list: the answer each caller gets in A. */
export const SETTINGS_ONLY: Record<Caller, number> = {
  globalAdmin: 200,
  accountAdmin: 200,
  salesAdmin: 403,
  companyAdmin: 403,
  user: 403,
  otherAccount: 404,
  anonymous: 401,
}
/** Who may read one: every member of A. */
export const ANY_MEMBER: Record<Caller, number> = { ...SETTINGS_ONLY, salesAdmin: 200, companyAdmin: 200, user: 200 }

/** A table's rows, to show a refused call changed nothing. */
export const rowsOf = (server: TestServer, table: string) => server.knex(table).select('*').orderBy('id')
