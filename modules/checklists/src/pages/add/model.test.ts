import { ApiError, navigated } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { createChecklistFx, fetchProjectFx } from '../../api'
import { notifyFx } from '../../notify'
import { checklist, project } from '../../test/fixtures'
import { addForm, addOpened } from './model'

const setup = (create: () => Promise<unknown> = async () => checklist([])) => {
  const calls = { project: vi.fn(async () => project()), create: vi.fn(create), notify: vi.fn(), navigate: vi.fn() }
  const scope = fork({ handlers: [[fetchProjectFx, calls.project], [createChecklistFx, calls.create], [notifyFx, calls.notify], [addForm.scrollToFieldFx, () => undefined]] as never })
  const unwatch = navigated.watch(calls.navigate)
  return { scope, unwatch, ...calls }
}

const fill = async (scope: ReturnType<typeof fork>, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) await allSettled(addForm.fieldChanged, { scope, params: { name, value } })
}

describe('a new checklist', () => {
  test('starts OPEN, is sent for the project, and opens on its items', async () => {
    const { scope, create, notify, navigate, unwatch } = setup()
    await allSettled(addOpened, { scope, params: { projectId: 7, parentId: null } })
    expect(scope.getState(addForm.$values).status).toBe('OPEN')
    await fill(scope, { title: ' Fire safety ', description: 'Weekly walk-through' })
    await allSettled(addForm.submitted, { scope })
    expect(create).toHaveBeenCalledWith({ parentId: 7, parentType: 'project', title: 'Fire safety', description: 'Weekly walk-through', status: 'OPEN' })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'add.created' })
    expect(navigate).toHaveBeenCalledWith({ to: '/project/7/checklists/3/checklists', replace: undefined })
    unwatch()
  })

  test('opened under a checklist, it is sent as that one\'s sub-checklist', async () => {
    const { scope, create, unwatch } = setup()
    await allSettled(addOpened, { scope, params: { projectId: 7, parentId: 3 } })
    await fill(scope, { title: 'Electrical', description: 'Part of the handover' })
    await allSettled(addForm.submitted, { scope })
    expect(create).toHaveBeenCalledWith({ parentId: 7, parentType: 'project', title: 'Electrical', description: 'Part of the handover', status: 'OPEN', parentChecklistId: 3 })
    unwatch()
  })

  test('a title or description under 3 characters is not sent', async () => {
    const { scope, create, unwatch } = setup()
    await allSettled(addOpened, { scope, params: { projectId: 7, parentId: null } })
    await fill(scope, { title: 'ab', description: 'Weekly walk-through' })
    await allSettled(addForm.submitted, { scope })
    expect(create).not.toHaveBeenCalled()
    expect(scope.getState(addForm.$errors).title).toBeDefined()
    unwatch()
  })

  test("a failure says the spec's words; a field refusal stays on its field", async () => {
    const failing = setup(async () => Promise.reject(new ApiError('Boom', 500)))
    await allSettled(addOpened, { scope: failing.scope, params: { projectId: 7, parentId: null } })
    await fill(failing.scope, { title: 'Fire safety', description: 'Weekly walk-through', status: 'COMPLETE' })
    await allSettled(addForm.submitted, { scope: failing.scope })
    expect(failing.create).toHaveBeenCalledWith(expect.objectContaining({ status: 'COMPLETE' }))
    expect(failing.scope.getState(addForm.$submitError)).toBe('checklists:add.failed')
    failing.unwatch()
    const refused = setup(async () => Promise.reject(new ApiError('Invalid', 400, { title: 'You must enter at least 3 characters' })))
    await allSettled(addOpened, { scope: refused.scope, params: { projectId: 7, parentId: null } })
    await fill(refused.scope, { title: 'Fire safety', description: 'Weekly walk-through' })
    await allSettled(addForm.submitted, { scope: refused.scope })
    expect(refused.scope.getState(addForm.$errors).title).toBeDefined()
    refused.unwatch()
  })
})
