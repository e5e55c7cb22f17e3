/**
 * Objects made by one compiled object literal instead of key by key. V8 turns an object
 * built key by key into a slow dictionary past a dozen properties (slow to read, copy and
 * serialise); a literal gives every object the same fast shape. Keys go into the code as
 * JSON string literals (computed for "__proto__", which a literal key would treat as the
 * prototype), so no name can inject code. Values are expressions the caller writes over
 * the function's one argument, `input`, and the `helpers` it names.
 */
export const objectLiteralFunction = <In, Out = Record<string, unknown>>(
  properties: [key: string, value: string][],
  helpers: Record<string, unknown> = {},
): ((input: In) => Out) => {
  const body = properties.map(([key, value]) => `${key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key)}: ${value}`)
  return new Function(...Object.keys(helpers), `return (input) => ({ ${body.join(', ')} })`)(...Object.values(helpers))
}

/** A field computed from one of the row's own (`from`), added when the row has that one. */
export interface DerivedField {
  from: string
  value: (input: unknown) => unknown
}

/** Key sets kept per presenter: a query's rows share one, and a service reads few. */
const KEPT_KEY_SETS = 100

/**
 * What a service shows of its rows: each row without the `omit` keys, plus the `derived`
 * fields, made by one compiled literal per set of keys. A rest copy of a wide row
 * (`const { a, ...rest } = row`) is built key by key and ends up a slow object; this copy
 * is as fast to read and serialise as the row. `all` copies rows that share their keys
 * (the rows of one query).
 */
export const rowPresenter = (omit: readonly string[], derived: Record<string, DerivedField> = {}) => {
  type Row = Record<string, any>
  const makers = new Map<string, (row: Row) => Row>()
  const derivations = Object.entries(derived)
  const helpers = Object.fromEntries(derivations.map(([, field], i) => [`derive${i}`, field.value]))
  const makerOf = (row: Row) => {
    const keys = Object.keys(row)
    const id = keys.join('\u0000')
    let make = makers.get(id)
    if (!make) {
      const properties: [string, string][] = keys.filter((key) => !omit.includes(key)).map((key) => [key, `input[${JSON.stringify(key)}]`])
      derivations.forEach(([name, field], i) => {
        if (field.from in row) properties.push([name, `derive${i}(input[${JSON.stringify(field.from)}])`])
      })
      make = objectLiteralFunction<Row, Row>(properties, helpers)
      if (makers.size < KEPT_KEY_SETS) makers.set(id, make)
    }
    return make
  }
  const present = (row: Row) => makerOf(row)(row)
  present.all = (rows: Row[]) => (rows.length ? rows.map(makerOf(rows[0]!)) : rows)
  return present
}
