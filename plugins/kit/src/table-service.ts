/**
 * A Feathers KnexService whose API speaks the schemas' camelCase while the tables
 * use snake_case columns, and whose booleans come back as booleans on SQLite and
 * MySQL alike (both store them as 0/1).
 *
 * The conversions are idempotent, so the adapter's internal calls between its own
 * methods (create → get, patch → find) stay correct.
 */
import { Conflict } from '@feathersjs/errors'
import { KnexService, type KnexAdapterOptions, type KnexAdapterParams, errorHandler } from '@feathersjs/knex'
import type { TObject } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { isUniqueViolation, nowIso, readDirect, whereContains } from './database'
import { objectLiteralFunction } from './object-literal'
import { StatementCache } from './statement-cache'

/** Field names are few, and each query names several: each is converted once (a bounded few, as clients name them). */
const knownColumns = new Map<string, string>()
export const toColumn = (field: string) => {
  let column = knownColumns.get(field)
  if (column === undefined) {
    column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    if (knownColumns.size < 1000) knownColumns.set(field, column)
  }
  return column
}
export const toField = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)

/** A frozen selection (a service's own constant) is converted once, and stays one object. */
const frozenSelections = new WeakMap<readonly string[], readonly string[]>()
const selectedColumns = (fields: readonly string[]) => {
  if (!Object.isFrozen(fields)) return fields.map(toColumn)
  let columns = frozenSelections.get(fields)
  if (!columns) {
    columns = Object.freeze(fields.map(toColumn))
    frozenSelections.set(fields, columns)
  }
  return columns
}

/** Converts a Feathers query's field names (not its operators) to columns. */
export const queryToColumns = (query: Record<string, any>): Record<string, any> => {
  const result: Record<string, any> = {}
  for (const key in query) {
    const value = query[key]
    if (key === '$or' || key === '$and') result[key] = (value as Record<string, any>[]).map(queryToColumns)
    else if (key === '$sort') result[key] = Object.fromEntries(Object.entries(value).map(([f, d]) => [toColumn(f), d]))
    else if (key === '$select') result[key] = selectedColumns(value as string[])
    else if (key.startsWith('$')) result[key] = value
    else result[toColumn(key)] = value
  }
  return result
}

export const rowToColumns = (data: Record<string, any>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [toColumn(k), isPlainObject(v) ? JSON.stringify(v) : v]))

export const booleanFields = (schema: TObject) =>
  Object.entries(schema.properties)
    .filter(([, s]) => s.type === 'boolean' || (s.anyOf as { type?: string }[] | undefined)?.some((b) => b.type === 'boolean'))
    .map(([name]) => name)

/** The column a page's rows carry its total in (see TableService._find); it never reaches the API. */
const TOTAL = '__total'

type RowMap = (row: Record<string, any>) => Record<string, any>

const toBoolean = (value: unknown) => (value === null || value === undefined ? value : Boolean(value))

/** One function per set of columns that returns a row's API object as one object literal (see objectLiteralFunction). */
const compileRowMap = (columns: string[], booleans: ReadonlySet<string>): RowMap =>
  objectLiteralFunction(
    columns.map((column) => {
      const field = toField(column)
      const value = `input[${JSON.stringify(column)}]`
      return [field, booleans.has(field) ? `toBoolean(${value})` : value]
    }),
    { toBoolean },
  )

/**
 * Rows → API objects: snake_case columns to camelCase fields, and the result schema's
 * booleans from 0/1 (null stays null). `all` maps the rows of one query with the first
 * row's columns.
 */
export const rowMapper = (result?: TObject) => {
  const booleans = new Set(result ? booleanFields(result) : [])
  const maps = new Map<string, RowMap>()
  const mapOf = (row: Record<string, any>) => {
    const columns = Object.keys(row).filter((column) => column !== TOTAL)
    const key = columns.join()
    let map = maps.get(key)
    if (!map) {
      map = compileRowMap(columns, booleans)
      maps.set(key, map)
    }
    return map
  }
  const one = (row: Record<string, any>) => mapOf(row)(row)
  one.all = (rows: Record<string, any>[]) => (rows.length ? rows.map(mapOf(rows[0]!)) : rows)
  return one
}

const countOf = (builder: Knex.QueryBuilder) => builder.clearSelect().clearOrder().count({ [TOTAL]: '*' })

/** A value the account holds once, whatever its letter case (a type id, a list entry's name). */
export interface UniqueRule {
  field: string
  /** The 409's message, also given as the field's error. */
  message: string
}

/** A query key that searches text: rows where any of the columns contains it, in any case. */
export interface TextSearch {
  columns: string[]
  /** The columns hold lower-cased text already (kept for the search), so no lower() is needed. */
  lowerCased?: boolean
}

