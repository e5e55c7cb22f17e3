/**
 * The project dashboard's calls: the document groups its tiles are made of (the projects
 * plugin's GET /projects/{id}/foldertypes), the status boxes (GET /dashboard?projectId=)
 * the project status timeline (GET /dashboard/time-line, POST/DELETE a bubble's mark) and,
 * with the checklist module on, the Task Tracker tile's page of the project's checklists
 * (the checklists plugin's GET /checklists/project/{id}, paged by the server).
 */
import { apiRequest } from '@app/module-kit'
import { CHECKLIST_PAGE, type ChecklistPage, checklistUrls } from '@app/plugin-checklists/shared'
import { type ProjectStatus, type TimelineMark, projectStatusUrl, projectUrl, timelineMarkUrl, timelineUrl } from '@app/plugin-projects/shared'
import { createEffect } from 'effector'

/** A folder (document) on a tile, as the groups call gives it. */
export interface TileItem {
  id: number
  name: string
  symbol: string | null
}

/** One document group: an active document type of the account with the project's folders of that type. */
export interface DocumentGroup {
  id: number
  name: string
  /** `Skyview` groups become the skymap tile; a `Checklist` group's place is the Task Tracker's (with the checklist module on). */
  typeId: string
  folders: TileItem[]
}

export const fetchGroupsFx = createEffect((projectId: number) => apiRequest<DocumentGroup[]>('GET', `${projectUrl(projectId)}/foldertypes`))

/** The Task Tracker tile's page size (spec part2 §9: 4). */
export const TRACKER_PAGE_SIZE = CHECKLIST_PAGE.tile

/** One page of the project's checklists (their titles, statuses and progress), `skip` from the first. */
export const fetchTrackerFx = createEffect(({ projectId, skip }: { projectId: number; skip: number }) =>
  apiRequest<ChecklistPage>('GET', checklistUrls.ofProject(projectId), { query: { $limit: TRACKER_PAGE_SIZE, $skip: skip } }),
)

/** The status boxes' counts by key; a box nobody counts yet is absent. */
export type StatusCounts = Partial<Record<string, number>>

/** GET /dashboard?projectId=: the project's boxes and the caller's own; while no module counts them (`counted` false), none. */
export const statusCountsOf = (answer: Pick<ProjectStatus, 'counted' | 'boxes' | 'personal'>): StatusCounts =>
  answer.counted ? { ...answer.boxes, ...answer.personal } : {}

export const fetchStatusBoxesFx = createEffect(async (projectId: number): Promise<StatusCounts> =>
  statusCountsOf(await apiRequest<ProjectStatus>('GET', projectStatusUrl(projectId))),
)

export const BUBBLES = ['start', 'end', 'delivery', 'inspection', 'shipment'] as const
export type Bubble = (typeof BUBBLES)[number]
export type Progress = 'NONE' | 'PARTIAL' | 'FULL'

/** What the timeline draws: the project's dates (epoch ms) and how far each bubble has got. */
export interface TimelineData {
  dates: Record<Bubble, number | null>
  progress: Record<Bubble, Progress>
}

interface TimelineAnswer {
  startDate?: number | null
  endDate?: number | null
  deliveryDate?: number | null
  inspectionDate?: number | null
  shipmentDate?: number | null
  /** The bubbles' marks, one per key at most; a bubble without one is NONE. */
  marks?: Pick<TimelineMark, 'key' | 'progress'>[]
}

const DATE_FIELDS: Record<Bubble, keyof TimelineAnswer> = {
  start: 'startDate',
  end: 'endDate',
  delivery: 'deliveryDate',
  inspection: 'inspectionDate',
  shipment: 'shipmentDate',
}

export const timelineOf = (answer: TimelineAnswer): TimelineData => {
  const marks = Object.fromEntries((answer.marks ?? []).map((mark) => [mark.key, mark.progress])) as Partial<Record<Bubble, Progress>>
  return {
    dates: Object.fromEntries(BUBBLES.map((bubble) => [bubble, (answer[DATE_FIELDS[bubble]] as number | null | undefined) ?? null])) as TimelineData['dates'],
    progress: Object.fromEntries(BUBBLES.map((bubble) => [bubble, marks[bubble] ?? 'NONE'])) as TimelineData['progress'],
  }
}

export const fetchTimelineFx = createEffect(async (projectId: number) =>
  timelineOf(await apiRequest<TimelineAnswer>('GET', timelineUrl(projectId))),
)

/** Sets a bubble's mark: PARTIAL or FULL is posted, NONE deletes the mark. */
export const markBubbleFx = createEffect(async ({ projectId, bubble, progress }: { projectId: number; bubble: Bubble; progress: Progress }) => {
  const path = timelineMarkUrl(projectId, bubble)
  if (progress === 'NONE') await apiRequest('DELETE', path)
  else await apiRequest('POST', path, { body: { progress } })
  return { bubble, progress }
})
