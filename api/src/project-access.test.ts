/**
 * The project access test (ARCHITECTURE "Cross-cutting rules"): every service of scope
 * 'project' in the registry, every method, called by a member holding each of the six
 * levels on a project of their account, by the account's admin, and by the people of the
 * project's client company (its administrator administers it, its access views it: part1
 * §6), on that project, on a project of another account and on one that does not exist.
 * Too low a level is a 403 naming the level; another account's project is the same 404 as
 * a missing one; a refused call changes nothing. Generated from the registry, so a
 * project-scoped service added later is covered without anyone remembering to; one the
 * matrix cannot call (a placeholder it cannot fill, an id it cannot make, a body without
 * an example) fails, saying what to add.
 *
 * Two test-only services stand in for shapes the plugins may not have yet: notes
 * addressed by their rows' projectId, and a summary addressed by path. Background work
 * (server code calling without a user) is proved on the notes.
 *
 * Runs on SQLite by default, on MariaDB with TEST_DATABASE_URL=mysql://…
 */
import { ACCESS_LEVELS, type AccessLevel, type AppParams, type Method, type ProjectScope, type RegisteredService, accessRank, serviceAt } from '@app/plugin-kit'
import { type AccountFixture, type CompanyFixture, type Person, type ProjectFixture, fixtures } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { NOTES, notesPlugin } from './test/project-notes'
import { startTestServer } from './testing'
import { PROJECT_LEVELS } from '@app/plugin-projects'

const VERB: Record<Method, string> = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' }
const MISSING = 987654321

const server = await startTestServer({}, { extraPlugins: [notesPlugin] })
const { app, call, knex } = server
afterAll(() => server.close())

const make = fixtures(server)
let own: AccountFixture
let other: AccountFixture
let client: CompanyFixture
let ours: ProjectFixture
let theirs: ProjectFixture
/**
 * Callers in `own`, by what they hold on `ours`: a grant of each level; `ADMIN`, the
 * account's admin (no grant); `CLIENT_ADMIN`, an administrator of its client company
 * (part1 §6: administers it); `CLIENT_ACCESS`, a member with access to that company (views it).
 */
const callers: Record<string, { token: string; holds: AccessLevel; who: string; person: Person }> = {}
const adminTokens = new Map<number, string>()

beforeAll(async () => {
  own = await make.account()
  other = await make.account()
  client = await make.company(own)
  ours = await make.project(own, { client })
  theirs = await make.project(other)
  for (const level of ACCESS_LEVELS) {
    const person = await make.user(own)
    if (level !== 'NONE') await make.grantProject(person, ours, level)
    // A grant on another project of the account says nothing about this one.
    await make.grantProject(person, await make.project(own), 'ADMINISTER')
    callers[level] = { token: await make.signIn(person), holds: level, who: `a member holding ${level}`, person }
  }
  adminTokens.set(own.id, await make.signIn(own.admin))
  adminTokens.set(other.id, await make.signIn(other.admin))
  callers.ADMIN = { token: adminTokens.get(own.id)!, holds: 'ADMINISTER', who: 'the account admin (no grant)', person: own.admin }
  const boss = await make.user(own, 'companyAdmin', { company: client, administers: [client] })
  callers.CLIENT_ADMIN = { token: await make.signIn(boss), holds: 'ADMINISTER', who: 'an administrator of the client company (no grant)', person: boss }
  const clientStaff = await make.user(own, 'user', { company: client })
  await make.grant(clientStaff, { resource: 'COMPANY', resourceId: client.id, action: 'ACCESS' })
  callers.CLIENT_ACCESS = { token: await make.signIn(clientStaff), holds: 'VIEW', who: 'a member with access to the client company (no grant)', person: clientStaff }
})
const CALLERS = [...ACCESS_LEVELS, 'ADMIN', 'CLIENT_ADMIN', 'CLIENT_ACCESS'] as const

const registry: RegisteredService[] = app.get('registry')
const scoped = registry.filter((s) => s.scope.kind === 'project')

const rowsOf = async (table: string | undefined) => (table ? knex(table).orderBy('id').select('*') : [])
const snapshot = async (table: string | undefined) => ({
  rows: await rowsOf(table),
  privileges: await knex('privileges').orderBy('id').select('*'),
  projects: await knex('projects').orderBy('id').select('*'),
})

/** A 404 body with its id taken out, to compare another account's project with a missing one. */
const normalised = (body: any, id: unknown) => ({ ...body, message: String(body?.message).split(String(id)).join('<id>') })

/**
 * A person a call names (in its body or its id): an ordinary user of the project's client
 * company in `own`, whom every caller allowed at the level may act on.
 */
const person = () => make.user(own, 'user', { company: client })

/**
 * Services addressed by their path whose methods name something in an id (`…/:id`): how to
 * make that thing for a project (a fixture, or a missing or foreign project's id: the call
 * must not get that far). Methods not listed call the path itself (find, create, and a PUT
 * or PATCH of the path). A project-scoped service added later with an id method fails
 * until it is added here.
 */
