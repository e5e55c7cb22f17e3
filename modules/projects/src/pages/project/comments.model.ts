/**
 * The comments tab: the project's comments, a new one (not empty), and editing or removing
 * one's own — any, for the project's administrators (spec part2 §5, §7) — the kit's comment
 * thread on the API's `project` comments. Administrators also see the project's event log.
 */
import { createCommentsModel } from '@app/module-kit'
import { commentUrl, thingCommentsUrl } from '@app/plugin-comments/shared'
import { createEvent, createStore, sample } from 'effector'
import { type ProjectComment, type ProjectEvent, fetchEventsFx } from '../../api'
import { notifyFx } from '../../notify'

export const commentsOpened = createEvent<{ projectId: number; administer: boolean }>()

export const projectComments = createCommentsModel<ProjectComment>({
  threadUrl: (projectId) => thingCommentsUrl('project', projectId),
  commentUrl,
  notify: notifyFx.prepend(({ kind, key }) => ({ kind, key: `comments.${key}` })),
})
sample({ clock: commentsOpened, fn: ({ projectId }) => projectId, target: projectComments.opened })

// The event log: for administrators only (the API refuses anyone else).
const $projectId = createStore(0).on(commentsOpened, (_, { projectId }) => projectId)
export const $events = createStore<ProjectEvent[] | null>(null).on(fetchEventsFx.doneData, (_, events) => events).reset(commentsOpened)
export const $eventsFailed = createStore(false).on(fetchEventsFx.fail, () => true).reset(fetchEventsFx)
export const eventsRetried = createEvent()
sample({ clock: commentsOpened, filter: ({ administer }) => administer, fn: ({ projectId }) => projectId, target: fetchEventsFx })
sample({ clock: eventsRetried, source: $projectId, target: fetchEventsFx })
