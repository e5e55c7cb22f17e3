/**
 * Links between things of two modules (spec part1 §3 "Link between modules: from, fromId,
 * to", §7 the /links calls): which things exist, their labels, routes and projects are
 * asked of their owners through the kit's `linkTargets`, so this plugin reads only its own
 * table. A link reads the same from both ends. Who may do what is the caller's level on the
 * projects of the two ends, as the kit's access resolver answers it (the one the project
 * scope asks): reading an item's links needs VIEW on the item's project and lists only
 * the other ends on projects the caller holds VIEW on (one SQL filter, whereProjectAccess);
 * making or removing one needs EDIT on the `from` end's project and VIEW on the other's.
 * Things of another account, or none, are not found (404), exactly like missing ones.
 */
import type { AccessLevel, AppParams, Application, AuthUser, LinkTarget, LinkedItem } from '@app/plugin-kit'
import { TableService, accessRank, currentUser, isUniqueViolation, linkTargets, moduleEnabled, nowIso, validationError, whereProjectAccess } from '@app/plugin-kit'
import { Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { LINK_MESSAGES, type Link, type LinkData, type LinkPage, type LinkQuery, linkSchema } from './links.schema'

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 500

export interface LinkRow {
  id: number
  account_id: number
  from_module: string
  from_id: number
  to_module: string
  to_id: number
  created_at: string
  created_by: number | null
}

/** One end of a link: a module and the id of one of its things. */
export interface LinkEnd {
  module: string
  id: number
}

const notFound = (id: unknown) => new NotFound(`No record found for id '${String(id)}'`)
const needs = (level: AccessLevel) => new Forbidden(`This needs ${level} access to the project`)
const duplicate = () => new Conflict(LINK_MESSAGES.duplicate, { errors: { toId: LINK_MESSAGES.duplicate } })

/** A positive id from a path, or undefined (then nothing is found, as for a missing row). */
const idOf = (value: unknown) => {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : typeof value === 'number' ? value : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** The account a call works in: the tenant scope's stamp (the caller's current account). */
const accountOf = (params: AppParams) => params.tenant?.accountId ?? currentUser(params).accountId

/** The contribution for a module, if one is installed. */
export const targetOf = (app: Application, module: unknown): LinkTarget | undefined =>
  typeof module === 'string' ? app.get('extensions').all(linkTargets).find((target) => target.module === module) : undefined

/** The targets the fields name; a 400 naming every field whose module nobody installed. */
const targetsNamed = <F extends string>(app: Application, fields: Record<F, unknown>): Record<F, LinkTarget> => {
  const found = {} as Record<F, LinkTarget>
  const errors: Record<string, string> = {}
  for (const field of Object.keys(fields) as F[]) {
    const target = targetOf(app, fields[field])
    if (target) found[field] = target
    else errors[field] = LINK_MESSAGES.unknownModule
  }
  if (Object.keys(errors).length) throw validationError(errors)
  return found
}

/** 403, as the module switch answers, when the account has the end's module off. */
const assertModuleOn = (user: AuthUser, target: LinkTarget) => {
  if (!moduleEnabled(user, target.tenantModule)) throw new Forbidden(`Module ${target.tenantModule} is not enabled for this account`)
}

/** One thing of the account, or 404. */
const itemOf = async (app: Application, accountId: number, target: LinkTarget, id: number): Promise<LinkedItem> => {
  const item = (await target.find(app, accountId, [id])).get(id)
  if (!item) throw notFound(id)
  return item
}

/** Whether the caller holds at least `level` on the item's project (the item is of their current account). */
const holds = async (app: Application, user: AuthUser, item: LinkedItem, level: AccessLevel) =>
  accessRank(await app.get('access').projectLevel(user, item.projectId)) >= accessRank(level)

/** The pair as the table keeps it: the end whose module, then id, sorts first is `from` (so a pair is one row, whichever end it was made from). */
export const stored = (a: LinkEnd, b: LinkEnd): [LinkEnd, LinkEnd] => (a.module < b.module || (a.module === b.module && a.id < b.id) ? [a, b] : [b, a])

/** The other end of a link row, seen from `end`. */
export const otherEnd = (row: LinkRow, end: LinkEnd): LinkEnd =>
  row.from_module === end.module && Number(row.from_id) === end.id ? { module: row.to_module, id: Number(row.to_id) } : { module: row.from_module, id: Number(row.from_id) }

/** A link as one end sees it, with the other end's label and route. */
const present = (row: Pick<LinkRow, 'id' | 'created_at'>, from: LinkEnd, to: LinkEnd, item: LinkedItem): Link => ({
  id: Number(row.id),
  from: from.module,
  fromId: from.id,
  to: to.module,
  toId: to.id,
  label: item.label,
  route: item.route,
  createdAt: row.created_at,
})

/** POST /links: a link from a thing the caller may change to one they may see. */
export class LinksService extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'links', result: linkSchema })
  }

  override async _create(data: any, params?: any): Promise<any> {
    const user = currentUser(params ?? {})
    const accountId = accountOf(params ?? {})
    const body = data as LinkData
    const { from, to } = targetsNamed(this.app, { from: body.from, to: body.to })
    if (from.module === to.module && body.fromId === body.toId) throw validationError({ toId: LINK_MESSAGES.self })
    assertModuleOn(user, from)
    assertModuleOn(user, to)
    const fromItem = await itemOf(this.app, accountId, from, body.fromId)
    const toItem = await itemOf(this.app, accountId, to, body.toId)
    if (!(await holds(this.app, user, fromItem, 'EDIT'))) throw needs('EDIT')
    if (!(await holds(this.app, user, toItem, 'VIEW'))) throw needs('VIEW')
    const fromEnd = { module: from.module, id: fromItem.id }
    const toEnd = { module: to.module, id: toItem.id }
    const [first, second] = stored(fromEnd, toEnd)
    const row = { account_id: accountId, from_module: first.module, from_id: first.id, to_module: second.module, to_id: second.id, created_at: nowIso(), created_by: user.id }
    let id: unknown
    try {
      ;[id] = await this.Model('links').insert(row)
    } catch (error) {
      // The unique index holds a pair once, whichever end it was made from: a second one (or a racing twin) is a 409.
      throw isUniqueViolation(error) ? duplicate() : error
    }
    return present({ id: Number(id), created_at: row.created_at }, fromEnd, toEnd, toItem)
  }
}

