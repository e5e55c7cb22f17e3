/**
 * List statements compiled once per shape. knex builds and compiles a page query anew on
 * every call (the builder, a clone for the total, the SQL text): on the list call that
 * cost as much CPU as the whole hook chain. A call's *shape* is what decides its SQL text:
 * the keys and operators of its conditions, which values are null or booleans, the
 * lengths of lists, and the sort and selection as they are. The first call of a shape
 * is compiled by knex with each other value (a string or number) replaced by a unique
 * stand-in, which shows which binding carries which value; later calls of the shape
 * only bind their own values to the kept SQL text.
 *
 * A shape is kept only when this holds exactly: every stand-in reached the bindings
 * whole, none was changed or spliced into the SQL text, and the call's own values,
 * compiled by knex, give the same text and bindings. A shape that fails (a value the
 * service transformed or decided by) is compiled by knex on every call.
 */
import type { Knex } from 'knex'

type Value = string | number

/** The shape of a call and its values in the order they were met. */
export interface Shape {
  key: string
  values: Value[]
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

/** Adds `value` to the shape; false when it holds something that cannot be stood in for (a Date, a function, NaN). */
const walk = (value: unknown, shape: Shape): boolean => {
  if (typeof value === 'string') {
    shape.key += 's'
    shape.values.push(value)
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false
    shape.key += 'n'
    shape.values.push(value)
  } else if (value === null || value === undefined || typeof value === 'boolean') {
    shape.key += String(value)
  } else if (Array.isArray(value)) {
    shape.key += `[${value.length}`
    for (const item of value) if (!walk(item, shape)) return false
    shape.key += ']'
  } else if (isPlainObject(value)) {
    shape.key += '{'
    for (const key of Object.keys(value)) {
      shape.key += `${JSON.stringify(key)}:`
      if (!walk(value[key], shape)) return false
    }
    shape.key += '}'
  } else return false
  return true
}

/**
 * The shape of a call: `conditions` are walked (their strings and numbers are values),
 * each of `verbatim` goes into the key as it is (what knex turns into SQL text: sort, selection),
 * `trailing` values come last (limit, offset). Undefined when some condition cannot be
 * stood in for.
 */
export const shapeOf = (conditions: unknown, verbatim: readonly unknown[], trailing: number[]): Shape | undefined => {
  let key = ''
  for (const part of verbatim) key += `${textOf(part)}|`
  const shape: Shape = { key, values: [] }
  if (!walk(conditions, shape)) return undefined
  shape.key += `|${trailing.length}`
  for (const value of trailing) {
    if (!Number.isFinite(value)) return undefined
    shape.values.push(value)
  }
  return shape
}

/** The JSON of what goes into a key verbatim; a frozen part (a service's constant selection) is written once. */
const frozenTexts = new WeakMap<object, string>()
const textOf = (part: unknown): string => {
  if (typeof part !== 'object' || part === null || !Object.isFrozen(part)) return JSON.stringify(part) ?? ''
  let text = frozenTexts.get(part)
  if (text === undefined) {
    text = JSON.stringify(part)
    frozenTexts.set(part, text)
  }
  return text
}

/** Stand-ins: strings no client can send to a compiled query (a NUL-led mark) and integers past any id. */
const STRING_STAND_IN = '\u0000stand-in '
const NUMBER_STAND_IN = 2 ** 50

const standIn = (value: Value, index: number): Value => (typeof value === 'string' ? `${STRING_STAND_IN}${index}` : NUMBER_STAND_IN + index)

/** `conditions` with each value replaced by its stand-in, walked in the order `walk` takes. */
const withStandIns = (value: unknown, next: { index: number; values: Value[] }): unknown => {
  if (typeof value === 'string' || typeof value === 'number') return standIn(value, next.index++)
  if (Array.isArray(value)) return value.map((item) => withStandIns(item, next))
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(value)) copy[key] = withStandIns(value[key], next)
    return copy
  }
  return value
}

/** Each binding: the index of the value it carries, or a constant (a boolean of the shape, which its key holds). */
type Slot = number | { constant: boolean }

interface Compiled {
  sql: string
  slots: Slot[]
}

/** Compiles a call: `build` turns conditions and trailing values into a knex query. */
export type Build = (conditions: any, trailing: number[]) => Knex.QueryBuilder

const slotsOf = (bindings: readonly unknown[], standIns: readonly Value[]): Slot[] | undefined => {
  const slots: Slot[] = []
  for (const binding of bindings) {
    const slot = typeof binding === 'boolean' ? { constant: binding } : standIns.indexOf(binding as Value)
    if (slot === -1) return undefined
    slots.push(slot)
  }
  return slots
}

const bind = (slot: Slot, values: readonly Value[]) => (typeof slot === 'number' ? values[slot]! : slot.constant)

/**
 * The kept statements of one service. `statement` answers the SQL and bindings of a call,
 * compiling its shape when first met; undefined when the call is left to knex.
 */
export class StatementCache {
  private readonly kept = new Map<string, Compiled | null>()

  constructor(private readonly max = 200) {}

  statement(conditions: unknown, verbatim: readonly unknown[], trailing: number[], build: Build): { sql: string; bindings: (Value | boolean)[] } | undefined {
    const shape = shapeOf(conditions, verbatim, trailing)
    if (!shape) return undefined
    let compiled = this.kept.get(shape.key)
    if (compiled === undefined) {
      compiled = compile(shape, conditions, trailing, build)
      if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string)
      this.kept.set(shape.key, compiled)
    }
    if (!compiled) return undefined
    return { sql: compiled.sql, bindings: compiled.slots.map((slot) => bind(slot, shape.values)) }
  }
}

/** The statement of a shape, or null when the shape cannot be kept (see the top of this file). */
const compile = (shape: Shape, conditions: unknown, trailing: number[], build: Build): Compiled | null => {
  const next = { index: 0, values: [] as Value[] }
  const probeConditions = withStandIns(conditions, next)
  const probeTrailing = trailing.map((value) => standIn(value, next.index++) as number)
  const standIns = shape.values.map((value, index) => standIn(value, index))
  let probe: Knex.Sql
  let own: Knex.Sql
  try {
    probe = build(probeConditions, probeTrailing).toSQL()
    own = build(conditions, trailing).toSQL()
  } catch {
    return null
  }
  const slots = slotsOf(probe.bindings, standIns)
  if (!slots || probe.sql.includes(STRING_STAND_IN) || standIns.some((_, index) => !slots.includes(index))) return null
  // The call's own values must compile to the same text, each binding the value its slot names.
  const same = own.sql === probe.sql && own.bindings.length === slots.length && slots.every((slot, i) => own.bindings[i] === bind(slot, shape.values))
  return same ? { sql: probe.sql, slots } : null
}
