import { $enabledModules, ApiError, type EnabledModule } from '@app/module-kit'
import type { Link } from '@app/plugin-links/shared'
import type { Project } from '@app/plugin-projects/shared'
import { allSettled, fork } from 'effector'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { fetchParentChoicesFx, choicesRequested } from '../../choices'
import { fetchResponsibleChoicesFx, fetchTypeChoicesFx } from '../../api'
import { notifyFx } from '../../notify'
import { type UsedKind, addUsedFx, fetchUsedFx, removeUsedFx, searchUsedFx } from '../../used-api'
import { $project } from './model'
import {
  $addError,
  $adding,
  $candidates,
  $chosen,
  $kinds,
  $used,
  $usedFailed,
  SEARCH_DEBOUNCE_MS,
  addOpened,
  addSubmitted,
  candidateChosen,
  kindChosen,
  removeConfirmed,
  searchChanged,
  usedOpened,
  usedRetried,
} from './used.model'

afterEach(() => vi.unstubAllGlobals())

const link = (id: number, to: UsedKind, toId: number, label: string): Link => ({
  id,
  from: 'document',
  fromId: 12,
  to,
  toId,
  label,
  route: to === 'project' ? `/project/${toId}` : `/project/3/documents/${toId}`,
  createdAt: '2026-11-26T08:00:00.000Z',
})

const LINKED: Record<UsedKind, Link[]> = {
  document: [link(1, 'document', 14, 'D-101 - Roof plan')],
  project: [link(2, 'project', 5, 'P-20 - Ship yard')],
}
const PROJECT = { id: 3, symbol: 'P-12', name: 'Harbour bridge' } as Project
/** The project's documents, as the document form's parent select reads them: this one (12), one linked already (14), one not (15). */
const PARENTS = [
  { id: 12, name: 'D-100 - Floor plan' },
  { id: 14, name: 'D-101 - Roof plan' },
  { id: 15, name: 'D-102 - Wall section' },
]

const setup = (handlers: { fetch?: (params: { folderId: number; kind: UsedKind }) => Promise<Link[]>; add?: () => Promise<Link> } = {}) => {
  const calls = {
    fetch: vi.fn(handlers.fetch ?? (async ({ kind }: { folderId: number; kind: UsedKind }) => LINKED[kind])),
    search: vi.fn(async ({ kind, text }: { kind: UsedKind; text: string }) => [{ id: kind === 'document' ? 40 : 50, title: `${kind} hit for ${text}` }, { id: 14, title: 'D-101 - Roof plan' }]),
    add: vi.fn(handlers.add ?? (async () => link(9, 'document', 15, 'D-102 - Wall section'))),
    remove: vi.fn(async (removed: Link) => removed),
  }
  const toasts: unknown[] = []
  const scope = fork({
    values: [[$project, PROJECT]],
    handlers: [
      [fetchUsedFx, calls.fetch],
      [searchUsedFx, calls.search],
      [addUsedFx, calls.add],
      [removeUsedFx, calls.remove],
      [fetchParentChoicesFx, async () => PARENTS],
      [fetchTypeChoicesFx, async () => []],
      [fetchResponsibleChoicesFx, async () => []],
      [notifyFx, (notice: unknown) => void toasts.push(notice)],
    ],
  })
  return { scope, calls, toasts }
}

describe("a document's Used where tab", () => {
  test('reads its links to documents and projects from the links API, every page', async () => {
    const urls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url)
        return new Response(JSON.stringify({ total: 0, limit: 500, skip: 0, data: [] }), { status: 200 })
      }),
    )
    const scope = fork()
    await allSettled(usedOpened, { scope, params: 12 })
    expect(urls.sort()).toEqual(['/api/links/document/12/document?%24limit=500&%24skip=0', '/api/links/document/12/project?%24limit=500&%24skip=0'])
    expect(scope.getState($used)).toEqual({ document: [], project: [] })
  })

  test('shows both groups; only documents when the account has no project module', async () => {
    const { scope, calls } = setup()
    await allSettled(usedOpened, { scope, params: 12 })
    expect(scope.getState($used)).toEqual(LINKED)
    expect(calls.fetch.mock.calls.map(([params]) => params)).toEqual([
      { folderId: 12, kind: 'document' },
      { folderId: 12, kind: 'project' },
    ])
    const documentsOnly = fork({ values: [[$enabledModules, [{ id: 'documents', module: 'document' } as EnabledModule]]] })
    expect(documentsOnly.getState($kinds)).toEqual(['document'])
    const both = fork({ values: [[$enabledModules, [{ id: 'projects', module: 'project' } as EnabledModule]]] })
    expect(both.getState($kinds)).toEqual(['document', 'project'])
  })

  test('a failed read says so, and Retry reads again', async () => {
    let fail = true
    const { scope } = setup({
      fetch: async ({ kind }) => {
        if (fail) throw new ApiError('Internal error', 500)
        return LINKED[kind]
      },
    })
    await allSettled(usedOpened, { scope, params: 12 })
    expect(scope.getState($usedFailed)).toBe(true)
    expect(scope.getState($used)).toBeNull()
    fail = false
    await allSettled(usedRetried, { scope })
    expect(scope.getState($usedFailed)).toBe(false)
    expect(scope.getState($used)).toEqual(LINKED)
  })

  test('a removal reads the lists again, with a toast in the documents’ words', async () => {
    const { scope, calls, toasts } = setup()
    await allSettled(usedOpened, { scope, params: 12 })
    await allSettled(removeConfirmed, { scope, params: LINKED.project[0]! })
    expect(calls.remove).toHaveBeenCalledWith(LINKED.project[0])
    expect(calls.fetch).toHaveBeenCalledTimes(4)
    expect(toasts).toEqual([{ kind: 'success', key: 'used.removed' }])
  })
})