export interface TableServiceOptions extends KnexAdapterOptions {
  /** The result schema: its boolean properties are converted from 0/1. */
  result?: TObject
  /** Query keys (`filter`, `q`) that search text rather than name a field; `%` and `_` are plain characters. */
  search?: Record<string, TextSearch>
  /**
   * Fields unique within the row's account (`accountId`): a create or change to a value the
   * account has answers 409 with the rule's message. The table's unique index backs it, and
   * a racing write that only the index stops answers the same 409.
   */
  unique?: UniqueRule[]
  /** Stamps `createdAt` (now) on every row it creates. */
  stampCreatedAt?: boolean
}

type P = KnexAdapterParams<any>

/** The rows of a raw statement: mysql2 answers rows and fields. */
const rowsOf = (knex: Knex, result: any): Record<string, any>[] => (knex.client.config.client === 'mysql2' ? result[0] : result)

export class TableService<Result = any, Data = Partial<Result>> extends KnexService<Result, Data, P, Partial<Data>> {
  private readonly toRow: ReturnType<typeof rowMapper>
  private readonly searches: Record<string, TextSearch>
  private readonly uniqueRules: UniqueRule[]
  private readonly stampsCreatedAt: boolean
  private readonly statements = new StatementCache()

  constructor({ search = {}, unique = [], stampCreatedAt = false, ...options }: TableServiceOptions) {
    super({ paginate: { default: 50, max: 500 }, ...options })
    this.toRow = rowMapper(options.result)
    this.searches = search
    this.uniqueRules = unique
    this.stampsCreatedAt = stampCreatedAt
  }

  private mapParams(params?: P): P {
    return params?.query ? { ...params, query: queryToColumns(params.query) } : (params ?? {})
  }

  private mapOut<T>(value: T): T {
    if (Array.isArray(value)) return this.toRow.all(value) as T
    if (isPlainObject(value) && Array.isArray((value as any).data) && 'total' in (value as any))
      return { ...(value as any), data: this.toRow.all((value as any).data) }
    return (isPlainObject(value) ? this.toRow(value) : value) as T
  }

  /**
   * Every query the adapter builds, with its text searches and, when the call lists across
   * projects, the project scope's list filter.
   */
  override createQuery(params: P = {}) {
    const query = super.createQuery(params)
    for (const [key, search] of Object.entries(this.searches)) {
      const text = params.query?.[key]
      if (typeof text === 'string' && text.trim()) whereContains(query, search.columns, text.trim(), { lowerCased: search.lowerCased })
    }
    ;(params as { projectFilter?: (query: Knex.QueryBuilder) => void }).projectFilter?.(query)
    return query
  }

  /** The adapter's reading of a query, without the text searches: no column is named `filter`. */
  override filterQuery(params: P) {
    const filtered = super.filterQuery(params)
    for (const key in this.searches) if (key in filtered.query) return { ...filtered, query: omitKeys(filtered.query, Object.keys(this.searches)) }
    return filtered
  }

  /** 409 when another row of the account holds one of the unique values (compared trimmed, in lower case). */
  private async assertUnique(data: Record<string, unknown>, accountId: unknown, exceptId?: unknown) {
    for (const rule of this.uniqueRules) {
      const value = data[rule.field]
      if (typeof value !== 'string' || accountId === undefined) continue
      const clash = this.Model(this.options.name)
        .where({ account_id: accountId })
        .whereRaw('lower(??) = ?', [toColumn(rule.field), value.trim().toLowerCase()])
      if (exceptId !== undefined) clash.whereNot({ [this.id]: exceptId })
      if (await clash.first(this.id)) throw duplicate(rule)
    }
  }