const ID_MAKERS: Record<string, { methods: Method[]; make(project: ProjectFixture | number, method: Method): Promise<number> }> = {
  'projects/:projectId/users': {
    methods: ['get', 'remove'],
    async make(project, method) {
      const someone = await person()
      // Removing takes away a grant the person holds.
      if (method === 'remove' && typeof project !== 'number') await make.grantProject(someone, project, 'VIEW')
      return someone.id
    },
  },
  // A binder of the project (GET, PATCH and DELETE name it), made by the project account's admin; a missing project's call names a missing one.
  'projects/:projectId/document-lists': {
    methods: ['get', 'patch', 'remove'],
    async make(project) {
      if (typeof project === 'number') return MISSING
      return binderIn(project)
    },
  },
}

let binders = 0
/** A binder of the project, made by its account's admin, with a name no other has. */
const binderIn = async (project: ProjectFixture) => {
  const made = await call('POST', `/api/projects/${project.id}/document-lists`, { name: `Matrix binder ${++binders}` }, adminTokens.get(project.accountId))
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return Number(made.body.id)
}

let checklists = 0
/** A checklist of the project with one item, made by its account's admin: its id and its item's. */
const checklistIn = async (project: ProjectFixture) => {
  const token = adminTokens.get(project.accountId)
  const made = await call('POST', '/api/checklists', { parentId: project.id, title: `Matrix checklist ${++checklists}`, description: 'Made by the matrix' }, token)
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const item = await call('POST', `/api/checklists/${made.body.id}/items`, { name: 'Matrix item' }, token)
  expect(item.status, JSON.stringify(item.body)).toBe(201)
  return { id: Number(made.body.id), itemId: Number(item.body.checklistItems[0].id) }
}

/**
 * A document of the project and an upload of a 5-byte file into it, started by the caller or,
 * when they may not, the account's admin (the call is then refused on its level before the
 * upload matters); its one part sent, or the upload completed, when asked.
 */
const uploadIn = async (project: ProjectFixture, token: string, upTo: 'started' | 'sent' | 'completed' = 'started') => {
  const folder = await make.document(project)
  const start = (as: string) => call('POST', `/api/folders/${folder.id}/uploads`, { fileName: 'matrix.txt', size: 5 }, as)
  let as = token
  let started = await start(as)
  if (started.status !== 201) {
    as = adminTokens.get(project.accountId)!
    started = await start(as)
  }
  expect(started.status, JSON.stringify(started.body)).toBe(201)
  const uploadId = Number(started.body.uploadId)
  if (upTo === 'started') return { folderId: folder.id, uploadId }
  const address = await call('POST', `/api/uploads/${uploadId}/parts`, { partNo: 1 }, as)
  // This server keeps files on local disk: the address is the API's own.
  const put = await fetch(server.url + address.body.url, { method: 'PUT', body: 'hello' })
  expect(put.status).toBe(200)
  const etag = put.headers.get('etag')!
  if (upTo === 'sent') return { folderId: folder.id, uploadId, etag }
  const done = await call('POST', `/api/uploads/${uploadId}/complete`, { parts: [{ partNo: 1, partETag: etag }] }, as)
  expect(done.status, JSON.stringify(done.body)).toBe(201)
  return { folderId: folder.id, uploadId, etag, symbol: String(done.body.symbol) }
}

/** A small file as a multipart form, for the methods that take uploads. */
const fileForm = () => {
  const form = new FormData()
  form.append('file', new Blob(['%PDF-1.4 matrix'], { type: 'application/pdf' }), 'matrix.pdf')
  return form
}

