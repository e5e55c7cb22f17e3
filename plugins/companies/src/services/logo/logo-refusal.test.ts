/**
 * Who may upload a company's logo is decided before the file is read, over real HTTP: a
 * company administrator uploading to a company it does not administer, or anyone to
 * another account's company, is answered at once while the body is still coming, and
 * nothing reaches storage. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fixtures, startTestServer, uploadHead } from '@app/testing'
import { afterAll, expect, test } from 'vitest'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

const server = await startTestServer()
afterAll(() => server.close())
const make = fixtures(server)

/** Every file under storage, partial ones included. */
const stored = async () => (await readdir(path.join(server.config.dataDir, 'files'), { recursive: true }).catch(() => [] as string[])).sort()

test("a company administrator's logo for another company, or a logo for another account's company, is refused before the file is read", async () => {
  const account = await make.account()
  const own = await make.company(account)
  const other = await make.company(account)
  const boss = await make.signIn(await make.user(account, 'companyAdmin', { administers: [own] }))
  const foreign = await make.company(await make.account())
  const before = await stored()

  const notTheirs = await uploadHead(server.url, { method: 'PATCH', path: `/api/companies/${other.id}/logo`, token: boss })
  expect(notTheirs).toMatchObject({ status: 403, body: { message: 'You do not have permission to do this' } })
  const admin = await make.signIn(account.admin)
  expect((await uploadHead(server.url, { method: 'PATCH', path: `/api/companies/${foreign.id}/logo`, token: admin })).status).toBe(404)
  expect(await stored()).toEqual(before)

  // The same administrator's own company takes it.
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png')
  const saved = await fetch(`${server.url}/api/companies/${own.id}/logo`, { method: 'PATCH', body: form, headers: { authorization: `Bearer ${boss}` } })
  expect(saved.status).toBe(200)
})
