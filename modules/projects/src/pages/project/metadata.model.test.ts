import { ApiError } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { copyProjectFx, deleteProjectFx, fetchProjectFx, setBillingFx } from '../../api'
import { type Notice, notifyFx } from '../../notify'
import { $deleteRefusal, askFx, billingToggled, copyClicked, deleteClicked, leaveFx, openCopyFx } from './metadata.model'
import { $project, projectOpened, visibleTabs } from './model'

const level = (administer: boolean) => ({ level: administer ? 'ADMINISTER' : 'EDIT', view: true, download: true, edit: true, administer }) as Project['accessLevel']
const project = (changes: Partial<Project> = {}) => ({ id: 5, name: 'Crane', symbol: 'P-5', shouldNotifyBilling: false, accessLevel: level(false), ...changes }) as Project

const setup = (loaded: Project, extra: [any, any][] = []) => {
  const calls: { billing: unknown[]; deleted: number[]; copied: number[]; asked: string[]; left: number; opened: number[]; notices: Notice[] } = {
    billing: [],
    deleted: [],
    copied: [],
    asked: [],
    left: 0,
    opened: [],
    notices: [],
  }
  const scope = fork({
    handlers: [
      [fetchProjectFx, async () => loaded],
      [setBillingFx, async (params: { shouldNotifyBilling: boolean }) => { calls.billing.push(params); return { ...loaded, ...params } }],
      [deleteProjectFx, async (id: number) => { calls.deleted.push(id); return loaded }],
      [copyProjectFx, async (id: number) => { calls.copied.push(id); return { ...loaded, id: 77 } }],
      [askFx, async (key: string) => { calls.asked.push(key); return true }],
      [leaveFx, () => void calls.left++],
      [openCopyFx, (id: number) => void calls.opened.push(id)],
      [notifyFx, (notice: Notice) => void calls.notices.push(notice)],
      ...extra,
    ],
  })
  return { scope, calls }
}

describe('the metadata tab', () => {
  test('the billing switch saves at once', async () => {
    const { scope, calls } = setup(project())
    await allSettled(projectOpened, { scope, params: 5 })
    await allSettled(billingToggled, { scope, params: true })
    expect(calls.billing).toEqual([{ id: 5, shouldNotifyBilling: true }])
    expect(scope.getState($project)?.shouldNotifyBilling).toBe(true)
  })

  test('the billing switch does nothing while the value is still unset', async () => {
    const { scope, calls } = setup(project({ shouldNotifyBilling: null }))
    await allSettled(projectOpened, { scope, params: 5 })
    await allSettled(billingToggled, { scope, params: true })
    expect(calls.billing).toEqual([])
  })

  test('delete asks "Are you sure you want to do this?" first, then leaves for the list', async () => {
    const { scope, calls } = setup(project())
    await allSettled(projectOpened, { scope, params: 5 })
    await allSettled(deleteClicked, { scope })
    expect(calls.asked).toEqual(['delete.confirm'])
    expect(calls.deleted).toEqual([5])
    expect(calls.left).toBe(1)
  })

  test("a 409 shows the API's reason and stays", async () => {
    const refused = new ApiError('This project has content and cannot be deleted', 409)
    const { scope, calls } = setup(project(), [[deleteProjectFx, async () => Promise.reject(refused)]])
    await allSettled(projectOpened, { scope, params: 5 })
    await allSettled(deleteClicked, { scope })
    expect(scope.getState($deleteRefusal)).toBe('This project has content and cannot be deleted')
    expect(calls.left).toBe(0)
    expect(calls.notices).toEqual([])
  })

  test('a copy opens the new project', async () => {
    const { scope, calls } = setup(project())
    await allSettled(projectOpened, { scope, params: 5 })
    await allSettled(copyClicked, { scope })
    expect(calls.copied).toEqual([5])
    expect(calls.opened).toEqual([77])
  })

  test('the Users tab is for those who administer the project', () => {
    expect(visibleTabs(project())).toEqual(['dashboard', 'metadata', 'comments'])
    expect(visibleTabs(project({ accessLevel: level(true) }))).toEqual(['dashboard', 'metadata', 'comments', 'users'])
  })
})
