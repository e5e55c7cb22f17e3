/**
 * Checklists over real HTTP: made by a project's administrator, read by its viewers, worked
 * in by its editors (title, status, responsible person, items ticked, moved, renamed and
 * removed); sub-checklists; the project's list with progress; a copy into another project;
 * a document folder made from one; the search group, the event log, the module switch, and
 * another account's ids answering 404. SQLite, or MariaDB with TEST_DATABASE_URL.
 */
import { type AccountFixture, type Person, type ProjectFixture, type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHECKLIST_MESSAGES } from './checklists.schema'

let server: TestServer
let account: AccountFixture
let project: ProjectFixture
let editor: Person
let viewer: Person
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const make = fixtures(server)
  const team = await make.projectTeam({ editor: { firstName: 'Edith', lastName: 'Editor' }, viewer: { firstName: 'Vic', lastName: 'Viewer' } })
  ;({ account, project, editor, viewer } = team)
  Object.assign(tokens, team.tokens)
  tokens.globalAdmin = await make.signIn(await make.user(account, 'globalAdmin'))
})
afterAll(() => server?.close())

type Answer = { status: number; body: any }
const call = (method: string, url: string, body?: unknown, token = tokens.admin): Promise<Answer> => server.call(method, `/api${url}`, body, token)

let named = 0
const checklist = async (fields: Record<string, unknown> = {}, projectId = project.id, token = tokens.admin) => {
  const answer = await call('POST', '/checklists', { parentId: projectId, parentType: 'project', title: `Inspection ${++named}`, description: 'Weekly walk-through', ...fields }, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; title: string; sortOrder: number }
}
const addItem = async (id: number, name: string, extra: Record<string, unknown> = {}, token = tokens.editor) => {
  const answer = await call('POST', `/checklists/${id}/items`, { name, ...extra }, token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { checklistItems: { id: number; name: string; sortOrder: number; done: boolean }[] }
}
const itemsOf = async (id: number) => ((await call('GET', `/checklists/${id}`, undefined, tokens.viewer)).body.checklistItems as { name: string; sortOrder: number; done: boolean }[]).map((i) => [i.name, i.sortOrder, i.done])

describe('a checklist', () => {
  test('is made OPEN by an administrator of the project, last in its list, and read by a viewer', async () => {
    const first = await checklist({ title: '  Fire safety ', status: undefined })
    expect(first).toMatchObject({ title: 'Fire safety', status: 'OPEN', parentId: project.id, parentType: 'project', parentChecklistId: null, itemCount: 0, checklistItems: [] })
    const second = await checklist({ status: 'IN_PROGRESS' })
    expect(second.sortOrder).toBe(first.sortOrder + 1)
    const read = await call('GET', `/checklists/${first.id}`, undefined, tokens.viewer)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: first.id, title: 'Fire safety', description: 'Weekly walk-through', createdBy: { id: account.admin.id } })
  })

  test('needs ADMINISTER to be made or removed, EDIT to be changed, VIEW to be read', async () => {
    const made = await call('POST', '/checklists', { parentId: project.id, title: 'By an editor', description: 'Not allowed' }, tokens.editor)
    expect(made.status).toBe(403)
    expect(made.body.message).toBe('This needs ADMINISTER access to the project')
    const own = await checklist()
    expect((await call('PUT', `/checklists/${own.id}`, { title: 'Viewer title', description: 'Viewer text' }, tokens.viewer)).status).toBe(403)
    expect((await call('PUT', `/checklists/${own.id}/status?status=COMPLETE`, {}, tokens.viewer)).status).toBe(403)
    expect((await call('POST', `/checklists/${own.id}/items`, { name: 'Viewer item' }, tokens.viewer)).status).toBe(403)
    expect((await call('DELETE', `/checklists/${own.id}`, undefined, tokens.editor)).status).toBe(403)
    // Nothing changed.
    expect((await call('GET', `/checklists/${own.id}`, undefined, tokens.viewer)).body).toMatchObject({ title: own.title, status: 'OPEN', itemCount: 0 })
    const renamed = await call('PUT', `/checklists/${own.id}`, { title: 'Renamed by editor', description: 'New text' }, tokens.editor)
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body).toMatchObject({ title: 'Renamed by editor', description: 'New text' })
    const removed = await call('DELETE', `/checklists/${own.id}`)
    expect(removed.status).toBe(200)
    expect((await call('GET', `/checklists/${own.id}`)).status).toBe(404)
  })

  test('refuses short or missing titles and descriptions, an unknown status and a foreign project, changing nothing', async () => {
    const count = async () => Number((await server.knex('checklists').where({ project_id: project.id }).count({ n: '*' }))[0]!.n)
    const before = await count()
    const short = await call('POST', '/checklists', { parentId: project.id, title: 'ab', description: 'Long enough' })
    expect(short.status).toBe(400)
    expect(short.body.errors).toEqual({ title: 'You must enter at least 3 characters' })
    const missing = await call('POST', '/checklists', { parentId: project.id, title: 'Long enough' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ description: 'This field is required' })
    expect((await call('POST', '/checklists', { parentId: project.id, title: 'Long enough', description: 'Long enough', status: 'DONE' })).status).toBe(400)
    const foreign = await call('POST', '/checklists', { parentId: project.id, title: 'Long enough', description: 'Long enough' }, tokens.stranger)
    expect(foreign.status).toBe(404)
    expect(await count()).toBe(before)
    const own = await checklist()
    expect((await call('GET', `/checklists/${own.id}`, undefined, tokens.stranger)).status).toBe(404)
    expect((await call('PUT', `/checklists/${own.id}/status?status=COMPLETE`, {}, tokens.stranger)).status).toBe(404)
    expect((await call('GET', '/checklists/987654321')).status).toBe(404)
  })

  test('takes any status at any time, and a responsible person who may view the project', async () => {
    const own = await checklist()
    for (const status of ['COMPLETE', 'OPEN', 'OBSOLETE', 'IN_PROGRESS']) {
      const answer = await call('PUT', `/checklists/${own.id}/status?status=${status}`, {}, tokens.editor)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body.status).toBe(status)
    }
    expect((await call('PUT', `/checklists/${own.id}/status?status=FINISHED`, {}, tokens.editor)).status).toBe(400)
    const set = await call('PUT', `/checklists/${own.id}/responsible-user?responsibleUserId=${viewer.id}`, {}, tokens.editor)
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.responsibleUser).toEqual({ id: viewer.id, firstName: 'Vic', lastName: 'Viewer' })
    // A member without access to the project, and another account's person, are refused alike.
    const outsider = await fixtures(server).user(account, 'user')
    for (const userId of [outsider.id, 987654321]) {
      const refused = await call('PUT', `/checklists/${own.id}/responsible-user?responsibleUserId=${userId}`, {}, tokens.editor)
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual({ responsibleUserId: CHECKLIST_MESSAGES.responsible })
    }
    expect((await call('GET', `/checklists/${own.id}`)).body.responsibleUser.id).toBe(viewer.id)
    const cleared = await call('PUT', `/checklists/${own.id}/responsible-user`, {}, tokens.editor)
    expect(cleared.body.responsibleUser).toBeNull()
  })

  test('offers as responsible the enabled members who may view the project, by name, to those who assign them', async () => {
    const make = fixtures(server)
    const mere = await make.user(account, 'user', { firstName: 'Ada', lastName: 'Accessonly' })
    await make.grantProject(mere, project, 'ACCESS')
    const people = await call('GET', `/checklists/project/${project.id}/people?$limit=50`, undefined, tokens.editor)
    expect(people.status, JSON.stringify(people.body)).toBe(200)
    const ids = people.body.data.map((p: { id: number }) => p.id)
    expect(ids).toEqual(expect.arrayContaining([editor.id, viewer.id, account.admin.id]))
    expect(ids).not.toContain(mere.id)
    const filtered = await call('GET', `/checklists/project/${project.id}/people?filter=viewer`, undefined, tokens.editor)
    expect(filtered.body.data).toEqual([{ id: viewer.id, firstName: 'Vic', lastName: 'Viewer' }])
    expect((await call('GET', `/checklists/project/${project.id}/people`, undefined, tokens.viewer)).status).toBe(403)
    // Someone only at ACCESS is refused as responsible, as the list leaves them out.
    const own = await checklist()
    expect((await call('PUT', `/checklists/${own.id}/responsible-user?responsibleUserId=${mere.id}`, undefined, tokens.editor)).status).toBe(400)
  })
})