/** A one-page PDF, written out by hand (offsets and all), for the merge. */
const tinyPdf = () => {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>']
  let out = '%PDF-1.4\n'
  const offsets = objects.map((body, i) => {
    const at = out.length
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
    return at
  })
  const xref = out.length
  const entries = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')
  return `${out}xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
}

/** A document of the project with one file in it, uploaded by the project's account admin. */
const documentWithFile = async (project: ProjectFixture) => {
  const folder = await make.document(project)
  const file = await call('POST', `/api/folders/${folder.id}/files`, fileForm(), adminTokens.get(project.accountId))
  expect(file.status, JSON.stringify(file.body)).toBe(201)
  return { folderId: folder.id, fileId: Number(file.body.id) }
}

/** The document's three control ticks set (the project admin's), and the revision archived when asked. */
const controlled = async (project: ProjectFixture, folderId: number, archived: boolean) => {
  const token = adminTokens.get(project.accountId)
  for (const role of ['EDIT', 'CONTROL', 'APPROVE']) expect((await call('PUT', `/api/folders/${folderId}/control/${role}`, { doneOn: Date.UTC(2026, 0, 5) }, token)).status).toBe(200)
  if (archived) expect((await call('POST', `/api/folders/${folderId}/archive`, {}, token)).status).toBe(201)
}

/** A document with its three control ticks set (the project admin's), archived when asked. */
const controlledDocument = async (project: ProjectFixture, archived = false) => {
  const folder = await make.document(project)
  await controlled(project, folder.id, archived)
  return folder.id
}

/** An archived document with an older revision (A, a new one begun and archived since as B): the revision's id. */
const olderRevision = async (project: ProjectFixture) => {
  const folderId = await controlledDocument(project, true)
  const token = adminTokens.get(project.accountId)
  const [older] = (await call('GET', `/api/folders/${folderId}/revisions`, undefined, token)).body
  expect((await call('POST', `/api/folders/${folderId}/revisions`, {}, token)).status).toBe(201)
  await controlled(project, folderId, true)
  return { folderId, revisionId: Number(older.id) }
}

/**
 * Services whose path names a row (`rowParam`): how to make that row in a project for the
 * caller (whose token is given), with the id a method names after the path (1 unless said;
 * null when every method acts on the path itself, as a document's favourite mark does), the
 * values of the path's other placeholders (a file of that document) and the bodies that
 * fit the row. A project-scoped service addressed by a row fails until it is added here.
 */
const ROW_MAKERS: Record<
  string,
  (
    project: ProjectFixture,
    token: string,
  ) => Promise<{ row: number; id?: number | string | null; values?: Record<string, number>; bodies?: Partial<Record<Method, unknown>>; query?: string }>
> = {
  'folders/:folderId/uploads': async (project) => ({ row: (await make.document(project)).id }),
  // PUT marks the caller's favourite, DELETE unmarks it: the path is the mark.
  'folders/:folderId/favorite': async (project) => ({ row: (await make.document(project)).id, id: null, bodies: { update: {} } }),
  // DELETE names the file to delete after the path.
  'folders/:folderId/files': async (project) => {
    const { folderId, fileId } = await documentWithFile(project)
    return { row: folderId, id: fileId, bodies: { create: fileForm() } }
  },
  'folders/:folderId/files/:folderFileId/rename': async (project) => {
    const { folderId, fileId } = await documentWithFile(project)
    return { row: folderId, id: null, values: { folderFileId: fileId } }
  },
  'folders/:folderId/files/register': async (project, token) => {
    const upload = await uploadIn(project, token, 'completed')
    return { row: upload.folderId, bodies: { create: { fileName: 'matrix.txt', symbol: upload.symbol, size: 5 } } }
  },
  // POST names the file after lock/ or unlock/; a caller who may check it out holds it, so their unlock is theirs to make.
  'folders/:folderId/files/lock/:docFileId': async (project) => {
    const { folderId, fileId } = await documentWithFile(project)
    return { row: folderId, id: null, values: { docFileId: fileId } }
  },
  'folders/:folderId/files/unlock/:docFileId': async (project, token) => {
    const { folderId, fileId } = await documentWithFile(project)
    const lock = (as: string | undefined) => call('POST', `/api/folders/${folderId}/files/lock/${fileId}`, {}, as)
    if ((await lock(token)).status !== 201) expect((await lock(adminTokens.get(project.accountId))).status).toBe(201)
    return { row: folderId, id: null, values: { docFileId: fileId } }
  },
  'folders/:folderId/files/:folderFileId/copy': async (project) => {
    const { folderId, fileId } = await documentWithFile(project)
    return { row: folderId, id: null, values: { folderFileId: fileId } }
  },
  // The query names two PDF files of the document.
  'folders/:folderId/files/merge': async (project) => {
    const folder = await make.document(project)
    const ids: number[] = []
    for (const name of ['matrix-a.pdf', 'matrix-b.pdf']) {
      const form = new FormData()
      form.append('file', new Blob([tinyPdf()], { type: 'application/pdf' }), name)
      const file = await call('POST', `/api/folders/${folder.id}/files`, form, adminTokens.get(project.accountId))
      expect(file.status, JSON.stringify(file.body)).toBe(201)
      ids.push(Number(file.body.id))
    }
    return { row: folder.id, id: null, query: ids.map((id) => `ids=${id}`).join('&') }
  },
  // GET, PUT and DELETE name a link of the document after the path.
  'folders/:folderId/urls': async (project) => {
    const folder = await make.document(project)
    const link = await call('POST', `/api/folders/${folder.id}/urls`, { description: 'Matrix', url: 'https://example.com/matrix' }, adminTokens.get(project.accountId))
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    return { row: folder.id, id: Number(link.body.id) }
  },
  // GET, PUT and DELETE name a line of the document's material list after the path; the exports act on the document.
  'folders/:folderId/material-lines': async (project) => {
    const folder = await make.document(project)
    const line = await call('POST', `/api/folders/${folder.id}/material-lines`, { name: 'Matrix' }, adminTokens.get(project.accountId))
    expect(line.status, JSON.stringify(line.body)).toBe(201)
    return { row: folder.id, id: Number(line.body.id) }
  },
  'folders/:folderId/material-lines/export.xlsx': async (project) => ({ row: (await make.document(project)).id }),
  'folders/:folderId/material-lines/export.pdf': async (project) => ({ row: (await make.document(project)).id }),
  // GET, PUT and DELETE name a row of the document's action plan after the path.
  'folders/:folderId/actions': async (project) => {
    const folder = await make.document(project)
    const action = await call('POST', `/api/folders/${folder.id}/actions`, { description: 'Matrix' }, adminTokens.get(project.accountId))
    expect(action.status, JSON.stringify(action.body)).toBe(201)
    return { row: folder.id, id: Number(action.body.id) }
  },
  // PATCH acts on the path: the file is the row.
  'files/:fileId/geolocation': async (project) => ({ row: (await documentWithFile(project)).fileId, id: null }),
  'folders/:folderId/files/download-link': async (project) => {
    const folder = await make.document(project)
    const file = await call('POST', `/api/folders/${folder.id}/files`, fileForm(), adminTokens.get(project.accountId))
    expect(file.status, JSON.stringify(file.body)).toBe(201)
    return { row: folder.id, bodies: { create: { ids: [file.body.id] } } }
  },
  // PUT and DELETE name the role after the path.
  'folders/:folderId/control': async (project) => ({ row: (await make.document(project)).id, id: 'EDIT', bodies: { update: { doneOn: Date.UTC(2026, 0, 5) } } }),
  'folders/:folderId/archive': async (project) => ({ row: await controlledDocument(project), bodies: { create: {} } }),
  'folders/:folderId/unarchive': async (project) => ({ row: await controlledDocument(project, true), bodies: { create: {} } }),
  // POST begins a new revision of the archived document; DELETE names its older revision.
  'folders/:folderId/revisions': async (project) => {
    const { folderId, revisionId } = await olderRevision(project)
    return { row: folderId, id: revisionId, bodies: { create: {} } }
  },
  'event/folder/:folderId': async (project) => ({ row: (await make.document(project)).id }),
  // The binders a document is in (its Binders and lists tab).
  'folders/:folderId/document-lists': async (project) => ({ row: (await make.document(project)).id }),
  // A binder holding a document: POST puts another document of the project in, PATCH moves and DELETE takes out the one in it (named after the path).
  'projects/:projectId/document-lists/:listId/items': async (project) => {
    const listId = await binderIn(project)
    const [inside, outside] = [await make.document(project), await make.document(project)]
    const put = await call('POST', `/api/projects/${project.id}/document-lists/${listId}/items`, { folderId: inside.id }, adminTokens.get(project.accountId))
    expect(put.status, JSON.stringify(put.body)).toBe(201)
    return { row: listId, id: inside.id, values: { projectId: project.id }, bodies: { create: { folderId: outside.id }, patch: { position: 1 } } }
  },
  // A checklist of the project (with one item, which the item calls name): its status set from the query, its responsible person cleared.
  'checklists/:checklistId/status': async (project) => ({ row: (await checklistIn(project)).id, id: null, query: 'status=COMPLETE', bodies: { update: {} } }),
  'checklists/:checklistId/responsible-user': async (project) => ({ row: (await checklistIn(project)).id, id: null, bodies: { update: {} } }),
  'checklists/:checklistId/items': async (project) => {
    const made = await checklistIn(project)
    return { row: made.id, id: made.itemId, bodies: { create: { name: 'Matrix item' }, update: { name: 'Matrix item renamed' }, patch: { done: true } } }
  },
  'checklists/:checklistId/children': async (project) => ({ row: (await checklistIn(project)).id }),
  // Its exports, a file a format.
  'checklists/:checklistId/export.xlsx': async (project) => ({ row: (await checklistIn(project)).id }),
  'checklists/:checklistId/export.pdf': async (project) => ({ row: (await checklistIn(project)).id }),
  // A folder made from it; a copy of it into its own project (where the caller must administer too).
  'checklists/project/:projectId/checklist/:checklistId/createFolder': async (project) => ({ row: (await checklistIn(project)).id, values: { projectId: project.id }, bodies: { create: {} } }),
  'checklists/project/:projectId/checklist/:checklistId/copy': async (project) => ({
    row: (await checklistIn(project)).id,
    values: { projectId: project.id },
    bodies: { create: { targetProjectId: project.id } },
  }),
  'uploads/:uploadId': async (project, token) => ({ row: (await uploadIn(project, token)).uploadId }),
  'uploads/:uploadId/parts': async (project, token) => {
    const upload = await uploadIn(project, token, 'sent')
    return { row: upload.uploadId, id: 1, bodies: { create: { partNo: 1 }, update: { etag: upload.etag, size: 5 } } }
  },
  'uploads/:uploadId/complete': async (project, token) => {
    const upload = await uploadIn(project, token, 'sent')
    return { row: upload.uploadId, bodies: { create: { parts: [{ partNo: 1, partETag: upload.etag }] } } }
  },
}

/**
 * Services whose body names a row (`dataRow`): how to make that row in a project (its id goes
 * in the body's field; a missing project's call names a missing row). A project-scoped service
 * addressed by a row in its body fails until it is added here.
 */
const DATA_ROW_MAKERS: Record<string, (project: ProjectFixture) => Promise<number>> = {
  'files/conversion-started': async (project) => (await documentWithFile(project)).fileId,
  'files/conversion-completed': async (project) => (await documentWithFile(project)).fileId,
}

/** The other words of a project path (`dashboard/time-line/project/:projectId/:key`): a value that names something real. */
const PATH_VALUES: Record<string, string> = { key: 'start' }

/** Body fields that name a person: filled with a fresh one for each call. */
const PERSON_FIELDS: Record<string, (p: Person) => unknown> = { userId: (p) => p.id, username: (p) => p.username }

/** Body fields that name something of the project's account (a document's type): filled with one of that account's. */
const ACCOUNT_FIELDS: Record<string, (accountId: number) => Promise<unknown>> = {
  async folderTypeId(accountId) {
    const types = await call('GET', `/api/foldertypes/${accountId}/create`, undefined, adminTokens.get(accountId))
    return types.body[0].id
  },
}

/**
 * Bodies made afresh for each call, where sending the schema's example twice would not do:
 * a bulk creation's numbers must be new in the account and its rows' type the project
 * account's (a row with a revision is archived as it is created); a binder's name must be
 * new in its project, when it is made and when it is renamed.
 */
let bulkCalls = 0
const BODY_MAKERS: Record<string, (project: ProjectFixture | number) => Promise<Record<string, unknown>>> = {
  'projects/:projectId/folders-bulk': async (project) => {
    const folderTypeId = await ACCOUNT_FIELDS.folderTypeId!(typeof project === 'number' ? own.id : project.accountId)
    const key = ++bulkCalls
    return { rows: [{ symbol: `MATRIX-${key}-1`, name: 'Matrix', folderTypeId }, { symbol: `MATRIX-${key}-2`, name: 'Matrix archived', folderTypeId, revision: 'A' }] }
  },
  'projects/:projectId/document-lists': async () => ({ name: `Matrix binder ${++binders}` }),
}

const bodySchemaOf = (entry: RegisteredService, method: Method) =>
  method === 'create' ? entry.schemas?.data : method === 'update' ? (entry.schemas?.update ?? entry.schemas?.data) : method === 'patch' ? entry.schemas?.patch : undefined

/** Whether the caller lacks every menu flag the method names (the kit's flag check answers before the project scope). */
const lacksFlags = async (entry: RegisteredService, method: Method, token: string) => {
  const anyOf = entry.flags?.[method] ?? []
  if (!anyOf.length) return false
  const user = await app.service('authentication').userOf({ authentication: { strategy: 'jwt', accessToken: token } })
  const flags = await app.get('access').flags(user)
  return !anyOf.some((flag) => flags[flag])
}

/** Why the matrix cannot call this method of this service (undefined: it can). Nobody adds an endpoint it skips. */
const problemOf = (entry: RegisteredService, method: Method): string | undefined => {
  const source = (entry.scope as ProjectScope).projectIdFrom
  const where = `${VERB[method]} ${entry.path} (${method})`
  const takesBody = method === 'create' || method === 'update' || method === 'patch'
  if ('rowParam' in source) {
    if (!ROW_MAKERS[entry.path]) return `${where} names a row of ${source.table} in its path: add how to make one to ROW_MAKERS in api/src/project-access.test.ts`
    // The path's other placeholders are filled from the maker's `values` (the call fails saying so when one is not).
    return undefined
  }
  if ('dataRow' in source) {
    if (!DATA_ROW_MAKERS[entry.path]) return `${where} names a row of ${source.table} in its body: add how to make one to DATA_ROW_MAKERS in api/src/project-access.test.ts`
    if (!bodySchemaOf(entry, method)?.examples?.[0]) return `${where}: give its body schema an example (examples[0]) the matrix can send`
    return undefined
  }
  if ('routeParam' in source) {
    const others = (entry.path.match(/:\w+/g) ?? []).filter((p) => p !== `:${source.routeParam}`)
    const unknown = others.filter((p) => PATH_VALUES[p.slice(1)] === undefined)
    if (unknown.length) return `${where}: only :${source.routeParam} can be filled; add ${unknown.join(', ')} to PATH_VALUES in api/src/project-access.test.ts`
    // A path whose other words name the thing (a timeline bubble) acts on it without an id.
    if ((method === 'get' || method === 'remove') && !others.length && !ID_MAKERS[entry.path]?.methods.includes(method))
      return `${where} names a row by id: add how to make one to ID_MAKERS in api/src/project-access.test.ts`
  } else if (entry.methods.some((m) => m !== 'find') && (!entry.methods.includes('create') || !entry.schemas?.data?.examples?.[0])) {
    // A service that only finds is called with the project in its query; one that writes rows needs them made.
    return `${where}: the test makes its rows through create with the data schema's first example; give the service one`
  }
  if (takesBody && !bodySchemaOf(entry, method)?.examples?.[0] && !(method === 'patch' && entry.schemas?.data?.examples?.[0]))
    return `${where}: give its body schema an example (examples[0]) the matrix can send`
  return undefined
}

