/** The answers each demo role gets from the setup services; the roles themselves come from the test server. */
import { DEMO_ROLES, type Demo, type DemoRole, type TestServer, signInDemo } from '@app/api/testing'

export { type Demo, signInDemo }
export const ROLES = DEMO_ROLES
export type Role = DemoRole

/** Who may read a settings list and who may change it: the answer each role gets in Demo Engineering. */
export const SETTINGS_ONLY: Record<Role, number> = {
  globaladmin: 200,
  admin: 200,
  salesadmin: 403,
  companyadmin: 403,
  user: 403,
  sales: 404,
  anonymous: 401,
}
export const ANY_MEMBER: Record<Role, number> = { ...SETTINGS_ONLY, salesadmin: 200, companyadmin: 200, user: 200 }

/** A table's rows, to show a refused call changed nothing. */
export const rowsOf = (server: TestServer, table: string) => server.knex(table).select('*').orderBy('id')
