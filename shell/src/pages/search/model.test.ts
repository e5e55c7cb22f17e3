import type { DefinedModule, EnabledModule } from '@app/module-kit'
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