describe('the registry', () => {
  test('has project-scoped services, and the matrix can call every method of each', () => {
    expect(scoped.length).toBeGreaterThan(0)
    const problems = scoped.flatMap((entry) => entry.methods.map((method) => problemOf(entry, method)).filter(Boolean))
    expect(problems).toEqual([])
  })
})

for (const entry of scoped) {
  const scope = entry.scope as ProjectScope
  const source = scope.projectIdFrom
  const byField = 'field' in source ? source.field : undefined

  /** The schema's example for the method's body, with any field naming a person filled with a fresh one. */
  const bodyOf = async (method: Method, project: ProjectFixture | number): Promise<Record<string, unknown> | undefined> => {
    if (method !== 'create' && method !== 'update' && method !== 'patch') return undefined
    if (BODY_MAKERS[entry.path]) return BODY_MAKERS[entry.path]!(project)
    const example = bodySchemaOf(entry, method)?.examples?.[0] ?? entry.schemas?.data?.examples?.[0]
    const body = structuredClone(example ?? {}) as Record<string, unknown>
    const names = Object.keys(body).filter((key) => PERSON_FIELDS[key])
    if (names.length) {
      const someone = await person()
      for (const key of names) body[key] = PERSON_FIELDS[key]!(someone)
    }
    for (const key of Object.keys(body)) if (ACCOUNT_FIELDS[key]) body[key] = await ACCOUNT_FIELDS[key]!(typeof project === 'number' ? own.id : project.accountId)
    return body
  }

  /** A row of the project made by its account's admin, for the methods that address one. */
  const rowIn = async (project: ProjectFixture) => {
    const answer = await call('POST', `/api/${entry.path}`, { ...(await bodyOf('create', project)), [byField!]: project.id }, adminTokens.get(project.accountId))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return Number(answer.body.id)
  }

  /** The URL and body of `method` on `project` (a fixture, or a missing id) for the caller; what the method names is made first. */
  const target = async (method: Method, project: ProjectFixture | number, token: string): Promise<[string, unknown]> => {
    const projectId = typeof project === 'number' ? project : project.id
    if ('rowParam' in source) {
      const missing = typeof project === 'number'
      const made = missing ? { row: MISSING, id: 1, values: undefined, bodies: undefined } : await ROW_MAKERS[entry.path]!(project, token)
      const named = method === 'get' || method === 'update' || method === 'patch' || (method === 'remove' && made.id !== undefined)
      const id = made.id === null || !named ? undefined : (made.id ?? 1)
      // A missing row is not found before anything else in the path is looked at.
      const path = entry.path
        .replace(`:${source.rowParam}`, String(made.row))
        .replace(/:(\w+)/g, (placeholder, name: string) => String(made.values?.[name] ?? (missing ? 1 : placeholder)))
      if (/:\w+/.test(path)) throw new Error(`${entry.path}: give the values of ${path.match(/:\w+/g)!.join(', ')} in its ROW_MAKERS entry (api/src/project-access.test.ts)`)
      const url = `/api/${path}${id === undefined ? '' : `/${id}`}${made.query ? `?${made.query}` : ''}`
      return [url, made.bodies?.[method] ?? (await bodyOf(method, project))]
    }
    if ('dataRow' in source) {
      const row = typeof project === 'number' ? MISSING : await DATA_ROW_MAKERS[entry.path]!(project)
      return [`/api/${entry.path}`, { ...(await bodyOf(method, project)), [source.dataRow]: row }]
    }
    if (!byField) {
      const param = (source as { routeParam: string }).routeParam
      const base = `/api/${entry.path.replace(`:${param}`, String(projectId)).replace(/:(\w+)/g, (_, name: string) => PATH_VALUES[name] ?? `:${name}`)}`
      const maker = ID_MAKERS[entry.path]
      const id = maker?.methods.includes(method) ? `/${await maker.make(project, method)}` : ''
      return [`${base}${id}`, await bodyOf(method, project)]
    }
    if (method === 'find') return [`/api/${entry.path}?${byField}=${projectId}`, undefined]
    if (method === 'create') return [`/api/${entry.path}`, { ...(await bodyOf(method, project)), [byField]: projectId }]
    return [`/api/${entry.path}/${typeof project === 'number' ? MISSING : await rowIn(project)}`, await bodyOf(method, project)]
  }

  /** The answer of `method` on `project`, and whether the rows watched changed. */
  const callOn = async (method: Method, project: ProjectFixture | number, token: string) => {
    const [url, body] = await target(method, project, token)
    const before = await snapshot(source.table)
    const answer = await call(VERB[method], url, body, token)
    return { ...answer, url, changed: JSON.stringify(await snapshot(source.table)) !== JSON.stringify(before) }
  }

  for (const method of entry.methods) {
    const needs = scope.level[method]!
    const problem = problemOf(entry, method)
    describe(`${VERB[method]} ${entry.path} (${method}, needs ${needs})`, () => {
      if (problem) {
        test('can be called by the matrix', () => {
          throw new Error(problem)
        })
        return
      }
      for (const holds of CALLERS)
        test(`${holds}`, async () => {
          const { token, holds: level, who } = callers[holds]!
          // A method that also needs a menu flag (a copy creates a project: canManageProjects) refuses a caller without it first, on any project.
          if (await lacksFlags(entry, method, token)) {
            for (const project of [ours, MISSING, theirs]) {
              const refused = await callOn(method, project, token)
              expect(refused.status, `${who}: ${VERB[method]} ${refused.url} without ${entry.flags![method]!.join(' or ')}`).toBe(403)
              expect(refused.body.message).toBe('You do not have permission to do this')
              expect(refused.changed, 'a refused call changed something').toBe(false)
            }
            return
          }
          const mine = await callOn(method, ours, token)
          const said = `${who}: ${VERB[method]} ${mine.url} answered ${mine.status} ${JSON.stringify(mine.body)}`
          if (accessRank(level) >= accessRank(needs)) expect(mine.status, said).toBeLessThan(300)
          else {
            expect(mine.status, said).toBe(403)
            expect(mine.body.message).toBe(`This needs ${needs} access to the project`)
            expect(mine.changed, 'a refused call changed something').toBe(false)
          }
          // Another account's project (or its row), and one that does not exist: the same 404, nothing changed.
          const missing = await callOn(method, MISSING, token)
          const foreign = await callOn(method, theirs, token)
          expect(missing.status, JSON.stringify(missing.body)).toBe(404)
          expect(foreign.status, JSON.stringify(foreign.body)).toBe(404)
          expect(normalised(foreign.body, foreign.body.message.match(/\d+/)?.[0]), 'another account answers unlike a missing id').toEqual(normalised(missing.body, MISSING))
          expect(Object.keys(foreign.body).sort()).toEqual(['className', 'code', 'message', 'name'])
          expect(missing.changed || foreign.changed, 'a call on another account changed something').toBe(false)
        })

      if (method === 'find' && 'field' in source && source.listsAcross)
        for (const holds of CALLERS)
          test(`naming no project lists the projects ${holds} may ${method}`, async () => {
            const { token, holds: level } = callers[holds]!
            const [mine, foreign] = [await rowIn(ours), await rowIn(theirs)]
            const answer = await call('GET', `/api/${entry.path}?$limit=500`, undefined, token)
            expect(answer.status, JSON.stringify(answer.body)).toBe(200)
            const rows: Record<string, unknown>[] = answer.body.data
            const listed = new Set(rows.map((row) => Number(row.id)))
            expect(listed.has(mine), `the row of the caller's project at ${level}`).toBe(accessRank(level) >= accessRank(needs))
            expect(listed.has(foreign), "another account's row").toBe(false)
            for (const row of rows) expect(row.accountId).toBe(own.id)
            expect(answer.body.total).toBe(rows.length)
          })
    })
  }
}

