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
