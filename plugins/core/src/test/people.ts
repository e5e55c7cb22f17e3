/**
 * The cast the user-management tests act as (world() of @app/testing), with what they look
 * for: the ordinary user's names (the list filters) and a consultant of A's company who is a
 * member of B too (`both`).
 */
import { type Person, type TestServer, type World, fixtures } from '@app/testing'

export type People = World & { both: Person }

export const userManagementPeople = (server: TestServer): Promise<People> =>
  fixtures(server).world({ user: { firstName: 'Ulla', lastName: 'Uusimaa' }, both: { inCompany: true, firstName: 'Conny', lastName: 'Consultant' } })