/**
 * The projects service's own calls on one project (GET, PATCH, DELETE /projects/{id}): its
 * row is the project, so it applies the project scope in its hooks (PROJECT_LEVELS) rather
 * than declaring it, and the walk above does not reach it. Each call is on a fresh project
 * of the same client on which the caller holds what they hold on `ours` (a removal
 * consumes it); another account's and a missing project answer the same 404.
 */
describe('the projects service’s calls on one project', () => {
  const entry = registry.find((s) => s.path === 'projects')!
  const BODY: Partial<Record<Method, unknown>> = { patch: { name: 'Renamed by the matrix' } }
  const likeOurs = async (holds: string) => {
    const project = await make.project(own, { client })
    const { person, holds: level } = callers[holds]!
    if (holds !== 'ADMIN' && !holds.startsWith('CLIENT_') && level !== 'NONE') await make.grantProject(person, project, level)
    return project
  }
  const callOn = async (method: Method, projectId: number, token: string) => {
    const before = await snapshot(undefined)
    const answer = await call(VERB[method], `/api/projects/${projectId}`, BODY[method], token)
    return { ...answer, changed: JSON.stringify(await snapshot(undefined)) !== JSON.stringify(before) }
  }

  test('declares these methods for one project', () => {
    expect(Object.keys(PROJECT_LEVELS).sort()).toEqual(['get', 'patch', 'remove'])
    for (const method of Object.keys(PROJECT_LEVELS)) expect(entry.methods).toContain(method)
  })

  for (const [method, needs] of Object.entries(PROJECT_LEVELS) as [Method, AccessLevel][])
    for (const holds of CALLERS)
      test(`${VERB[method]} /projects/{id} (needs ${needs}): ${holds}`, async () => {
        const { token, holds: level, who } = callers[holds]!
        const caller = await app.get('access').flags(await app.service('authentication').userOf({ authentication: { strategy: 'jwt', accessToken: token } }))
        const anyOf = entry.flags?.[method] ?? []
        const project = await likeOurs(holds)
        const mine = await callOn(method, project.id, token)
        const said = `${who}: ${VERB[method]} /api/projects/${project.id} answered ${mine.status} ${JSON.stringify(mine.body)}`
        if (anyOf.length && !anyOf.some((flag) => caller[flag])) {
          expect(mine.status, said).toBe(403)
          expect(mine.body.message).toBe('You do not have permission to do this')
        } else if (accessRank(level) >= accessRank(needs)) expect(mine.status, said).toBeLessThan(300)
        else {
          expect(mine.status, said).toBe(403)
          expect(mine.body.message).toBe(`This needs ${needs} access to the project`)
          expect(mine.changed, 'a refused call changed something').toBe(false)
        }
        // Another account's project, and one that does not exist: the same 404 (or the flag's 403 first), nothing changed.
        const missing = await callOn(method, MISSING, token)
        const foreign = await callOn(method, theirs.id, token)
        const flagRefused = anyOf.length > 0 && !anyOf.some((flag) => caller[flag])
        expect([missing.status, foreign.status], JSON.stringify([missing.body, foreign.body])).toEqual(flagRefused ? [403, 403] : [404, 404])
        expect(missing.changed || foreign.changed, 'a call on another account changed something').toBe(false)
      })
})