  /** A write the unique index refused: the same 409 as the check before it (two racing writes both pass that). */
  private async guardUnique<T>(data: Record<string, unknown>, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      const rule = isUniqueViolation(error) && this.uniqueRules.find((r) => data[r.field] !== undefined)
      throw rule ? duplicate(rule) : error
    }
  }

  /** Checks a change to the row `id` (found within the call's account, or 404) against the unique fields. */
  private async assertUniqueChange(id: any, data: Record<string, unknown>, params?: P) {
    if (id === null || !this.uniqueRules.some((rule) => typeof data[rule.field] === 'string')) return
    const current = (await this._get(id, params)) as Record<string, unknown>
    await this.assertUnique(data, current.accountId, current[this.id])
  }

  private query(params: P): Knex.QueryBuilder {
    return params.knex ? params.knex.clone() : this.createQuery(params as any)
  }

  /**
   * A page and its total in one statement: the count rides on every row as a scalar
   * subquery, which the database runs once. A page past the end has no row to carry
   * it, so only then is the total asked for on its own.
   */
  override async _find(params?: P): Promise<any> {
    const mapped = this.mapParams(params)
    const { filters, paginate } = this.filterQuery(mapped)
    const pages = paginate || undefined
    if (!pages?.default || filters.$limit === 0) return this.mapOut(await super._find(mapped as any))
    const rows = await this.pageRows(mapped, filters)
    const total = rows.length ? rows[0]![TOTAL] : filters.$skip ? (await countOf(this.query(mapped)).catch(errorHandler))[0]?.[TOTAL] : 0
    return { total: Number(total ?? 0), limit: filters.$limit, skip: filters.$skip || 0, data: this.toRow.all(rows) }
  }

  /**
   * A page's rows, each carrying the total. Its SQL is compiled once per shape of call
   * (statement-cache.ts) unless the call brings what the cache cannot see: its own knex
   * query, a transaction, other adapter options, the project filter, a text search, or a
   * service that builds its queries itself.
   */
  private async pageRows(params: P, filters: { $select?: string[]; $sort?: Record<string, number>; $limit: number; $skip?: number }) {
    const { $select, $sort, $limit, $skip } = filters
    const { $select: _select, $sort: _sort, $limit: _limit, $skip: _skip, ...conditions } = params.query ?? {}
    // The limit is written into the SQL text: SQLite plans with a bound LIMIT's value, so it
    // would prepare the statement anew each time the value is bound (the page size is one
    // of a few, so few texts). The offset stays bound.
    const build = (where: Record<string, unknown>, [skip]: number[]) => {
      const page = this.query({ ...params, query: { ...where, ...($select ? { $select } : {}), ...($sort ? { $sort } : {}) } })
      page.select(countOf(page.clone()).as(TOTAL)).limit($limit, { skipBinding: true })
      if (skip !== undefined) page.offset(skip)
      return page
    }
    const trailing = $skip ? [$skip] : []
    const statement = this.compilesOnce(params) ? this.statements.statement(conditions, [$select, $sort, $limit], trailing, build) : undefined
    if (!statement) return (await build(conditions, trailing).catch(errorHandler)) as Record<string, any>[]
    const direct = this.readDirect(statement.sql, statement.bindings)
    if (direct) return direct
    return rowsOf(this.Model, await this.Model.raw(statement.sql, statement.bindings).catch(errorHandler))
  }

  private readDirect(sql: string, bindings: readonly unknown[]) {
    try {
      return readDirect(this.Model, sql, bindings) as Record<string, any>[] | undefined
    } catch (error) {
      errorHandler(error) // throws the error as a Feathers error
      throw error
    }
  }

  private compilesOnce(params: P & { projectFilter?: unknown; adapter?: unknown }) {
    if (params.knex || params.transaction || params.adapter || params.projectFilter) return false
    if (this.createQuery !== TableService.prototype.createQuery || this.filterQuery !== TableService.prototype.filterQuery) return false
    return !Object.keys(this.searches).some((key) => params.query?.[key] !== undefined)
  }

  override async _get(id: any, params?: P): Promise<Result> {
    return this.mapOut(await super._get(id, this.mapParams(params)))
  }

  override async _create(data: any, params?: P): Promise<any> {
    if (Array.isArray(data)) return Promise.all(data.map((one) => this._create(one, params)))
    const row = this.stampsCreatedAt ? { ...data, createdAt: nowIso() } : data
    await this.assertUnique(row, row.accountId)
    return this.guardUnique(row, async () => this.mapOut(await super._create(rowToColumns(row) as any, this.mapParams(params))))
  }

  override async _update(id: any, data: any, params?: P): Promise<Result> {
    await this.assertUniqueChange(id, data, params)
    return this.guardUnique(data, async () => this.mapOut(await super._update(id, rowToColumns(data) as Data, this.mapParams(params))))
  }

  override async _patch(id: any, data: any, params?: P): Promise<any> {
    const { [this.id]: _id, ...columns } = rowToColumns(data ?? {})
    // Nothing to change: the adapter would send an empty UPDATE (a 500); answer what is there, or 404.
    if (!Object.keys(columns).length) return id === null ? this._find({ ...params, paginate: false }) : this._get(id, params)
    await this.assertUniqueChange(id, data, params)
    return this.guardUnique(data, async () => this.mapOut(await super._patch(id, columns as Partial<Data>, this.mapParams(params))))
  }

  override async _remove(id: any, params?: P): Promise<any> {
    return this.mapOut(await super._remove(id, this.mapParams(params)))
  }
}

const omitKeys = (query: Record<string, any>, keys: string[]) => Object.fromEntries(Object.entries(query).filter(([key]) => !keys.includes(key)))

const duplicate = (rule: UniqueRule) => new Conflict(rule.message, { errors: { [rule.field]: rule.message } })
