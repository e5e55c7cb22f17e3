/**
 * For tests: one caller of each rank in an account of their own, an admin of a second
 * account, and signed out, so a test asks "as whom" the way the demo roles did, with
 * its own data (fixtures of @app/testing).
 */
import { type Person, type TestServer, fixtures } from '@app/testing'

export const CALLERS = ['global', 'admin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const
export type Caller = (typeof CALLERS)[number] | 'anonymous'

export const signInCallers = async (server: TestServer, names: { home?: string; other?: string } = {}) => {
  const make = fixtures(server)
  const home = await make.account({ name: names.home })
  const other = await make.account({ name: names.other })
  const people: Record<Exclude<Caller, 'anonymous'>, Person> = {
    global: await make.user(home, 'globalAdmin'),
    admin: home.admin,
    salesAdmin: await make.user(home, 'salesAdmin'),
    companyAdmin: await make.user(home, 'companyAdmin'),
    user: await make.user(home, 'user'),
    otherAccount: other.admin,
  }
  const tokens: Record<Caller, string | undefined> = { anonymous: undefined } as Record<Caller, string | undefined>
  for (const caller of CALLERS) tokens[caller] = await make.signIn(people[caller])
  const as = (caller: Caller, method: string, url: string, body?: unknown) => server.call(method, url, body, tokens[caller])
  return { make, home, other, people, tokens, as }
}

export type Callers = Awaited<ReturnType<typeof signInCallers>>
