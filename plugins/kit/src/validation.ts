/**
 * Validation: one Ajv for bodies and one (coercing strings) for queries, and the
 * translation of Ajv's errors into the spec's field messages (part1 §5).
 */
import { BadRequest } from '@feathersjs/errors'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { Ajv, addFormats } from "@feathersjs/schema"
import type { ErrorObject } from "ajv"
import { type TObject, Type } from '@sinclair/typebox'
import { type FieldErrors, MESSAGES, formatMessage } from './shared'

const configure = (ajv: Ajv) => {
  addFormats(ajv, ['date-time', 'date', 'email', 'uri'])
  // Our schemas carry the spec's message for a pattern or format rule in `errorMessage`.
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' })
  // …and for a bound that means something other than a number (a date's years) in `rangeMessage`.
  ajv.addKeyword({ keyword: 'rangeMessage', schemaType: 'string' })
  return ajv
}

export const dataAjv = configure(new Ajv({ allErrors: true, verbose: true, strict: false, useDefaults: true }))
export const queryAjv = configure(
  new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes: 'array', useDefaults: true }),
)

const fieldOf = (error: ErrorObject) => {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const missing = (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty
  const extra = (error.params as { additionalProperty?: string }).additionalProperty
  const leaf = missing ?? extra
  if (leaf) return path ? `${path}.${leaf}` : leaf
  return path || '_'
}

const messageOf = (error: ErrorObject): string => {
  const custom = (error.parentSchema as { errorMessage?: string } | undefined)?.errorMessage
  const range = (error.parentSchema as { rangeMessage?: string } | undefined)?.rangeMessage
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return MESSAGES.required
    case 'minLength':
      // A string that must not be empty is what the spec calls "required".
      return params.limit === 1 ? MESSAGES.required : formatMessage(MESSAGES.minLength, { min: params.limit })
    case 'maxLength':
      return formatMessage(MESSAGES.maxLength, { max: params.limit })
    case 'minimum':
    case 'exclusiveMinimum':
      return range ?? formatMessage(MESSAGES.min, { min: params.limit })
    case 'maximum':
    case 'exclusiveMaximum':
      return range ?? formatMessage(MESSAGES.max, { max: params.limit })
    case 'pattern':
    case 'format':
      return custom ?? (params.format === 'email' ? MESSAGES.email : MESSAGES.decimal)
    case 'type':
      if (params.type === 'integer') return MESSAGES.integer
      if (params.type === 'number') return MESSAGES.decimal
      return custom ?? `Must be a ${String(params.type)}`
    case 'enum':
      return formatMessage(MESSAGES.oneOf, { values: (params.allowedValues as string[]).join(', ') })
    case 'additionalProperties':
      return MESSAGES.unknownField
    default:
      return custom ?? error.message ?? 'Invalid value'
  }
}

/** Ajv errors → { field: message }, keeping the first message for each field. */
export const toFieldErrors = (errors: ErrorObject[] | null | undefined): FieldErrors => {
  const result: FieldErrors = {}
  for (const error of errors ?? []) {
    // anyOf/oneOf add a summary error beside the real ones; the branches say more.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue
    const field = fieldOf(error)
    if (!(field in result)) result[field] = messageOf(error)
  }
  return result
}

export const validationError = (errors: FieldErrors, message = 'Validation failed') =>
  new BadRequest(message, { errors })

export type Check = (value: unknown) => { ok: true } | { ok: false; errors: FieldErrors }

export const compile = (schema: TObject, kind: 'data' | 'query'): Check => {
  const validate = (kind === 'query' ? queryAjv : dataAjv).compile(schema)
  return (value) => (validate(value) ? { ok: true } : { ok: false, errors: toFieldErrors(validate.errors) })
}

/** Throws the 400 for a failed check; used by hooks and by custom services alike. */
export const assertValid = (check: Check, value: unknown) => {
  const result = check(value)
  if (!result.ok) throw validationError(result.errors)
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Around hook: a client's body for create/update/patch is one object (no service takes
 * a list); it is validated against `data` for create, `update` (else `data`) for update, `patch` for patch.
 */
export const validateBody =
  (schemas: { data?: TObject; patch?: TObject; update?: TObject }) =>
  async (context: HookContext, next: NextFunction) => {
    if (['create', 'update', 'patch'].includes(context.method)) {
      if (context.params.provider && context.data !== undefined && !isPlainObject(context.data))
        throw validationError({ _: 'The body must be one JSON object' }, 'The body must be one JSON object')
      const schema = context.method === 'patch' ? schemas.patch : context.method === 'update' ? (schemas.update ?? schemas.data) : schemas.data
      if (schema) {
        const check = cached(schema, 'data')
        const items = Array.isArray(context.data) ? context.data : [context.data ?? {}]
        for (const item of items) assertValid(check, item)
      }
    }
    await next()
  }

/**
 * Feathers' mark of a query a schema has checked: its database adapters then skip their
 * own (repeated) sanitising on the way in; they still parse the query when they build SQL.
 */
const SCHEMA_CHECKED = Symbol.for('@feathersjs/adapter/sanitized')

/** The query of a service that declares none: any key is refused. */
export const NO_QUERY = Type.Object({}, { additionalProperties: false })

/** The largest $limit or $skip anyone may send: both databases take it as an integer. */
export const PAGING_MAX = 2_147_483_647

/**
 * $limit and $skip as whole numbers from 0 to PAGING_MAX, whatever the service's schema
 * allows: a number past what SQL takes would otherwise reach the database.
 */
const pagingErrors = (query: Record<string, unknown>): FieldErrors => {
  const errors: FieldErrors = {}
  for (const key of ['$limit', '$skip']) {
    if (!(key in query)) continue
    const raw = query[key]
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN
    if (!Number.isInteger(value)) errors[key] = MESSAGES.integer
    else if (value < 0) errors[key] = formatMessage(MESSAGES.min, { min: 0 })
    else if (value > PAGING_MAX) errors[key] = formatMessage(MESSAGES.max, { max: PAGING_MAX })
  }
  return errors
}

/** Around hook: validates and coerces `params.query`. */
export const validateQueryParams = (schema: TObject) => async (context: HookContext, next: NextFunction) => {
  // Server code calling a service that takes no query from clients is trusted with what it passes.
  if (schema === NO_QUERY && !context.params.provider) return next()
  const query: Record<string | symbol, unknown> = { ...context.params.query }
  const paging = '$limit' in query || '$skip' in query ? pagingErrors(query as Record<string, unknown>) : undefined
  const checked = cached(schema, 'query')(query)
  if (!checked.ok || (paging && Object.keys(paging).length)) throw validationError({ ...paging, ...(checked.ok ? {} : checked.errors) })
  query[SCHEMA_CHECKED] = true
  context.params = { ...context.params, query }
  await next()
}

const compiledCache = new WeakMap<TObject, { data?: Check; query?: Check }>()
export const cached = (schema: TObject, kind: 'data' | 'query'): Check => {
  const entry = compiledCache.get(schema) ?? {}
  if (!entry[kind]) {
    entry[kind] = compile(schema, kind)
    compiledCache.set(schema, entry)
  }
  return entry[kind]!
}