describe('items', () => {
  test('are added last, ticked by whoever ticks them, moved, renamed and removed without gaps', async () => {
    const own = await checklist()
    await addItem(own.id, 'Fire doors')
    await addItem(own.id, 'Extinguishers')
    const added = await addItem(own.id, 'Exit signs')
    expect(added.checklistItems.map((i) => [i.name, i.sortOrder])).toEqual([
      ['Fire doors', 1],
      ['Extinguishers', 2],
      ['Exit signs', 3],
    ])
    const [doors, extinguishers, signs] = added.checklistItems
    const ticked = await call('PATCH', `/checklists/${own.id}/items/${extinguishers!.id}`, { done: true }, tokens.editor)
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200)
    expect(ticked.body).toMatchObject({ itemCount: 3, doneCount: 1 })
    expect(ticked.body.checklistItems[1]).toMatchObject({ done: true, doneBy: { id: editor.id, firstName: 'Edith' }, doneAt: expect.any(String) })
    const moved = await call('PATCH', `/checklists/${own.id}/items/${signs!.id}`, { sortOrder: 1 }, tokens.editor)
    expect(moved.status).toBe(200)
    expect(await itemsOf(own.id)).toEqual([
      ['Exit signs', 1, false],
      ['Fire doors', 2, false],
      ['Extinguishers', 3, true],
    ])
    // The spec's PUT renames.
    expect((await call('PUT', `/checklists/${own.id}/items/${doors!.id}`, { name: 'Fire doors closed' }, tokens.editor)).status).toBe(200)
    expect((await call('PATCH', `/checklists/${own.id}/items/${doors!.id}`, { sortOrder: 4 }, tokens.editor)).status).toBe(400)
    expect((await call('DELETE', `/checklists/${own.id}/items/${signs!.id}`, undefined, tokens.editor)).status).toBe(200)
    expect(await itemsOf(own.id)).toEqual([
      ['Fire doors closed', 1, false],
      ['Extinguishers', 2, true],
    ])
    const unticked = await call('PATCH', `/checklists/${own.id}/items/${extinguishers!.id}`, { done: false }, tokens.editor)
    expect(unticked.body.checklistItems[1]).toMatchObject({ done: false, doneBy: null, doneAt: null })
  })

  test('need a name; an item of another checklist is not found; overdue ones are counted', async () => {
    const own = await checklist()
    const other = await checklist()
    const empty = await call('POST', `/checklists/${own.id}/items`, { name: '' }, tokens.editor)
    expect(empty.status).toBe(400)
    expect(empty.body.errors).toEqual({ name: 'This field is required' })
    const yesterday = Date.now() - 86_400_000
    const made = await addItem(own.id, 'Late', { dueDate: yesterday, responsibleUserId: editor.id })
    expect(made.checklistItems[0]).toMatchObject({ dueDate: yesterday, responsibleUser: { id: editor.id } })
    await addItem(own.id, 'Later', { dueDate: Date.now() + 7 * 86_400_000 })
    expect((await call('GET', `/checklists/${own.id}`)).body).toMatchObject({ itemCount: 2, doneCount: 0, overdueCount: 1 })
    const itemId = made.checklistItems[0]!.id
    expect((await call('PATCH', `/checklists/${other.id}/items/${itemId}`, { done: true }, tokens.editor)).status).toBe(404)
    expect((await call('PATCH', `/checklists/${own.id}/items/${itemId}`, { responsibleUserId: 987654321 }, tokens.editor)).status).toBe(400)
    expect((await call('GET', `/checklists/${own.id}`)).body.checklistItems[0]).toMatchObject({ done: false, responsibleUser: { id: editor.id } })
  })
})

