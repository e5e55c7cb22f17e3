/**
 * What the companies tests act in, made with the testing package's fixtures (no demo seed):
 * an account with three companies and a person of every rank (the company administrator
 * administers Nordic Steel Oy), two ordinary users more, and another account, in Norway,
 * with companies of the same names and its own admin.
 */
import { type AccountFixture, type CompanyFixture, type Fixtures, type Person, type TestServer, fixtures } from '@app/testing'

export const ROLES = ['globalAdmin', 'accountAdmin', 'salesAdmin', 'companyAdmin', 'user', 'otherAccount'] as const
export type Role = (typeof ROLES)[number] | 'anonymous'
/** Every role, anonymous last. */
export const ALL_ROLES: Role[] = [...ROLES, 'anonymous']

const COMPANIES = [
  { name: 'Nordic Steel Oy', city: 'Oulu' },
  { name: 'Fjord Cranes AS', city: 'Bergen' },
  { name: 'Baltic Cables Sp. z o.o.', city: 'Gdańsk' },
]

export interface World {
  make: Fixtures
  account: AccountFixture
  /** Another account (country NO) with companies of the same names. */
  other: AccountFixture
  nordic: CompanyFixture
  fjord: CompanyFixture
  /** The other account's Nordic Steel Oy. */
  otherNordic: CompanyFixture
  people: Record<Exclude<Role, 'anonymous'>, Person> & {
    /** An ordinary user the matrices act on. */
    manager: Person
    /** An ordinary user of both accounts. */
    consultant: Person
  }
  tokens: Record<Role, string | undefined>
}

export const makeWorld = async (server: TestServer): Promise<World> => {
  const make = fixtures(server)
  const [account, other] = [await make.account(), await make.account()]
  await server.knex('accounts').where({ id: other.id }).update({ country: 'NO' })
  const companiesOf = async (owner: AccountFixture) => {
    const made: CompanyFixture[] = []
    for (const company of COMPANIES) made.push(await make.company(owner, company))
    return made
  }
  const [nordic, fjord] = await companiesOf(account)
  const [otherNordic] = await companiesOf(other)
  const people = {
    globalAdmin: await make.user(account, 'globalAdmin'),
    accountAdmin: account.admin,
    salesAdmin: await make.user(account, 'salesAdmin'),
    companyAdmin: await make.user(account, 'companyAdmin', { administers: [nordic!] }),
    user: await make.user(account, 'user', { firstName: 'Ulla', lastName: 'User' }),
    otherAccount: other.admin,
    manager: await make.user(account, 'user', { firstName: 'Mikko', lastName: 'Manager' }),
    consultant: await make.user(account, 'user', { firstName: 'Kari', lastName: 'Consultant' }),
  }
  await make.join(people.consultant, other)
  const tokens = { anonymous: undefined } as Record<Role, string | undefined>
  for (const role of ROLES) tokens[role] = await make.signIn(people[role])
  return { make, account, other, nordic: nordic!, fjord: fjord!, otherNordic: otherNordic!, people, tokens }
}
