/**
 * The table-ownership check (issue 7 §5): each plugin reads and writes only the tables its
 * own migrations create. What it needs of another plugin's rows it asks through core's
 * calls or the kit's extension points, never with `knex('<their table>')`, a join, raw SQL
 * on it, or by asking whether the table exists.
 *
 * A plugin's tables are the literal names in `createTable('x'` in its migrations folder.
 * Scanned: every plugin's and the kit's src, migrations included, tests (`*.test.ts`,
 * `test/` folders) left out; the kit owns no table, so any plugin table it names counts.
 *
 * Usage: `npm run -w @app/checks tables`; prints `file:line  message` per use and exits 1
 * when there is any.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO_ROOT, stripComments } from './boundaries'

export interface TableUse {
  file: string
  line: number
  table: string
  owner: string
}

const SOURCE = /\.tsx?$/
const TEST_FILE = /\.test\.tsx?$|\/test\//

/** Files under a folder, with paths relative to `root`. */
const filesUnder = (root: string, dir: string): string[] => {
  const full = path.join(root, dir)
  if (!existsSync(full)) return []
  return readdirSync(full).flatMap((entry) => {
    const rel = `${dir}/${entry}`
    if (entry === 'node_modules') return []
    return statSync(path.join(root, rel)).isDirectory() ? filesUnder(root, rel) : SOURCE.test(entry) ? [rel] : []
  })
}

/** The tables a plugin's migrations create, by their literal names. */
export const tablesCreatedIn = (source: string): string[] =>
  [...stripComments(source).matchAll(/createTable\(\s*(['"`])(\w+)\1/g)].map((m) => m[2]!)

/** Which plugin (its folder name) creates each table. */
export const tableOwners = (root = REPO_ROOT): Map<string, string> => {
  const owners = new Map<string, string>()
  for (const plugin of readdirSync(path.join(root, 'plugins'))) {
    for (const file of filesUnder(root, `plugins/${plugin}/src/migrations`).filter((f) => !TEST_FILE.test(f)))
      for (const table of tablesCreatedIn(readFileSync(path.join(root, file), 'utf8'))) owners.set(table, plugin)
  }
  return owners
}

const TABLE_ARG = String.raw`\s*(['"\`])(\w+)(?:\s+as\s+\w+)?\1`
/** A builder on a table: `knex('t')`, `trx('t as x')`, `this.Model('t')`, `app.get('knex')('t')`. */
const BUILDER = new RegExp(String.raw`(?:\b(?:knex|trx|db|Model)|get\(\s*['"]knex['"]\s*\))\s*\(${TABLE_ARG}\s*[,)]`, 'g')
/** A table joined or selected from: `.join('t as x', …)`, `.from('t')`, `.into('t')`. */
const JOIN = new RegExp(String.raw`\.(?:join|leftJoin|rightJoin|innerJoin|leftOuterJoin|rightOuterJoin|fullOuterJoin|crossJoin|from|into|table)\(${TABLE_ARG}`, 'g')
/** Raw SQL: the strings handed to raw(), whereRaw() and the like. */
const RAW = /\b(?:raw|[a-z]+Raw)\(\s*(['"`])([\s\S]*?)\1/g
const SQL_TABLE = /\b(?:from|join|into|update)\s+(\w+)/gi

const lineAt = (code: string, index: number) => code.slice(0, index).split('\n').length

/** The tables a source file names, with their lines, and whether it asks if a table exists. */
export const tablesUsedIn = (source: string): { table: string; line: number }[] => {
  const code = stripComments(source)
  const found: { table: string; line: number }[] = []
  for (const pattern of [BUILDER, JOIN]) for (const m of code.matchAll(pattern)) found.push({ table: m[2]!, line: lineAt(code, m.index!) })
  for (const m of code.matchAll(RAW))
    for (const t of m[2]!.matchAll(SQL_TABLE)) found.push({ table: t[1]!, line: lineAt(code, m.index! + m[0].indexOf(m[2]!) + t.index!) })
  for (const m of code.matchAll(/\b(?:tableExists|hasTable)\(/g)) found.push({ table: '(whether a table exists)', line: lineAt(code, m.index!) })
  return found
}

/** Every use of a table that the using plugin does not create (the kit creates none). */
export const checkTables = (root = REPO_ROOT): TableUse[] => {
  const owners = tableOwners(root)
  const uses: TableUse[] = []
  for (const plugin of readdirSync(path.join(root, 'plugins'))) {
    for (const file of filesUnder(root, `plugins/${plugin}/src`).filter((f) => !TEST_FILE.test(f)))
      for (const { table, line } of tablesUsedIn(readFileSync(path.join(root, file), 'utf8'))) {
        const owner = owners.get(table)
        // The kit may ask after knex's own bookkeeping tables, which it makes before any migration runs.
        if (table.startsWith('(')) {
          if (plugin !== 'kit') uses.push({ file, line, table, owner: 'nobody: ask the owner through an extension point' })
        }
        else if (owner && owner !== plugin) uses.push({ file, line, table, owner })
      }
  }
  return uses
}

export const formatUse = (u: TableUse) => `${u.file}:${u.line}  uses ${u.table} (owned by ${u.owner})`

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const uses = checkTables()
  for (const u of uses) console.log(formatUse(u))
  if (uses.length) {
    console.log(`\n${uses.length} use(s) of another plugin's tables: ask the owner through core's calls or an extension point (plugins/kit/src/extensions.ts).`)
    process.exit(1)
  }
  console.log('Every plugin uses only its own tables.')
}