/** GET /links/:from/:ref/:to, an item's links to a module; DELETE /links/:from/:ref/:to, one link removed from its `from` end. */
export class ItemLinksService {
  private readonly knex: Knex

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
  }

  /** The path's two modules, the id it names, and the caller: 400 for an unknown module, 404 for a malformed id, 403 for a module switched off. */
  private named(params: AppParams) {
    const user = currentUser(params)
    const route = params.route ?? {}
    const { from, to } = targetsNamed(this.app, { from: route.from, to: route.to })
    const id = idOf(route.ref)
    if (id === undefined) throw notFound(route.ref)
    assertModuleOn(user, from)
    assertModuleOn(user, to)
    return { user, accountId: accountOf(params), from, to, id }
  }

  async find(params: AppParams<LinkQuery>): Promise<LinkPage> {
    const { user, accountId, from, to, id } = this.named(params)
    const fromItem = await itemOf(this.app, accountId, from, id)
    if (!(await holds(this.app, user, fromItem, 'VIEW'))) throw needs('VIEW')
    const limit = Math.min(params.query?.$limit ?? DEFAULT_LIMIT, MAX_LIMIT)
    const skip = params.query?.$skip ?? 0
    const knex = this.knex
    // The item's links to the module, from either end (each end's index serves its half): the link and the other end's id.
    const ends = knex('links')
      .where({ account_id: accountId, from_module: from.module, from_id: id, to_module: to.module })
      .select('id as link_id', 'to_id as item_id', 'created_at')
      .unionAll(knex('links').where({ account_id: accountId, to_module: from.module, to_id: id, from_module: to.module }).select('id as link_id', 'from_id as item_id', 'created_at'))
    // Joined with the other ends that exist, on projects the caller holds VIEW on: counted, sorted and paged in SQL.
    const query = knex.from(ends.as('ends')).join(to.items(knex, accountId).as('item'), 'item.id', 'ends.item_id')
    await whereProjectAccess(this.app, user, query, { level: 'VIEW', column: 'item.project_id', accountColumn: 'item.account_id' })
    const [count] = await query.clone().count({ total: '*' })
    const rows: { link_id: number; item_id: number; created_at: string }[] =
      limit > 0
        ? await query
            .clone()
            .select('ends.link_id', 'ends.item_id', 'ends.created_at')
            .orderBy([{ column: 'item.sort_key' }, { column: 'item.id' }, { column: 'ends.link_id' }])
            .limit(limit)
            .offset(skip)
        : []
    const items = await to.find(this.app, accountId, rows.map((row) => Number(row.item_id)))
    const fromEnd = { module: from.module, id }
    const data = rows.flatMap((row) => {
      const item = items.get(Number(row.item_id))
      return item ? [present({ id: row.link_id, created_at: row.created_at }, fromEnd, { module: to.module, id: item.id }, item)] : []
    })
    return { total: Number(count?.total ?? 0), limit, skip, data }
  }

  /**
   * The link the path names, of the account, joining the path's two modules; removed when the
   * caller holds EDIT on its `from` end and VIEW on the other. A link of two things of one
   * module (a document to a document) may be removed from either end.
   */
  async remove(id: unknown, params: AppParams): Promise<Link> {
    // The path is the link: `/links/{from}/{linkId}/{to}/{anything}` names nothing.
    if (id !== null && id !== undefined) throw notFound(id)
    const { user, accountId, from, to, id: linkId } = this.named(params)
    const row: LinkRow | undefined = await this.knex('links').where({ id: linkId, account_id: accountId }).first()
    if (!row) throw notFound(linkId)
    const a = { module: row.from_module, id: Number(row.from_id) }
    const b = { module: row.to_module, id: Number(row.to_id) }
    const ways = ([[a, b], [b, a]] as const).filter(([start, end]) => start.module === from.module && end.module === to.module)
    if (!ways.length) throw notFound(linkId)
    const starts = await from.find(this.app, accountId, ways.map(([start]) => start.id))
    const ends = await to.find(this.app, accountId, ways.map(([, end]) => end.id))
    let refusal: Error | undefined
    for (const [start, end] of ways) {
      const fromItem = starts.get(start.id)
      const toItem = ends.get(end.id)
      if (!fromItem || !toItem) continue
      if (!(await holds(this.app, user, fromItem, 'EDIT'))) refusal ??= needs('EDIT')
      else if (!(await holds(this.app, user, toItem, 'VIEW'))) refusal ??= needs('VIEW')
      else {
        await this.knex('links').where({ id: row.id, account_id: accountId }).delete()
        return present(row, start, end, toItem)
      }
    }
    throw refusal ?? notFound(linkId)
  }
}