describe('a project-scoped call answers as the rules say', () => {
  const token = () => callers.EDIT!.token

  test('find lists the named project’s rows only, and knows the caller’s level', async () => {
    await make.grantProject(await make.user(own), ours, 'VIEW')
    const other = await make.project(own)
    await knex(NOTES).insert({ account_id: own.id, project_id: other.id, text: 'elsewhere' })
    const answer = await call('GET', `/api/test-project-notes?projectId=${ours.id}&$limit=500`, undefined, token())
    expect(answer.status).toBe(200)
    expect(answer.body.data.length).toBeGreaterThan(0)
    for (const row of answer.body.data) expect(row.projectId).toBe(ours.id)
    const summary = await call('GET', `/api/test-projects/${ours.id}/summary`, undefined, token())
    expect(summary.body).toEqual({ projectId: ours.id, level: 'EDIT' })
    expect((await call('GET', `/api/test-projects/${ours.id}/summary`, undefined, callers.ADMIN!.token)).body.level).toBe('ADMINISTER')
  })

  test('no project, or a malformed id, is not found (a list across projects aside)', async () => {
    for (const url of ['/api/test-project-notes?projectId=abc', '/api/test-project-notes?projectId=-1', '/api/test-projects/abc/summary'])
      expect((await call('GET', url, undefined, token())).status, url).toBeOneOf([400, 404])
    expect((await call('GET', '/api/test-projects/0/summary', undefined, token())).status).toBe(404)
    expect((await call('GET', '/api/test-project-notes/abc', undefined, token())).status).toBe(404)
    expect((await call('POST', '/api/test-project-notes', { text: 'nowhere' }, token())).status).toBeOneOf([400, 404])
  })

  test('a row does not move to another project, even one the caller administers', async () => {
    const admin = callers.ADMIN!.token
    const id = Number((await call('POST', '/api/test-project-notes', { projectId: ours.id, text: 'stays' }, admin)).body.id)
    const elsewhere = await make.project(own)
    const answer = await call('PATCH', `/api/test-project-notes/${id}`, { projectId: elsewhere.id }, admin)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ projectId: 'A row cannot move to another project' })
    expect(Number((await knex(NOTES).where({ id }).first('project_id')).project_id)).toBe(ours.id)
  })

  test('the account comes from the caller, never from the client', async () => {
    const answer = await call('POST', '/api/test-project-notes', { projectId: ours.id, text: 'mine', accountId: other.id }, token())
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.accountId).toBe(own.id)
  })
})

