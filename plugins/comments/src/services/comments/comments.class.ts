/**
 * Comments on things of other modules (projects, and documents' notes; companies later). Which
 * things exist, who may read their comments (and so add one) and who administers them
 * (and so changes or removes anyone's) is asked of the thing's owner through the kit's
 * `commentTargets`; a module nobody contributes is not found. The author and the dates
 * are the server's.
 */
import { Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, CommentTarget } from '@app/plugin-kit'
import { TableService, commentTargets, currentUser, eventTypeOf, nowIso, recordProjectChange, routeId } from '@app/plugin-kit'
import { COMMENT_MESSAGES, type Comment, type CommentData, type CommentPage, type CommentQuery, commentSchema } from './comments.schema'
import { commentsPath, thingCommentsPath } from './comments.shared'

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 500
/** How much of a comment the project event log's subject quotes. */
const SUBJECT_LENGTH = 100

const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)

interface CommentRow {
  id: number
  account_id: number
  module: string
  module_id: number
  content: string
  author_id: number | null
  created_at: string
  changed_at: string | null
  changed_by: number | null
}

const targetOf = (app: Application, module: unknown): CommentTarget => {
  const target = typeof module === 'string' ? app.get('extensions').all(commentTargets).find((t) => t.module === module) : undefined
  if (!target) throw notFound(module)
  return target
}

/** The account a call works in: the tenant scope's stamp (a caller's current account). */
const accountOf = (params: AppParams) => params.tenant?.accountId ?? currentUser(params).accountId

/** Rows → API comments, with the names of their authors and last editors in one query. */
const present = async (app: Application, params: AppParams, rows: CommentRow[], administer: boolean): Promise<Comment[]> => {
  const caller = currentUser(params)
  const ids = rows.flatMap((row) => [row.author_id, row.changed_by]).filter((id): id is number => id !== null).map(Number)
  const people = await app.get('core').membersById(accountOf(params), ids)
  const person = (id: number | null) => {
    const member = id === null ? undefined : people.get(Number(id))
    return member ? { id: member.userId, firstName: member.firstName, lastName: member.lastName, username: member.username } : null
  }
  return rows.map((row) => {
    const owner = row.author_id !== null && Number(row.author_id) === caller.id
    return {
      id: Number(row.id),
      module: row.module,
      moduleId: Number(row.module_id),
      content: row.content,
      author: person(row.author_id),
      owner,
      canEdit: owner || administer,
      date: row.created_at,
      creationDate: row.created_at,
      changeDate: row.changed_at,
      changedBy: person(row.changed_by),
    }
  })
}

/** A comment's change, for the event log of the project its thing belongs to (if it belongs to one). */
const logChange = async (app: Application, params: AppParams, target: CommentTarget, row: CommentRow, path: string, method: string, eventName: string) => {
  const accountId = accountOf(params)
  const projectId = await target.projectOf?.(app, accountId, Number(row.module_id))
  if (projectId === undefined) return
  const subject = row.content.replace(/\s+/g, ' ').trim()
  await recordProjectChange(app, {
    accountId,
    projectId,
    userId: params.user?.id ?? null,
    eventType: eventTypeOf(path, method),
    eventName,
    subject: subject.length > SUBJECT_LENGTH ? `${subject.slice(0, SUBJECT_LENGTH - 1)}…` : subject,
  })
}

/** GET and POST /comments/:module/:moduleId: a thing's comments, newest first, and a new one. */
export class ThingCommentsService {
  constructor(private readonly app: Application) {}

  /** The thing the path names, and the caller's rights on it (404 unknown or not theirs, 403 below reading). */
  private async thing(params: AppParams) {
    currentUser(params)
    const target = targetOf(this.app, params.route?.module)
    const moduleId = routeId(params, 'moduleId')
    const { administer } = await target.access(this.app, params, moduleId)
    return { target, module: target.module, moduleId, administer }
  }

  async find(params: AppParams<CommentQuery>): Promise<CommentPage> {
    const { module, moduleId, administer } = await this.thing(params)
    const limit = Math.min(params.query?.$limit ?? DEFAULT_LIMIT, MAX_LIMIT)
    const skip = params.query?.$skip ?? 0
    const knex = this.app.get('knex')
    const comments = () => knex('comments').where({ account_id: accountOf(params), module, module_id: moduleId })
    const [count] = await comments().count({ total: '*' })
    // Newest first, by id: the (account_id, module, module_id, id) index serves the page.
    const rows: CommentRow[] = limit ? await comments().orderBy('id', 'desc').limit(limit).offset(skip).select('*') : []
    return { total: Number(count?.total ?? 0), limit, skip, data: await present(this.app, params, rows, administer) }
  }

  async create(data: CommentData, params: AppParams): Promise<Comment> {
    const { target, module, moduleId, administer } = await this.thing(params)
    const knex = this.app.get('knex')
    const row = {
      account_id: accountOf(params),
      module,
      module_id: moduleId,
      content: data.content,
      author_id: currentUser(params).id,
      created_at: nowIso(),
      changed_at: null,
      changed_by: null,
    }
    const [id] = await knex('comments').insert(row)
    const made = { ...row, id: Number(id) }
    await logChange(this.app, params, target, made, thingCommentsPath, 'create', 'Created')
    return (await present(this.app, params, [made], administer))[0]!
  }
}

/** PUT and DELETE /comments/:commentId: its author, or an administrator of its thing. */
export class CommentsService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'comments', result: commentSchema })
  }

  /** The comment (of the caller's account, else 404) and the caller's rights on it (403 unless its author or an administrator). */
  private async editable(id: unknown, params: AppParams) {
    const caller = currentUser(params)
    const numeric = Number(id)
    const row: CommentRow | undefined =
      typeof id !== 'boolean' && Number.isSafeInteger(numeric) && numeric > 0
        ? await this.Model('comments').where({ id: numeric, account_id: accountOf(params) }).first()
        : undefined
    if (!row) throw notFound(id)
    const target = targetOf(this.app, row.module)
    const { administer } = await target.access(this.app, params, Number(row.module_id))
    if (!administer && Number(row.author_id) !== caller.id) throw new Forbidden(COMMENT_MESSAGES.notYours)
    return { row, target, administer }
  }

  override async _update(id: any, data: any, params?: any): Promise<any> {
    const { row, target, administer } = await this.editable(id, params ?? {})
    const changes = { content: (data as CommentData).content, changed_at: nowIso(), changed_by: currentUser(params).id }
    await this.Model('comments').where({ id: row.id, account_id: row.account_id }).update(changes)
    const changed = { ...row, ...changes }
    await logChange(this.app, params, target, changed, commentsPath, 'update', 'Saved')
    return (await present(this.app, params, [changed], administer))[0]
  }

  override async _remove(id: any, params?: any): Promise<any> {
    const { row, target, administer } = await this.editable(id, params ?? {})
    await this.Model('comments').where({ id: row.id, account_id: row.account_id }).delete()
    await logChange(this.app, params, target, row, commentsPath, 'remove', 'Removed')
    return (await present(this.app, params, [row], administer))[0]
  }
}
