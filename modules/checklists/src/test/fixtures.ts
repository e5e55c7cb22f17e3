/** Sample answers of the API for the checklists' model tests. */
import type { Checklist, ChecklistItem, ChecklistSummary } from '@app/plugin-checklists/shared'
import type { Project } from '@app/plugin-projects/shared'

const flags = { VIEW: [true, false, false], EDIT: [true, true, false], ADMINISTER: [true, true, true] } as const

export const project = (level: keyof typeof flags = 'ADMINISTER', id = 7) => {
  const [view, edit, administer] = flags[level]
  return { id, name: 'Harbour bridge', symbol: 'HB-7', accessLevel: { level, view, download: view, edit, administer } } as unknown as Project
}

export const item = (id: number, sortOrder: number, extra: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  checklistId: 3,
  name: `Item ${id}`,
  sortOrder,
  done: false,
  doneAt: null,
  doneBy: null,
  responsibleUser: null,
  dueDate: null,
  ...extra,
})

export const summary = (id: number, extra: Partial<ChecklistSummary> = {}): ChecklistSummary => ({
  id,
  title: `Checklist ${id}`,
  description: 'Weekly walk-through',
  status: 'OPEN',
  sortOrder: id,
  parentChecklistId: null,
  parentId: 7,
  parentType: 'project',
  folderId: null,
  responsibleUser: null,
  itemCount: 0,
  doneCount: 0,
  overdueCount: 0,
  childCount: 0,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: null,
  changedAt: '2026-11-26T08:00:00.000Z',
  ...extra,
})

/** Checklist 3 of project 7 with its items in the order given (ids). */
export const checklist = (ids: number[] = [11, 12, 13], extra: Partial<Checklist> = {}): Checklist => ({
  ...summary(3, { title: 'Fire safety', itemCount: ids.length }),
  folder: null,
  checklistItems: ids.map((id, index) => item(id, index + 1)),
  ...extra,
})
