/**
 * The people the user-management tests act as, built on a fresh test server: every rank of
 * one account (acme), a company of it that the company administrator administers, a user
 * of that company who belongs to a second account too, and that second account's admin.
 */
import { type AccountFixture, type CompanyFixture, type Fixtures, type Person, type TestServer, fixtures } from '@app/testing'

type Answer = Awaited<ReturnType<TestServer['call']>>

/** Who calls: the ranks of acme, the admin of the other account, and nobody signed in. */
export const ROLES = ['globaladmin', 'admin', 'salesadmin', 'companyadmin', 'user', 'sales'] as const
export type Role = (typeof ROLES)[number] | 'anonymous'

export interface People {
  make: Fixtures
  acme: AccountFixture
  other: AccountFixture
  /** Administered by `people.companyadmin`; `consultant` belongs to it. */
  company: CompanyFixture
  people: Record<(typeof ROLES)[number], Person>
  /** An ordinary user of `company` in acme, and a member of `other` too. */
  consultant: Person
  tokens: Record<(typeof ROLES)[number], string>
  /** A call to the API as one of the roles. */
  as: (role: Role, method: string, url: string, body?: unknown) => Promise<Answer & { body: any }>
}

export const userManagementPeople = async (server: TestServer): Promise<People> => {
  const make = fixtures(server)
  const acme = await make.account()
  const other = await make.account()
  const company = await make.company(acme)
  const people = {
    globaladmin: await make.user(acme, 'globalAdmin'),
    admin: acme.admin,
    salesadmin: await make.user(acme, 'salesAdmin'),
    companyadmin: await make.user(acme, 'companyAdmin', { administers: [company] }),
    user: await make.user(acme, 'user', { firstName: 'Ulla', lastName: 'Uusimaa' }),
    sales: other.admin,
  }
  const consultant = await make.user(acme, 'user', { company, firstName: 'Conny', lastName: 'Consultant' })
  await make.join(consultant, other)
  const tokens = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await make.signIn(people[role])]))) as People['tokens']
  const as: People['as'] = (role, method, url, body) => server.call(method, url, body, role === 'anonymous' ? undefined : tokens[role])
  return { make, acme, other, company, people, consultant, tokens, as }
}