describe('background work names its account and project', () => {
  const notes = () => serviceAt(app, 'test-project-notes')

  test('a call that names neither, or only one, is refused and writes nothing', async () => {
    const before = await knex(NOTES).count({ n: '*' })
    await expect(notes().find({})).rejects.toThrow(/without naming its account and project/)
    await expect(notes().create({ projectId: ours.id, text: 'no scope' }, {})).rejects.toThrow(/without naming its account and project/)
    await expect(notes().create({ projectId: ours.id, text: 'no project' }, { tenant: { accountId: own.id } } as AppParams)).rejects.toThrow(/without naming/)
    await expect(notes().find({ project: { id: ours.id } } as AppParams)).rejects.toThrow(/without naming/)
    expect(await knex(NOTES).count({ n: '*' })).toEqual(before)
  })

  test('a named account and project confine the call: rows of that project only, writes stamped with both', async () => {
    const params = { tenant: { accountId: own.id }, project: { id: ours.id } } as AppParams
    // A create names the project in its row too (the schema requires it); another than the named one is not found.
    await expect(notes().create({ projectId: (await make.project(own)).id, text: 'elsewhere' }, params)).rejects.toMatchObject({ code: 404 })
    const made = (await notes().create({ projectId: ours.id, text: 'converted' }, params)) as { id: number; accountId: number; projectId: number }
    expect(made).toMatchObject({ accountId: own.id, projectId: ours.id })
    const page = (await notes().find({ ...params, query: { $limit: 500 } })) as { data: { projectId: number; accountId: number }[] }
    expect(page.data.length).toBeGreaterThan(0)
    for (const row of page.data) expect(row).toMatchObject({ projectId: ours.id, accountId: own.id })
    expect(await notes().patch(made.id, { text: 'processed' }, params)).toMatchObject({ text: 'processed' })
  })

  test('a project of another account, or a row of another project, is not found', async () => {
    await expect(notes().find({ tenant: { accountId: own.id }, project: { id: theirs.id } } as AppParams)).rejects.toMatchObject({ code: 404 })
    const elsewhere = await make.project(own)
    const [id] = await knex(NOTES).insert({ account_id: own.id, project_id: elsewhere.id, text: 'other project' })
    await expect(notes().patch(Number(id), { text: 'x' }, { tenant: { accountId: own.id }, project: { id: ours.id } } as AppParams)).rejects.toMatchObject({ code: 404 })
    await expect(notes().get(Number(id), { tenant: { accountId: other.id }, project: { id: elsewhere.id } } as AppParams)).rejects.toMatchObject({ code: 404 })
    expect((await knex(NOTES).where({ id }).first('text')).text).toBe('other project')
  })

  test('a tenant service called with a named account sees that account only', async () => {
    await make.company(own)
    await make.company(other)
    const page = (await app.service('companies').find({ tenant: { accountId: own.id }, query: { $limit: 500 } } as AppParams)) as { data: { accountId: number }[] }
    expect(page.data.length).toBeGreaterThan(0)
    for (const row of page.data) expect(row.accountId).toBe(own.id)
  })
})
