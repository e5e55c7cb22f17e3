/**
 * The boundary check: the import arrows of ARCHITECTURE.md, enforced.
 *
 *   modules/<m>  → modules/kit (@app/module-kit) and plugins' browser-safe `/shared` entries only
 *   modules/kit  → plugins' `/shared` entries only (never a module, shell/ or api/)
 *   plugins/<p>  → plugins/kit (@app/plugin-kit) and other plugins' `/shared` entries only; never api/
 *   plugins/kit  → no other workspace package
 *   shell/       → modules/kit (and plugins' `/shared`); never a module, a plugin's server entry or api/
 *   api/         → plugins; never the browser side (modules/, shell/)
 *   tools/       → anything (seed, bench and generators drive the whole app)
 *   everywhere   → no relative import that climbs out of its own package
 *   plugins' `/shared` entries, and every file they import, stay browser-safe: no server
 *   entry of the kit or a plugin, no knex, no Koa, no Node built-ins.
 *
 * Exceptions, on purpose:
 *   - test files in plugins (`*.test.ts`, and helpers in a `test/` folder) may import
 *     `@app/api/testing`, the real server for HTTP tests, and `@app/testing`, its fixture
 *     builders; nothing else of api/ or tools/.
 *   - a package's own build/test config (`<package>/*.config.ts`) may import the shared
 *     config files at the repository root (vitest.shared.ts, vitest.web.ts, rspack.config.ts).
 *
 * Usage: `npm run -w @app/checks boundaries`; prints `file:line  rule` per violation and
 * exits 1 when there is any.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type AreaKind = 'module' | 'module-kit' | 'plugin' | 'plugin-kit' | 'api' | 'shell' | 'tool' | 'root'

export interface Workspace {
  /** Package name, e.g. @app/plugin-core. */
  name: string
  /** Folder relative to the repository root, with forward slashes: plugins/core. */
  dir: string
  kind: AreaKind
}

export interface Import {
  specifier: string
  line: number
}

export interface Violation {
  file: string
  line: number
  specifier: string
  rule: string
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.turbo', '.git', 'data'])
const SOURCE = /\.(ts|tsx|mts|cts)$/
const TEST_FILE = /\.test\.(ts|tsx)$|\/test\/[^/]+\.tsx?$/
const SERVER_ONLY = /^(node:|knex$|knex\/|@feathersjs\/(knex|koa|authentication|authentication-local|express)(\/|$)|better-sqlite3|mysql2|nodemailer)/
/** What a plugin's tests may import beyond the plugin rules: the real test server and the fixture builders. */
const TEST_SUPPORT = new Set(['@app/api/testing', '@app/testing'])
const ROOT_CONFIG_FILES = new Set(['vitest.shared.ts', 'vitest.web.ts', 'rspack.config.ts'])

const kindOf = (dir: string): AreaKind => {
  if (dir === 'api') return 'api'
  if (dir === 'shell') return 'shell'
  if (dir === 'modules/kit') return 'module-kit'
  if (dir === 'plugins/kit') return 'plugin-kit'
  if (dir.startsWith('modules/')) return 'module'
  if (dir.startsWith('plugins/')) return 'plugin'
  if (dir.startsWith('tools/')) return 'tool'
  return 'root'
}

/** The workspace packages named by the root package.json (`dir` or `dir/*` globs). */
export const readWorkspaces = (root = REPO_ROOT): Workspace[] => {
  const globs: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces ?? []
  const dirs = globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [glob]
    const parent = glob.slice(0, -2)
    if (!existsSync(path.join(root, parent))) return []
    return readdirSync(path.join(root, parent)).map((d) => `${parent}/${d}`)
  })
  return dirs
    .filter((dir) => existsSync(path.join(root, dir, 'package.json')))
    .map((dir) => ({ dir, name: JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name as string, kind: kindOf(dir) }))
}

