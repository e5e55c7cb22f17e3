import { ApiError, type DefinedModule, type EnabledModule } from '@app/module-kit'
import { expect, test, vi } from 'vitest'
import { searchFx } from './model'

const module = (id: string, search: boolean) => ({ id, remote: id, search }) as EnabledModule

test('asks only the modules that offer search and keeps what the others answered when one fails', async () => {
  const load = vi.fn(async (remote: string) => {
    if (remote === 'broken') throw new Error('Module could not be loaded')
    return {
      search: async (query: string) => [{ id: remote, label: remote, items: [{ id: '1', title: `${query} in ${remote}`, href: `/${remote}/1` }] }],
    } as unknown as DefinedModule
  })
  const results = await searchFx({ query: 'abc', modules: [module('project', true), module('core', false), module('broken', true)], load })
  expect(load).toHaveBeenCalledTimes(2)
  expect(results.groups).toEqual([{ id: 'project', label: 'project', items: [{ id: '1', title: 'abc in project', href: '/project/1' }] }])
  expect(results.partial).toBe(true)
})

const refusing = (remote: string) =>
  ({
    search: async () => {
      throw new ApiError(`${remote}: You do not have permission to do this`, 403)
    },
  }) as unknown as DefinedModule

test('a caller every searching module refuses is told they have nothing to search, not that results failed', async () => {
  const results = await searchFx({ query: 'abc', modules: [module('companies', true)], load: async (remote) => refusing(remote) })
  expect(results).toEqual({ query: 'abc', groups: [], partial: false, noRights: true })
})

test('one module refusing while another answers is neither a failure nor "no rights"', async () => {
  const load = async (remote: string) =>
    remote === 'companies'
      ? refusing(remote)
      : ({ search: async () => [{ id: remote, label: remote, items: [] }] } as unknown as DefinedModule)
  const results = await searchFx({ query: 'abc', modules: [module('companies', true), module('projects', true)], load })
  expect(results.partial).toBe(false)
  expect(results.noRights).toBe(false)
  expect(results.groups.map((group) => group.id)).toEqual(['projects'])
})
