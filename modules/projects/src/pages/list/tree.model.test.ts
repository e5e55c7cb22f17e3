import type { Project } from '@app/plugin-projects/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { fetchTreeLevelFx } from '../../api'
import { $expanded, $levels, nodeToggled, treeOpened } from './tree.model'

const project = (id: number) => ({ id, name: `P${id}`, symbol: `S-${id}` }) as Project

describe('the projects tree', () => {
  test('opens at the projects without a parent, and asks for a project’s sub-projects once, when first opened', async () => {
    const asked: unknown[] = []
    const scope = fork({
      handlers: [
        [
          fetchTreeLevelFx,
          async (params: { parentId: number | null }) => {
            asked.push(params)
            return params.parentId === null ? [project(1), project(2)] : [project(10)]
          },
        ],
      ],
    })
    await allSettled(treeOpened, { scope, params: { companyId: 4 } })
    expect(asked).toEqual([{ parentId: null, companyId: 4 }])
    await allSettled(nodeToggled, { scope, params: 1 })
    expect(asked.at(-1)).toEqual({ parentId: 1 })
    expect(scope.getState($levels)['1']?.map((p) => p.id)).toEqual([10])
    await allSettled(nodeToggled, { scope, params: 1 })
    await allSettled(nodeToggled, { scope, params: 1 })
    expect(asked).toHaveLength(2)
    expect(scope.getState($expanded)).toEqual([1])
  })
})