/** The source with comments blanked out (line breaks kept), so commented-out imports do not count. */
export const stripComments = (source: string): string => {
  let out = ''
  let i = 0
  const copy = () => {
    out += source[i]
    i++
  }
  const blank = () => {
    out += source[i] === '\n' ? '\n' : ' '
    i++
  }
  while (i < source.length) {
    const c = source[i]!
    const next = source[i + 1]
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') blank()
    } else if (c === '/' && next === '*') {
      blank()
      blank()
      while (i < source.length && !(source[i] === '*' && source[i + 1] === '/')) blank()
      if (i < source.length) {
        blank()
        blank()
      }
    } else if (c === "'" || c === '"' || c === '`') {
      // Strings are copied as they are; ' and " end at the line's end at the latest (a stray quote in a regex).
      copy()
      while (i < source.length && source[i] !== c && (c === '`' || source[i] !== '\n')) {
        if (source[i] === '\\') copy()
        if (i < source.length) copy()
      }
      if (i < source.length) copy()
    } else copy()
  }
  return out
}

const IMPORT_PATTERNS = [
  // import x from '…', import { a } from '…', import type …, export * from '…', export { a } from '…'
  /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s*(['"])([^'"\n]+)\1/g,
  // import '…' (side effects)
  /(?:^|[^\w$.])import\s*(['"])([^'"\n]+)\1/g,
  // import('…'), require('…'), vi.mock('…')
  /(?:^|[^\w$])(?:import|require|vi\.mock|vi\.importActual)\s*\(\s*(['"])([^'"\n]+)\1/g,
]

/** Every import specifier in a source file, with its line. */
export const findImports = (source: string): Import[] => {
  const code = stripComments(source)
  const found = new Map<number, Import>()
  for (const pattern of IMPORT_PATTERNS)
    for (const match of code.matchAll(pattern)) {
      const at = match.index! + match[0].lastIndexOf(match[1]! + match[2]!)
      if (!found.has(at)) found.set(at, { specifier: match[2]!, line: code.slice(0, at).split('\n').length })
    }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, i]) => i)
}

const packageOf = (specifier: string) => {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? { name: parts.slice(0, 2).join('/'), subpath: parts.slice(2).join('/') } : { name: parts[0]!, subpath: parts.slice(1).join('/') }
}

const owner = (file: string, workspaces: Workspace[]) =>
  workspaces.filter((w) => file === w.dir || file.startsWith(`${w.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0]

/**
 * The rule an import breaks, or undefined. `file` is relative to the repository root
 * with forward slashes.
 */
export const ruleBroken = (file: string, specifier: string, workspaces: Workspace[]): string | undefined => {
  const from = owner(file, workspaces)
  const kind: AreaKind = from?.kind ?? 'root'
  const isTest = TEST_FILE.test(file)

  if (specifier.startsWith('.')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
    if (target.startsWith('..')) return 'relative import leaves the repository'
    if (!from) return undefined
    if (target === from.dir || target.startsWith(`${from.dir}/`)) return undefined
    const configFile = path.posix.dirname(file) === from.dir && /\.config\.(ts|mts|js|mjs)$/.test(file)
    if (configFile && !target.includes('/') && ROOT_CONFIG_FILES.has(target.replace(/\.(ts|js)$/, '') + '.ts')) return undefined
    return `relative import climbs out of ${from.dir}; import the package by its name`
  }

  const { name, subpath } = packageOf(specifier)
  if (!name.startsWith('@app/')) return undefined
  const to = workspaces.find((w) => w.name === name)
  if (!to) return `unknown workspace package ${name}`
  if (from && to.name === from.name) return undefined
  const shared = subpath === 'shared'
  const intoPlugin = to.kind === 'plugin' || to.kind === 'plugin-kit'

  switch (kind) {
    case 'module':
      if (to.kind === 'module-kit') return undefined
      if (intoPlugin) return shared ? undefined : `modules/<m> may use a plugin only through its browser-safe ${name}/shared`
      if (to.kind === 'module') return 'a module may not import another module (share through modules/kit)'
      if (to.kind === 'shell') return 'a remote may not import shell/'
      return `modules/<m> may import only @app/module-kit and @app/plugin-*/shared, not ${name}`
    case 'module-kit':
      if (intoPlugin) return shared ? undefined : `modules/kit may use a plugin only through its browser-safe ${name}/shared`
      return `modules/kit may not import ${name}`
    case 'plugin':
    case 'plugin-kit':
      if (isTest && TEST_SUPPORT.has(specifier)) return undefined
      if (to.kind === 'api') return 'a plugin may not import api/ (tests may import @app/api/testing)'
      if (to.kind === 'tool') return 'a plugin may not import tools/ (tests may import @app/testing)'
      if (kind === 'plugin-kit') return `plugins/kit may not import ${name}`
      if (to.kind === 'plugin-kit') return undefined
      if (to.kind === 'plugin') return shared ? undefined : `a plugin may use another plugin only through ${name}/shared`
      return `plugins/<p> may import only @app/plugin-kit and other plugins' /shared, not ${name}`
    case 'shell':
      if (to.kind === 'module-kit') return undefined
      if (intoPlugin && shared) return undefined
      if (intoPlugin) return `shell/ may not import a plugin's server entry (${specifier})`
      if (to.kind === 'module') return 'shell/ may not import a module: remotes are loaded at run time'
      return `shell/ may import only @app/module-kit, not ${name}`
    case 'api':
      if (to.kind === 'module' || to.kind === 'module-kit' || to.kind === 'shell') return `api/ may not import the browser side (${name})`
      return undefined
    default:
      return undefined
  }
}

const listSources = (root: string, dir = ''): string[] => {
  const out: string[] = []
  for (const entry of readdirSync(path.join(root, dir))) {
    if (SKIP_DIRS.has(entry) || entry.startsWith('.')) continue
    const rel = dir ? `${dir}/${entry}` : entry
    const stat = statSync(path.join(root, rel))
    if (stat.isDirectory()) out.push(...listSources(root, rel))
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) out.push(rel)
  }
  return out
}

const resolveRelative = (root: string, file: string, specifier: string): string | undefined => {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((c) => SOURCE.test(c) && existsSync(path.join(root, c)))
}

/** Files reachable from each plugin's `./shared` export must stay browser-safe. */
const checkSharedEntries = (root: string, workspaces: Workspace[], read: (file: string) => string): Violation[] => {
  const violations: Violation[] = []
  for (const w of workspaces.filter((x) => x.kind === 'plugin' || x.kind === 'plugin-kit')) {
    const exportsField = JSON.parse(read(`${w.dir}/package.json`)).exports
    const entry = typeof exportsField === 'object' ? exportsField?.['./shared'] : undefined
    if (typeof entry !== 'string') continue
    const queue = [path.posix.normalize(`${w.dir}/${entry}`)]
    const seen = new Set<string>()
    while (queue.length) {
      const file = queue.shift()!
      if (seen.has(file) || !existsSync(path.join(root, file))) continue
      seen.add(file)
      for (const { specifier, line } of findImports(read(file))) {
        if (specifier.startsWith('.')) {
          const next = resolveRelative(root, file, specifier)
          if (next) queue.push(next)
          continue
        }
        const { name, subpath } = packageOf(specifier)
        const to = workspaces.find((x) => x.name === name)
        const serverEntry = to && (to.kind === 'plugin' || to.kind === 'plugin-kit') && subpath !== 'shared' && to.name !== w.name
        if (SERVER_ONLY.test(specifier) || serverEntry)
          violations.push({ file, line, specifier, rule: `${w.name}/shared must stay browser-safe: it reaches ${specifier}` })
      }
    }
  }
  return violations
}

/** Runs every rule over the repository; an empty list means the arrows hold. */
export const checkBoundaries = (root = REPO_ROOT): Violation[] => {
  const workspaces = readWorkspaces(root)
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
  const violations: Violation[] = []
  for (const file of listSources(root))
    for (const { specifier, line } of findImports(read(file))) {
      const rule = ruleBroken(file, specifier, workspaces)
      if (rule) violations.push({ file, line, specifier, rule })
    }
  violations.push(...checkSharedEntries(root, workspaces, read))
  return violations
}

export const formatViolation = (v: Violation) => `${v.file}:${v.line}  ${v.rule}  ('${v.specifier}')`

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const violations = checkBoundaries()
  for (const v of violations) console.log(formatViolation(v))
  if (violations.length) {
    console.log(`\n${violations.length} boundary violation${violations.length === 1 ? '' : 's'}; see ARCHITECTURE.md "One module, end to end".`)
    process.exit(1)
  }
  console.log('Boundaries hold.')
}