describe('adding a link', () => {
  test("short text offers this project's documents (not itself, not one linked already), or this project", async () => {
    const { scope, calls } = setup()
    await allSettled(choicesRequested, { scope, params: 3 })
    await allSettled(usedOpened, { scope, params: 12 })
    await allSettled(addOpened, { scope })
    expect(scope.getState($adding)).toBe(true)
    expect(scope.getState($candidates)).toEqual([{ id: 15, title: 'D-102 - Wall section' }])
    await allSettled(searchChanged, { scope, params: 'xx' })
    expect(scope.getState($candidates)).toEqual([])
    await allSettled(kindChosen, { scope, params: 'project' })
    await allSettled(searchChanged, { scope, params: '' })
    expect(scope.getState($candidates)).toEqual([{ id: 3, title: 'P-12 - Harbour bridge' }])
    expect(calls.search).not.toHaveBeenCalled()
  })

  test('3 or more characters search the kind once typing pauses; what is linked already is left out', async () => {
    const { scope, calls } = setup()
    await allSettled(usedOpened, { scope, params: 12 })
    await allSettled(addOpened, { scope })
    const started = Date.now()
    await Promise.all([allSettled(searchChanged, { scope, params: 'roo' }), allSettled(searchChanged, { scope, params: 'roof' })])
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 20)
    expect(calls.search.mock.calls.map(([params]) => params)).toEqual([{ kind: 'document', text: 'roof' }])
    expect(scope.getState($candidates)).toEqual([{ id: 40, title: 'document hit for roof' }])
    await allSettled(kindChosen, { scope, params: 'project' })
    expect(calls.search.mock.calls.at(-1)![0]).toEqual({ kind: 'project', text: 'roof' })
    expect(scope.getState($candidates)).toEqual([
      { id: 50, title: 'project hit for roof' },
      { id: 14, title: 'D-101 - Roof plan' },
    ])
  })

  test('the chosen one is linked from this document; the dialog closes and the lists are read again', async () => {
    const { scope, calls, toasts } = setup()
    await allSettled(choicesRequested, { scope, params: 3 })
    await allSettled(usedOpened, { scope, params: 12 })
    await allSettled(addOpened, { scope })
    // Nothing chosen, or something not offered: nothing is sent.
    await allSettled(addSubmitted, { scope })
    await allSettled(candidateChosen, { scope, params: 14 })
    await allSettled(addSubmitted, { scope })
    expect(calls.add).not.toHaveBeenCalled()
    await allSettled(candidateChosen, { scope, params: 15 })
    expect(scope.getState($chosen)).toBe(15)
    await allSettled(addSubmitted, { scope })
    expect(calls.add).toHaveBeenCalledWith({ folderId: 12, kind: 'document', id: 15 })
    expect(scope.getState($adding)).toBe(false)
    expect(calls.fetch).toHaveBeenCalledTimes(4)
    expect(toasts).toEqual([{ kind: 'success', key: 'used.added' }])
  })

  test('a refusal stays in the dialog, in our words (a reason the page does not know is not shown in English)', async () => {
    let refusal = new ApiError('Link already exists', 409)
    const { scope } = setup({
      add: async () => {
        throw refusal
      },
    })
    await allSettled(choicesRequested, { scope, params: 3 })
    await allSettled(usedOpened, { scope, params: 12 })
    await allSettled(addOpened, { scope })
    await allSettled(candidateChosen, { scope, params: 15 })
    await allSettled(addSubmitted, { scope })
    expect(scope.getState($adding)).toBe(true)
    expect(scope.getState($addError)).toEqual({ key: 'used.duplicate' })
    refusal = new ApiError('This needs VIEW access to the project', 403)
    await allSettled(addSubmitted, { scope })
    expect(scope.getState($addError)).toEqual({ key: 'used.addFailed', detail: undefined })
    refusal = new ApiError('Internal error', 500)
    await allSettled(addSubmitted, { scope })
    expect(scope.getState($addError)).toEqual({ key: 'used.addFailed', detail: undefined })
  })
})