describe('sub-checklists', () => {
  test('hang under a checklist of the project, are listed as its children, and keep it from being removed', async () => {
    const parent = await checklist({ title: 'Handover' })
    const child = await checklist({ title: 'Handover: electrical', parentChecklistId: parent.id })
    await checklist({ title: 'Handover: plumbing', parentChecklistId: parent.id })
    const children = await call('GET', `/checklists/${parent.id}/children`, undefined, tokens.viewer)
    expect(children.status).toBe(200)
    expect(children.body.map((c: { title: string; sortOrder: number }) => [c.title, c.sortOrder])).toEqual([
      ['Handover: electrical', 1],
      ['Handover: plumbing', 2],
    ])
    expect((await call('GET', `/checklists/${parent.id}`)).body.childCount).toBe(2)
    // Under itself, or under its own child, would make a loop.
    const loop = await call('PUT', `/checklists/${parent.id}`, { title: 'Handover', description: 'Weekly walk-through', parentChecklistId: child.id })
    expect(loop.status).toBe(400)
    expect(loop.body.errors).toEqual({ parentChecklistId: CHECKLIST_MESSAGES.parent })
    const refused = await call('DELETE', `/checklists/${parent.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(CHECKLIST_MESSAGES.hasChildren)
    const elsewhere = await fixtures(server).project(account)
    const foreignParent = await checklist({}, elsewhere.id)
    expect((await call('POST', '/checklists', { parentId: project.id, title: 'Misplaced', description: 'Other project parent', parentChecklistId: foreignParent.id })).status).toBe(400)
  })
})

describe("a project's checklists", () => {
  test('are listed top-level in order, paged, with their progress, and filtered by status', async () => {
    const listed = await fixtures(server).project(account)
    const made = []
    for (let n = 1; n <= 5; n++) made.push(await checklist({ title: `Listed ${n}`, status: n === 5 ? 'COMPLETE' : 'OPEN' }, listed.id))
    await checklist({ title: 'Listed child', parentChecklistId: made[0]!.id }, listed.id)
    const withItems = await addItem(made[0]!.id, 'One', {}, tokens.admin)
    await addItem(made[0]!.id, 'Two', {}, tokens.admin)
    await call('PATCH', `/checklists/${made[0]!.id}/items/${withItems.checklistItems[0]!.id}`, { done: true })
    const page = await call('GET', `/checklists/project/${listed.id}?$limit=4`)
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    expect(page.body).toMatchObject({ total: 5, limit: 4, skip: 0 })
    expect(page.body.data.map((c: { title: string }) => c.title)).toEqual(['Listed 1', 'Listed 2', 'Listed 3', 'Listed 4'])
    expect(page.body.data[0]).toMatchObject({ itemCount: 2, doneCount: 1, childCount: 1 })
    expect((await call('GET', `/checklists/project/${listed.id}?$limit=4&$skip=4`)).body.data.map((c: { title: string }) => c.title)).toEqual(['Listed 5'])
    expect((await call('GET', `/checklists/project/${listed.id}?status=COMPLETE`)).body.total).toBe(1)
    // Nobody outside the project reads them.
    expect((await call('GET', `/checklists/project/${listed.id}`, undefined, tokens.viewer)).status).toBe(403)
    expect((await call('GET', `/checklists/project/${listed.id}`, undefined, tokens.stranger)).status).toBe(404)
  })
})

describe('copy and folder', () => {
  test('a copy goes to a project the caller administers, afresh, with its items and sub-checklists', async () => {
    const source = await checklist({ title: 'Template', status: 'COMPLETE' })
    const made = await addItem(source.id, 'Step one', { responsibleUserId: editor.id })
    await addItem(source.id, 'Step two')
    await call('PATCH', `/checklists/${source.id}/items/${made.checklistItems[0]!.id}`, { done: true })
    await checklist({ title: 'Template part', parentChecklistId: source.id })
    const target = await fixtures(server).project(account)
    const url = `/checklists/project/${project.id}/checklist/${source.id}/copy`
    const missing = await call('POST', url, {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ targetProjectId: 'This field is required' })
    const foreign = await fixtures(server).project((await fixtures(server).account()))
    const refused = await call('POST', url, { targetProjectId: foreign.id })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ targetProjectId: CHECKLIST_MESSAGES.target })
    // The editor administers neither project.
    expect((await call('POST', url, { targetProjectId: target.id }, tokens.editor)).status).toBe(403)
    // The path must name the checklist's own project.
    expect((await call('POST', `/checklists/project/${target.id}/checklist/${source.id}/copy`, { targetProjectId: target.id })).status).toBe(404)
    const copied = await call('POST', url, { targetProjectId: target.id })
    expect(copied.status, JSON.stringify(copied.body)).toBe(201)
    expect(copied.body).toMatchObject({ title: 'Template', status: 'OPEN', parentId: target.id, itemCount: 2, doneCount: 0, childCount: 1, folderId: null })
    expect(copied.body.id).not.toBe(source.id)
    expect(copied.body.checklistItems.map((i: { name: string; responsibleUser: unknown }) => [i.name, i.responsibleUser])).toEqual([
      ['Step one', null],
      ['Step two', null],
    ])
    const children = (await call('GET', `/checklists/${copied.body.id}/children`)).body
    expect(children.map((c: { title: string; parentId: number }) => [c.title, c.parentId])).toEqual([['Template part', target.id]])
    // The source is as it was.
    expect((await call('GET', `/checklists/${source.id}`)).body).toMatchObject({ status: 'COMPLETE', doneCount: 1 })
  })

  test('a document folder is made from a checklist once, of the Checklist type, and kept while the checklist names it', async () => {
    const own = await checklist({ title: 'Commissioning' })
    const url = `/checklists/project/${project.id}/checklist/${own.id}/createFolder`
    expect((await call('POST', url, {}, tokens.viewer)).status).toBe(403)
    const made = await call('POST', url, {}, tokens.editor)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.folder).toMatchObject({ id: expect.any(Number), name: 'Commissioning' })
    const folder = await call('GET', `/folders/${made.body.folderId}`, undefined, tokens.viewer)
    expect(folder.status).toBe(200)
    const types = (await call('GET', `/foldertypes/${account.id}/create`)).body as { id: number; typeId: string }[]
    expect(types.find((t) => t.id === folder.body.folderTypeId)?.typeId).toBe('Checklist')
    const again = await call('POST', url, {}, tokens.editor)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(CHECKLIST_MESSAGES.hasFolder)
    const kept = await call('DELETE', `/folders/${made.body.folderId}`, undefined, tokens.editor)
    expect(kept.status).toBe(409)
    expect(kept.body.data.blocks).toEqual([{ reason: 'is the folder of checklist', item: 'Commissioning' }])
  })
})

describe('around checklists', () => {
  test("a project with checklists is kept; its event log and the search page show them", async () => {
    const own = await fixtures(server).project(account, { name: 'Harbour crane' })
    const made = await checklist({ title: 'Crane checks unique' }, own.id)
    const started = await call('PUT', `/checklists/${made.id}/status?status=IN_PROGRESS`)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const refused = await call('DELETE', `/projects/${own.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.data.blocks).toContainEqual({ reason: 'has checklist', item: 'Crane checks unique' })
    const events = (await call('GET', `/projects/${own.id}/events`)).body.data as { eventType: string; eventName: string; subject: string }[]
    expect(events.map((e) => [e.eventType, e.eventName, e.subject])).toEqual(
      expect.arrayContaining([
        ['checklists create', 'Created', 'Crane checks unique'],
        ['checklists/:checklistId/status update', 'Saved', 'Crane checks unique'],
      ]),
    )
    const found = await call('GET', '/search?q=checks%20UNIQUE')
    expect(found.status).toBe(200)
    const group = found.body.groups.find((g: { group: string }) => g.group === 'checklists')
    expect(group).toMatchObject({ total: 1, items: [{ id: made.id, title: 'Crane checks unique', href: `/project/${own.id}/checklists/${made.id}` }] })
    // The viewer holds no level on that project: nothing of it.
    const unseen = (await call('GET', '/search?q=checks%20UNIQUE', undefined, tokens.viewer)).body.groups.find((g: { group: string }) => g.group === 'checklists')
    expect(unseen).toMatchObject({ total: 0, items: [] })
  })

  test('with the checklist module switched off, its calls answer 403 and search leaves it out', async () => {
    const own = await checklist({ title: 'Switched module' })
    const switchModule = (enabled: boolean) => call('PUT', `/accounts/${account.id}/modules`, { modules: [{ id: 'checklist', enabled }] }, tokens.globalAdmin)
    expect((await switchModule(false)).status).toBe(200)
    try {
      const answer = await call('GET', `/checklists/${own.id}`)
      expect(answer.status).toBe(403)
      expect(answer.body.message).toBe('Module checklist is not enabled for this account')
      expect((await call('GET', `/checklists/project/${project.id}`)).status).toBe(403)
      const groups = (await call('GET', '/search?q=Switched')).body.groups.map((g: { group: string }) => g.group)
      expect(groups).not.toContain('checklists')
    } finally {
      expect((await switchModule(true)).status).toBe(200)
    }
    expect((await call('GET', `/checklists/${own.id}`)).status).toBe(200)
  })
})
