/**
 * A Feathers KnexService whose API speaks the schemas' camelCase while the tables
 * use snake_case columns, and whose booleans come back as booleans on SQLite and
 * MySQL alike (both store them as 0/1).
 *
 * The conversions are idempotent, so the adapter's internal calls between its own
 * methods (create → get, patch → find) stay correct.
 */
import { KnexService, type KnexAdapterOptions, type KnexAdapterParams } from '@feathersjs/knex'
import type { TObject } from '@sinclair/typebox'

export const toColumn = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
export const toField = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)

/** Converts a Feathers query's field names (not its operators) to columns. */
export const queryToColumns = (query: Record<string, any>): Record<string, any> => {
  const result: Record<string, any> = {}
  for (const [key, value] of Object.entries(query)) {
    if (key === '$or' || key === '$and') result[key] = (value as Record<string, any>[]).map(queryToColumns)
    else if (key === '$sort') result[key] = Object.fromEntries(Object.entries(value).map(([f, d]) => [toColumn(f), d]))
    else if (key === '$select') result[key] = (value as string[]).map(toColumn)
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

export const rowMapper = (result?: TObject) => {
  const booleans = result ? booleanFields(result) : []
  // A table has few columns: remember each one's field name instead of a regex per value.
  const fields = new Map<string, string>()
  const fieldOf = (column: string) => {
    let field = fields.get(column)
    if (field === undefined) {
      field = toField(column)
      fields.set(column, field)
    }
    return field
  }
  return (row: Record<string, any>) => {
    const out: Record<string, any> = {}
    for (const column in row) out[fieldOf(column)] = row[column]
    for (const name of booleans) if (out[name] !== undefined && out[name] !== null) out[name] = Boolean(out[name])
    return out
  }
}

export interface TableServiceOptions extends KnexAdapterOptions {
  /** The result schema: its boolean properties are converted from 0/1. */
  result?: TObject
}

type P = KnexAdapterParams<any>

export class TableService<Result = any, Data = Partial<Result>> extends KnexService<Result, Data, P, Partial<Data>> {
  private readonly toRow: (row: Record<string, any>) => Record<string, any>

  constructor(options: TableServiceOptions) {
    super({ paginate: { default: 50, max: 500 }, ...options })
    this.toRow = rowMapper(options.result)
  }

  private mapParams(params?: P): P {
    return params?.query ? { ...params, query: queryToColumns(params.query) } : (params ?? {})
  }

  private mapOut<T>(value: T): T {
    if (Array.isArray(value)) return value.map((row) => this.toRow(row)) as T
    if (isPlainObject(value) && Array.isArray((value as any).data) && 'total' in (value as any))
      return { ...(value as any), data: (value as any).data.map((row: any) => this.toRow(row)) }
    return (isPlainObject(value) ? this.toRow(value) : value) as T
  }

  override async _find(params?: P): Promise<any> {
    return this.mapOut(await super._find(this.mapParams(params) as any))
  }

  override async _get(id: any, params?: P): Promise<Result> {
    return this.mapOut(await super._get(id, this.mapParams(params)))
  }

  override async _create(data: any, params?: P): Promise<any> {
    const rows = Array.isArray(data) ? data.map(rowToColumns) : rowToColumns(data)
    return this.mapOut(await super._create(rows as any, this.mapParams(params)))
  }

  override async _update(id: any, data: any, params?: P): Promise<Result> {
    return this.mapOut(await super._update(id, rowToColumns(data) as Data, this.mapParams(params)))
  }

  override async _patch(id: any, data: any, params?: P): Promise<any> {
    const { [this.id]: _id, ...columns } = rowToColumns(data ?? {})
    // Nothing to change: the adapter would send an empty UPDATE (a 500); answer what is there, or 404.
    if (!Object.keys(columns).length) return id === null ? this._find({ ...params, paginate: false }) : this._get(id, params)
    return this.mapOut(await super._patch(id, columns as Partial<Data>, this.mapParams(params)))
  }

  override async _remove(id: any, params?: P): Promise<any> {
    return this.mapOut(await super._remove(id, this.mapParams(params)))
  }
}
