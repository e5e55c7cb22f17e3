/**
 * Each project's files and bytes (file-usage.ts) stay what its files add up to after every
 * kind of write over real HTTP: uploads, deleting one file or several, a refused delete,
 * deleting an archived revision with its files, deleting a document; the home page's
 * storage and the accounts list read them; another account's stay as they were.
 * SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type ProjectTeam, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FILE_USAGE_TABLE, recountFileUsage } from './file-usage'

let server: TestServer
let team: ProjectTeam
let second: Awaited<ReturnType<ReturnType<typeof fixtures>['project']>>

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  team = await make.projectTeam()
  second = await make.project(team.account)
  await make.grantProject(team.editor, second, 'EDIT')
})
afterAll(() => server?.close())

const call = (method: string, url: string, body?: unknown, token = team.tokens.editor) => server.call(method, `/api${url}`, body, token)
const attach = async (folderId: number, name: string, bytes: number) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const answer = await server.call('POST', `/api/folders/${folderId}/files`, form, team.tokens.editor)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return Number(answer.body.id)
}

/** The account's files added up per project, against the usage rows kept for them. */
const usage = async (accountId: number) => {
  const files = await server.knex('folder_files').where({ account_id: accountId }).groupBy('project_id').select('project_id', server.knex.raw('count(*) as files'), server.knex.raw('sum(size) as bytes'))
  const kept = await server.knex(FILE_USAGE_TABLE).where({ account_id: accountId }).select('project_id', 'files', 'bytes')
  const byProject = (rows: { project_id: unknown; files: unknown; bytes: unknown }[]) =>
    Object.fromEntries(rows.filter((row) => Number(row.files) > 0).map((row) => [Number(row.project_id), [Number(row.files), Number(row.bytes)]]))
  return { counted: byProject(files), kept: byProject(kept) }
}
const expectKept = async (accountId = team.account.id) => {
  const { counted, kept } = await usage(accountId)
  expect(kept).toEqual(counted)
  return counted
}

describe("a project's files and bytes", () => {
  test('follow uploads into two projects and deletes of one file and several, and the home page shows their sum', async () => {
    const make = fixtures(server)
    const [doc, other] = [await make.document(team.project), await make.document(second)]
    const [a, b, c] = [await attach(doc.id, 'a.pdf', 1000), await attach(doc.id, 'b.pdf', 2000), await attach(doc.id, 'c.pdf', 4000)]
    await attach(other.id, 'd.pdf', 8000)
    expect(await expectKept()).toEqual({ [team.project.id]: [3, 7000], [second.id]: [1, 8000] })
    const home = await call('GET', '/dashboard/info', undefined, team.tokens.admin)
    expect(home.body.storage).toBe(15_000)

    expect((await call('DELETE', `/folders/${doc.id}/files/${a}`)).status).toBe(200)
    expect((await call('DELETE', `/folders/${doc.id}/files?filesIds=${b}&filesIds=${c}`)).status).toBe(200)
    expect(await expectKept()).toEqual({ [second.id]: [1, 8000] })
    expect((await call('GET', '/dashboard/info', undefined, team.tokens.admin)).body.storage).toBe(8000)
  })

  test("files uploaded at once into a project that has none yet are each counted (the upload panel sends four at a time)", async () => {
    const make = fixtures(server)
    const fresh = await make.project(team.account)
    await make.grantProject(team.editor, fresh, 'EDIT')
    const [doc, other] = [await make.document(fresh), await make.document(fresh)]
    await Promise.all(Array.from({ length: 8 }, (_, n) => attach(n % 2 ? doc.id : other.id, `at once ${n}.pdf`, 100 + n)))
    expect((await expectKept())[fresh.id]).toEqual([8, 8 * 100 + 28])
  })

  test('a delete refused (a file checked out by another) takes nothing away', async () => {
    const doc = await fixtures(server).document(team.project)
    const held = await attach(doc.id, 'held.pdf', 500)
    expect((await call('POST', `/folders/${doc.id}/files/lock/${held}`, {}, team.tokens.admin)).status).toBe(201)
    const before = await expectKept()
    expect((await call('DELETE', `/folders/${doc.id}/files/${held}`)).status).toBe(409)
    expect(await expectKept()).toEqual(before)
  })

  test("deleting an archived revision takes its files away; deleting a document that has none leaves the rest", async () => {
    const make = fixtures(server)
    const doc = await make.document(second)
    await attach(doc.id, 'kept.pdf', 300)
    await attach(doc.id, 'kept too.pdf', 200)
    for (const role of ['EDIT', 'CONTROL', 'APPROVE']) expect((await call('PUT', `/folders/${doc.id}/control/${role}`, { doneOn: Date.UTC(2026, 10, 1) })).status).toBe(200)
    expect((await call('POST', `/folders/${doc.id}/archive`, {})).status).toBe(201)
    const revisionId = Number((await server.knex('folder_revisions').where({ folder_id: doc.id }).orderBy('id', 'desc').first('id')).id)
    expect((await call('POST', `/folders/${doc.id}/revisions`, {})).status).toBe(201)
    await attach(doc.id, 'new.pdf', 50)
    const [files, bytes] = (await expectKept())[second.id] as [number, number]
    expect((await call('DELETE', `/folders/${doc.id}/revisions/${revisionId}`, undefined, team.tokens.admin)).status).toBe(200)
    expect((await expectKept())[second.id]).toEqual([files - 2, bytes - 500])

    const empty = await make.document(second)
    const kept = await expectKept()
    expect((await call('DELETE', `/folders/${empty.id}`)).status).toBe(200)
    expect(await expectKept()).toEqual(kept)
  })

  test("the accounts list's files and megabytes are the usage rows'; another account's are its own", async () => {
    const make = fixtures(server)
    const otherTeam = await make.projectTeam()
    const theirs = await make.document(otherTeam.project)
    await make.file(theirs, 'theirs.pdf', { size: 3 * 1024 * 1024 })
    const ours = await expectKept()
    expect(await expectKept(otherTeam.account.id)).toEqual({ [otherTeam.project.id]: [1, 3 * 1024 * 1024] })
    const world = await make.world()
    const { account_no: accountNo } = await server.knex('accounts').where({ id: otherTeam.account.id }).first('account_no')
    const listed = await world.as('globalAdmin', 'GET', `/api/accounts?filter=${encodeURIComponent(accountNo)}&$limit=100`)
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    expect(listed.body.data.find((row: { id: number }) => row.id === otherTeam.account.id)).toMatchObject({ fileCount: 1, mbUsed: 3 })
    expect(await expectKept()).toEqual(ours)
  })

  test('counted afresh (the first fill of the migration, a bulk load), they are what the writes kept, for that account alone', async () => {
    const kept = await server.knex(FILE_USAGE_TABLE).orderBy('project_id').select('*')
    await server.knex(FILE_USAGE_TABLE).where({ account_id: team.account.id }).update({ files: 0, bytes: 0 })
    await recountFileUsage(server.knex, team.account.id)
    const recounted = await server.knex(FILE_USAGE_TABLE).orderBy('project_id').select('*')
    const nonEmpty = (rows: Record<string, unknown>[]) => rows.filter((row) => Number(row.files) > 0).map((row) => ({ ...row, files: Number(row.files), bytes: Number(row.bytes) }))
    expect(nonEmpty(recounted)).toEqual(nonEmpty(kept))
    expect(nonEmpty(recounted).length).toBeGreaterThan(2)
  })
})
