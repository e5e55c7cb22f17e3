/** Accounts made before the project (checklist) module existed get it on; one a global admin switched off stays off. */
import { fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { checklistModule, projectModule } from './011-module-introductions'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

test('the project module is switched on where an account has no row for it, and only there', async () => {
  const make = fixtures(server)
  const [older, switchedOff, newer] = [await make.account(), await make.account(), await make.account()]
  const row = (accountId: number) => server.knex('account_modules').where({ account_id: accountId, module_id: 'project' }).first('enabled')
  // As before the projects plugin: no row at all; and one a global admin switched off since.
  await server.knex('account_modules').where({ account_id: older.id, module_id: 'project' }).delete()
  await server.knex('account_modules').where({ account_id: switchedOff.id, module_id: 'project' }).update({ enabled: false })
  expect(await row(older.id)).toBeUndefined()

  await projectModule.up(server.knex)

  expect(Boolean((await row(older.id))?.enabled)).toBe(true)
  expect(Boolean((await row(switchedOff.id))?.enabled)).toBe(false)
  expect(Boolean((await row(newer.id))?.enabled)).toBe(true)
})

test('the checklist module is switched on where an account has projects on and no row for it', async () => {
  const make = fixtures(server)
  const [older, withoutProjects, switchedOff] = [await make.account(), await make.account(), await make.account()]
  const row = (accountId: number) => server.knex('account_modules').where({ account_id: accountId, module_id: 'checklist' }).first('enabled')
  await server.knex('account_modules').whereIn('account_id', [older.id, withoutProjects.id]).where({ module_id: 'checklist' }).delete()
  await server.knex('account_modules').where({ account_id: withoutProjects.id, module_id: 'project' }).update({ enabled: false })
  await server.knex('account_modules').where({ account_id: switchedOff.id, module_id: 'checklist' }).update({ enabled: false })

  await checklistModule.up(server.knex)

  expect(Boolean((await row(older.id))?.enabled)).toBe(true)
  expect(await row(withoutProjects.id)).toBeUndefined()
  expect(Boolean((await row(switchedOff.id))?.enabled)).toBe(false)
})
