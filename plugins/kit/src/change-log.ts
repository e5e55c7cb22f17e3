/**
 * The project event log's writer side (spec part2 §3 "Project event"): after a write of a
 * project's rows succeeds, every `projectChangeLogs` contributor hears of it. The project
 * scope calls it for every project-scoped service; a service of another scope whose rows
 * are a project's own (the projects service itself) adds `logProjectChanges`.
 */
import type { NextFunction } from '@feathersjs/feathers'
import { type ProjectChange, projectChangeLogs } from './extensions'
import type { AppParams, Application, HookContext } from './types'

/** The methods that change rows, and the event name each records. */
export const CHANGE_EVENT_NAMES: Readonly<Record<string, string>> = { create: 'Created', update: 'Saved', patch: 'Changed', remove: 'Removed' }

const SUBJECT_MAX = 300
const EVENT_TYPE_MAX = 200

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

/**
 * What a change is about, in a line: a row's "symbol - name", else its name, title, number,
 * person, username, key (a timeline bubble) or "#id". A list (a PUT of a project's users) names its first row and how many.
 */
export const subjectOf = (result: unknown): string => {
  if (Array.isArray(result)) return result.length ? `${subjectOf(result[0])}${result.length > 1 ? ` (+${result.length - 1})` : ''}` : ''
  if (!result || typeof result !== 'object') return ''
  const row = result as Record<string, unknown>
  const symbol = text(row.symbol)
  const name = text(row.name) ?? text(row.title)
  const person = [text(row.firstName), text(row.lastName)].filter(Boolean).join(' ') || undefined
  const subject = symbol && name ? `${symbol} - ${name}` : (name ?? symbol ?? text(row.number) ?? person ?? text(row.username) ?? text(row.key) ?? (row.id !== undefined ? `#${String(row.id)}` : ''))
  return subject.slice(0, SUBJECT_MAX)
}

/** The event type of a call: the service's path and method, e.g. `projects/:projectId/users create`. */
export const eventTypeOf = (path: string, method: string) => `${path} ${method}`.slice(-EVENT_TYPE_MAX)

/**
 * Tells every change log of the change. A log that fails is logged, not thrown: the write
 * it records has happened, and its caller must hear that it did.
 */
export const recordProjectChange = async (app: Application, change: ProjectChange) => {
  for (const log of app.get('extensions').all(projectChangeLogs)) {
    try {
      await log.record(change)
    } catch (error) {
      app.get('logger')?.error({ err: error, projectId: change.projectId, eventType: change.eventType }, 'Recording a project change failed')
    }
  }
}

/** The change a finished call made, or undefined for a call that changes nothing. */
export const changeOf = (context: HookContext, path: string, accountId: number, projectId: number): ProjectChange | undefined => {
  const eventName = CHANGE_EVENT_NAMES[context.method]
  const params = context.params as AppParams
  // A create replayed for its Idempotency-Key changed nothing this time (the first call was recorded), nor did a write that says so.
  if (!eventName || context.http?.headers?.['Idempotent-Replayed'] || params.unchanged) return undefined
  return { accountId, projectId, userId: params.user?.id ?? null, eventType: eventTypeOf(path, context.method), eventName, subject: subjectOf(context.result) }
}

/**
 * For a service whose rows are projects' own but which is not project-scoped (the projects
 * service is tenant-scoped): records its successful writes of the methods given, each on
 * the project `projectIdOf` reads from the call (its id, its result).
 */
export const logProjectChanges =
  (path: string, methods: readonly string[], projectIdOf: (context: HookContext) => unknown = (context) => context.id) =>
  async (context: HookContext, next: NextFunction) => {
    await next()
    if (!methods.includes(context.method)) return
    const params = context.params as AppParams
    const accountId = params.tenant?.accountId ?? params.user?.accountId
    const projectId = Number(projectIdOf(context))
    if (accountId === undefined || !Number.isSafeInteger(projectId) || projectId < 1) return
    const change = changeOf(context, path, accountId, projectId)
    if (change) await recordProjectChange(context.app, change)
  }
