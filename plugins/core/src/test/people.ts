/**
 * The cast the user-management tests act as (world() of @app/testing), with what they look
 * for: the ordinary user's names (the list filters) and a consultant of A's company who is a
 * member of B too (`both`).
 */
import { type Person, type TestServer, type World, fixtures, startTestServer } from '@app/testing'
import { afterAll } from 'vitest'

export type People = World & { both: Person }

export const userManagementPeople = (server: TestServer): Promise<People> =>
  fixtures(server).world({ user: { firstName: 'Ulla', lastName: 'Uusimaa' }, both: { inCompany: true, firstName: 'Conny', lastName: 'Consultant' } })

/** A test server with these people, closed after the file's tests: awaited at the top of a test file. */
export const serverWithPeople = async () => {
  const server = await startTestServer()
  afterAll(() => server.close())
  return { server, p: await userManagementPeople(server) }
}
