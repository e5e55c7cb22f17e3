/** The demo roles every permission test calls as (shared ground of the administration issue). */
import type { Knex } from 'knex'

/** What the helpers need of a test server (plugins import nothing of api/ outside test files). */
interface Server {
  signIn(username: string): Promise<string>
  knex: Knex
}

export const ROLES = ['globaladmin', 'admin', 'salesadmin', 'companyadmin', 'user', 'sales'] as const
export type Role = (typeof ROLES)[number] | 'anonymous'

export interface Demo {
  tokens: Record<Role, string | undefined>
  /** Demo Engineering, the account every role but `sales` belongs to. */
  engineering: number
  /** Demo Sales, the other account. */
  sales: number
}

export const signInDemo = async (server: Server): Promise<Demo> => {
  const tokens = { anonymous: undefined } as Record<Role, string | undefined>
  for (const role of ROLES) tokens[role] = await server.signIn(`${role}@demo.test`)
  const accountOf = async (company: string) => Number((await server.knex('accounts').where({ company }).first('id')).id)
  return { tokens, engineering: await accountOf('Demo Engineering'), sales: await accountOf('Demo Sales') }
}

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
export const rowsOf = (server: Server, table: string) => server.knex(table).select('*').orderBy('id')
