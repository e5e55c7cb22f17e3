/** The table-ownership check: the repository obeys it, and it finds each kind of use. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { checkTables, formatUse, tableOwners, tablesCreatedIn, tablesUsedIn } from './tables'

describe('the repository', () => {
  test("no plugin uses another's tables or asks whether a table exists", () => {
    expect(checkTables().map(formatUse), 'run `npm run -w @app/checks tables` for the list').toEqual([])
  })

  test("is scanned: each plugin's tables are found in its migrations", () => {
    const owners = tableOwners()
    expect(owners.get('account_users')).toBe('core')
    expect(owners.get('privileges')).toBe('core')
    expect(owners.get('companies')).toBe('companies')
    expect(owners.get('projects')).toBe('projects')
  })
})

describe('what counts as a use', () => {
  test('a migration creates tables by their literal names', () => {
    expect(tablesCreatedIn("await knex.schema.createTable('companies', (t) => {})\n// createTable('old')")).toEqual(['companies'])
  })

  test.each([
    ["await knex('privileges').where({ id })", 'privileges'],
    ["trx('account_users as au').update({ company_id: null })", 'account_users'],
    ["await this.Model('privileges').delete()", 'privileges'],
    ["app.get('knex')('accounts').first('country')", 'accounts'],
    ["q.leftJoin('companies as c', 'c.id', 'au.company_id')", 'companies'],
    ["q.join('users as u', 'u.id', 'au.user_id')", 'users'],
    ["knex.raw('(select count(*) from files f where f.account_id = a.id) as n')", 'files'],
    ['q.whereRaw(`exists (select 1 from projects p join companies c on c.id = p.company_id)`)', 'projects'],
  ])('%s names %s', (source, table) => {
    expect(tablesUsedIn(source).map((u) => u.table)).toContain(table)
  })

  test('asking whether a table exists counts, whichever table', () => {
    expect(tablesUsedIn("if (await tableExists(knex, 'companies')) q.select('x')").map((u) => u.table)).toContain('(whether a table exists)')
    expect(tablesUsedIn("await knex.schema.hasTable('files')").map((u) => u.table)).toContain('(whether a table exists)')
  })

  test('settings, columns and comments are no uses', () => {
    const source = "app.get('projects')\nq.pluck('name')\n// knex('privileges')\nconst m = 'Moved from companies'"
    expect(tablesUsedIn(source)).toEqual([])
  })
})

describe('the check over a repository', () => {
  /** An empty repository in a temporary folder, and a writer of its files. */
  const tempRepo = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tables-'))
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), text)
    }
    return { root, write }
  }

  test("lists a plugin's use of another plugin's table with its line, and nothing of its own tables or tests", () => {
    const { root, write } = tempRepo()
    write('plugins/core/src/migrations/001.ts', "knex.schema.createTable('users', () => {})")
    write('plugins/notes/src/migrations/001.ts', "knex.schema.createTable('notes', () => {})")
    write('plugins/notes/src/index.ts', "const own = knex('notes')\nconst theirs = knex('users').first()\n")
    write('plugins/notes/src/index.test.ts', "knex('users')")
    expect(checkTables(root)).toEqual([{ file: 'plugins/notes/src/index.ts', line: 2, table: 'users', owner: 'core' }])
  })

  test("a plugin may not ask whether a table exists; the kit may, for knex's own migration tables", () => {
    const { root, write } = tempRepo()
    write('plugins/notes/src/index.ts', "if (await knex.schema.hasTable('files')) {}")
    write('plugins/kit/src/database.ts', 'if (await knex.schema.hasTable(table)) return')
    expect(checkTables(root)).toEqual([
      { file: 'plugins/notes/src/index.ts', line: 1, table: '(whether a table exists)', owner: 'nobody: ask the owner through an extension point' },
    ])
  })
})
