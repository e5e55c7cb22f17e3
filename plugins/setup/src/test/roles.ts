/**
 * The callers every setup test asks as, made with the testing package's fixtures (no demo
 * seed): each rank in one account, the admin of another account, and nobody signed in.
 */
import { type TestServer, fixtures } from '@app/testing'

export const ROLES = ['globalAdmin', 'accountAdmin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const
export type Role = (typeof ROLES)[number] | 'anonymous'
/** Every role, anonymous last. */
export const ALL_ROLES: Role[] = [...ROLES, 'anonymous']

export interface Callers {
  tokens: Record<Role, string | undefined>
  /** The account every role but `otherAccount` belongs to. */
  account: number
  /** The account `otherAccount` administers. */
  other: number
}

/** Makes the two accounts and a person of every rank, and signs each in. */
export const signInRoles = async (server: TestServer): Promise<Callers> => {
  const make = fixtures(server)
  const [account, other] = [await make.account(), await make.account()]
  const people = {
    globalAdmin: await make.user(account, 'globalAdmin'),
    accountAdmin: account.admin,
    salesAdmin: await make.user(account, 'salesAdmin'),
    companyAdmin: await make.user(account, 'companyAdmin'),
    user: await make.user(account, 'user'),
    otherAccount: other.admin,
  }
  const tokens = { anonymous: undefined } as Record<Role, string | undefined>
  for (const role of ROLES) tokens[role] = await make.signIn(people[role])
  return { tokens, account: account.id, other: other.id }
}

/** Who may change a settings list: the answer each role gets in `account`. */
export const SETTINGS_ONLY: Record<Role, number> = {
  globalAdmin: 200,
  accountAdmin: 200,
  salesAdmin: 403,
  companyAdmin: 403,
  user: 403,
  otherAccount: 404,
  anonymous: 401,
}
/** Who may read one: every member of `account`. */
export const ANY_MEMBER: Record<Role, number> = { ...SETTINGS_ONLY, salesAdmin: 200, companyAdmin: 200, user: 200 }

/** A table's rows, to show a refused call changed nothing. */
export const rowsOf = (server: TestServer, table: string) => server.knex(table).select('*').orderBy('id')
