/**
 * What the companies tests act in: the cast of @app/testing (world()) where A's company,
 * the one the company administrator administers, is Nordic Steel Oy; A has two companies
 * more, B (in Norway) companies of the same names; `both` (a consultant) belongs to A and
 * B, and `manager` is one more ordinary user of A for the matrices to act on.
 */
import { type CompanyFixture, type Person, type TestServer, type World, fixtures } from '@app/testing'

const NORDIC = { name: 'Nordic Steel Oy', city: 'Oulu' }
const OTHERS = [
  { name: 'Fjord Cranes AS', city: 'Bergen' },
  { name: 'Baltic Cables Sp. z o.o.', city: 'Gdańsk' },
]

export interface CompaniesWorld extends World {
  nordic: CompanyFixture
  fjord: CompanyFixture
  /** B's Nordic Steel Oy. */
  otherNordic: CompanyFixture
  /** An ordinary user of A and of B. */
  both: Person
  /** An ordinary user of A the matrices act on. */
  manager: Person
}

export const makeWorld = async (server: TestServer): Promise<CompaniesWorld> => {
  const world = await fixtures(server).world({
    company: NORDIC,
    user: { firstName: 'Ulla', lastName: 'User' },
    both: { firstName: 'Kari', lastName: 'Consultant' },
  })
  const { make, a, b } = world
  await server.knex('accounts').where({ id: b.id }).update({ country: 'NO' })
  const [fjord] = [await make.company(a, OTHERS[0]!), await make.company(a, OTHERS[1]!)]
  const otherNordic = await make.company(b, NORDIC)
  for (const company of OTHERS) await make.company(b, company)
  const manager = await make.user(a, 'user', { firstName: 'Mikko', lastName: 'Manager' })
  return { ...world, nordic: world.company, fjord, otherNordic, manager }
}
