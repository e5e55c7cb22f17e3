/**
 * The tree view of /projects (spec part2 §2 "company project list and tree view"): the
 * projects without a parent (of the client in `?companyId=`, if any), each opened on demand
 * to its sub-projects, a level at a time.
 */
import type { Project } from '@app/plugin-projects/shared'
import { createEvent, createStore, sample } from 'effector'
import { fetchTreeLevelFx } from '../../api'

export const ROOT = 'root'
export type NodeKey = number | typeof ROOT

export const treeOpened = createEvent<{ companyId: number | null }>()
export const nodeToggled = createEvent<number>()
export const treeRetried = createEvent()

const $companyId = createStore<number | null>(null).on(treeOpened, (_, { companyId }) => companyId)
/** Each level asked for so far, by its parent (ROOT for the top). */
export const $levels = createStore<Record<string, Project[]>>({})
  .on(fetchTreeLevelFx.done, (levels, { params, result }) => ({ ...levels, [String(params.parentId ?? ROOT)]: result }))
  .reset(treeOpened)
export const $expanded = createStore<number[]>([])
  .on(nodeToggled, (open, id) => (open.includes(id) ? open.filter((x) => x !== id) : [...open, id]))
  .reset(treeOpened)
export const $treeFailed = createStore(false).on(fetchTreeLevelFx.fail, () => true).reset(fetchTreeLevelFx, treeOpened)

sample({
  clock: [treeOpened, treeRetried],
  source: $companyId,
  fn: (companyId) => ({ parentId: null, companyId: companyId ?? undefined }),
  target: fetchTreeLevelFx,
})
// Opening a project asks for its sub-projects once; closing it keeps them.
sample({
  clock: nodeToggled,
  source: { levels: $levels, expanded: $expanded },
  filter: ({ levels, expanded }, id) => expanded.includes(id) && !levels[String(id)],
  fn: (_, id) => ({ parentId: id }),
  target: fetchTreeLevelFx,
})
