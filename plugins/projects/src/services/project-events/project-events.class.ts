/**
 * GET /projects/:projectId/events: the project's event log, newest first, paged, with the
 * names of who made each change (asked of core in one batch). The project scope has
 * checked the caller's level (ADMINISTER) before this runs.
 */
import type { AppParams, Application, ProjectChangeLog } from '@app/plugin-kit'
import { nowIso } from '@app/plugin-kit'
import type { Knex } from 'knex'
import type { ProjectEventPage, ProjectEventQuery } from './project-events.schema'

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 500

/** The projects plugin's change log: one row per change, in the project's account. */
export const projectEventLog = (knex: Knex): ProjectChangeLog => ({
  async record(change) {
    // One statement that records nothing once the project is gone (its own removal, a race with one).
    await knex.raw(
      'insert into project_events (account_id, project_id, modified_by, event_type, event_name, subject, created_at) ' +
        'select account_id, id, ?, ?, ?, ?, ? from projects where id = ? and account_id = ?',
      [change.userId, change.eventType.slice(0, 200), change.eventName.slice(0, 100), change.subject.slice(0, 300), nowIso(), change.projectId, change.accountId],
    )
  },
})

export class ProjectEventsService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams<ProjectEventQuery>): Promise<ProjectEventPage> {
    const projectId = params.project!.id
    const accountId = params.tenant?.accountId ?? params.user!.accountId
    const limit = Math.min(params.query?.$limit ?? DEFAULT_LIMIT, MAX_LIMIT)
    const skip = params.query?.$skip ?? 0
    const knex = this.app.get('knex')
    const events = () => knex('project_events').where({ project_id: projectId, account_id: accountId })
    const [count] = await events().count({ total: '*' })
    // The (project_id, id) index serves the page: the newest first, by id.
    const rows = limit ? await events().orderBy('id', 'desc').limit(limit).offset(skip).select('id', 'modified_by', 'event_type', 'event_name', 'subject', 'created_at') : []
    const people = await this.app.get('core').membersById(accountId, rows.filter((r) => r.modified_by !== null).map((r) => Number(r.modified_by)))
    return {
      total: Number(count?.total ?? 0),
      limit,
      skip,
      data: rows.map((row) => {
        const person = row.modified_by === null ? undefined : people.get(Number(row.modified_by))
        return {
          id: Number(row.id),
          modifiedBy: person ? { id: person.userId, firstName: person.firstName, lastName: person.lastName, username: person.username } : null,
          eventType: row.event_type,
          eventName: row.event_name,
          subject: row.subject,
          creationDate: row.created_at,
        }
      }),
    }
  }
}
