import { ApiError } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { PAGE_SIZE, fetchChecklistsFx, fetchProjectFx } from '../../api'
import { project, summary } from '../../test/fixtures'
import { $listFailed, $loadError, $page, $project, listOpened, listRetried, pageChosen } from './model'

const setup = (handlers: { project?: () => Promise<unknown>; list?: (query: { projectId: number; skip: number }) => Promise<unknown> } = {}) => {
  const calls = {
    project: vi.fn(handlers.project ?? (async () => project('VIEW'))),
    list: vi.fn(handlers.list ?? (async ({ skip }: { skip: number }) => ({ total: 60, limit: PAGE_SIZE, skip, data: [summary(1), summary(2, { status: 'COMPLETE', itemCount: 12, doneCount: 7 })] }))),
  }
  const scope = fork({ handlers: [[fetchProjectFx, calls.project], [fetchChecklistsFx, calls.list]] as never })
  return { scope, ...calls }
}

describe("a project's checklists", () => {
  test('the first page with the project, then the next page by how many come before it', async () => {
    const { scope, list } = setup()
    await allSettled(listOpened, { scope, params: 7 })
    expect(list).toHaveBeenCalledWith({ projectId: 7, skip: 0 })
    expect(scope.getState($project)?.id).toBe(7)
    expect(scope.getState($page)?.data.map((row) => row.id)).toEqual([1, 2])
    await allSettled(pageChosen, { scope, params: PAGE_SIZE })
    expect(list).toHaveBeenLastCalledWith({ projectId: 7, skip: PAGE_SIZE })
    expect(scope.getState($page)?.skip).toBe(PAGE_SIZE)
  })

  test('a missing project is not found; too low a level is the 403; a failed list offers Retry', async () => {
    const missing = setup({ project: async () => Promise.reject(new ApiError("No record found for id '7'", 404)) })
    await allSettled(listOpened, { scope: missing.scope, params: 7 })
    expect(missing.scope.getState($loadError)).toBe('notFound')
    const refused = setup({ list: async () => Promise.reject(new ApiError('This needs VIEW access to the project', 403)) })
    await allSettled(listOpened, { scope: refused.scope, params: 7 })
    expect(refused.scope.getState($loadError)).toBe('forbidden')
    let fail = true
    const failing = setup({ list: async ({ skip }) => (fail ? Promise.reject(new ApiError('Boom', 500)) : { total: 0, limit: PAGE_SIZE, skip, data: [] }) })
    await allSettled(listOpened, { scope: failing.scope, params: 7 })
    expect(failing.scope.getState($listFailed)).toBe(true)
    expect(failing.scope.getState($loadError)).toBeNull()
    fail = false
    await allSettled(listRetried, { scope: failing.scope })
    expect(failing.scope.getState($listFailed)).toBe(false)
    expect(failing.scope.getState($page)?.total).toBe(0)
  })
})
