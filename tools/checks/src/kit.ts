/**
 * The kit check (issue 8 §8): modules/kit holds what every module needs and knows no
 * product module. A string in the kit's code may not name one: no module or plugin id
 * (`'users'`, a `users:` text key) and no path of a plugin's API or a remote's routes
 * (`/api/companies`, `` `/accountusers/${id}/privileges` ``, `/users`). A piece one module
 * owns lives in that module; the kit offers the frame (crumbs, lists, forms) it fills in.
 *
 * The names come from the repository: the folders under modules/ and plugins/ (the ids)
 * and the first segment of every path a plugin's `*.shared.ts` declares (`accountusers`).
 * Allowed, the kit's own generic needs: the access core's calls in ALLOWED_PATHS.
 * Scanned: modules/kit/src without tests (their sample paths are data), comments left out.
 *
 * Usage: `npm run -w @app/checks kit`; prints `file:line  message` per string and exits 1
 * when there is any.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO_ROOT, stripComments } from './boundaries'

/**
 * What the session, the client and the privilege words ask of the API, whichever modules a
 * tenant has. `search` is core's always-on GET /search, and HTML's word (`<input type="search">`).
 */
export const ALLOWED_PATHS = ['authentication', 'modules', 'contexts', 'accounts/privileges/global', 'search'] as const

export interface KitNaming {
  file: string
  line: number
  text: string
  name: string
}

const KIT_SOURCE = 'modules/kit/src'
const SOURCE = /\.tsx?$/
const TEST_FILE = /\.test\.tsx?$|\/test\//
/** A declared path of a plugin service, e.g. `export const userPrivilegesPath = 'accountusers/:userId/privileges'`. */
const DECLARED_PATH = /Path\s*=\s*['"`]\/?([\w-]+)/g
/** A string literal on one line (a template literal's `${…}` is kept as text). */
const STRING = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g

const filesUnder = (root: string, dir: string): string[] => {
  const full = path.join(root, dir)
  if (!existsSync(full)) return []
  return readdirSync(full).flatMap((entry) => {
    const rel = `${dir}/${entry}`
    if (entry === 'node_modules' || entry === 'dist') return []
    return statSync(path.join(root, rel)).isDirectory() ? filesUnder(root, rel) : SOURCE.test(entry) ? [rel] : []
  })
}

const folders = (root: string, dir: string) =>
  readdirSync(path.join(root, dir)).filter((entry) => entry !== 'kit' && statSync(path.join(root, dir, entry)).isDirectory())

/** The product modules' names: module and plugin ids, and the first segments of the plugins' API paths. */
export const productNames = (root = REPO_ROOT): Set<string> => {
  const names = new Set([...folders(root, 'modules'), ...folders(root, 'plugins')])
  for (const plugin of folders(root, 'plugins'))
    for (const file of filesUnder(root, `plugins/${plugin}/src`).filter((f) => f.endsWith('.shared.ts')))
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(DECLARED_PATH)) names.add(match[1]!)
  return names
}

const allowed = (route: string) => ALLOWED_PATHS.some((prefix) => route === prefix || route.startsWith(`${prefix}/`) || route.startsWith(`${prefix}?`))

/** The product name a string literal's text names, or undefined: an id, a `name:` text key, or a path segment. */
export const nameIn = (text: string, names: ReadonlySet<string>): string | undefined => {
  if (names.has(text) && !allowed(text)) return text
  const key = /^([\w-]+):/.exec(text)
  if (key && names.has(key[1]!)) return key[1]
  if (!text.startsWith('/')) return undefined
  const route = text.replace(/^\/(api\/)?/, '')
  if (allowed(route)) return undefined
  return route.split(/[/?#]/).find((segment) => names.has(segment))
}

/** Every string of the kit's code that names a product module. */
export const checkKit = (root = REPO_ROOT): KitNaming[] => {
  const names = productNames(root)
  const found: KitNaming[] = []
  for (const file of filesUnder(root, KIT_SOURCE).filter((f) => !TEST_FILE.test(f))) {
    const code = stripComments(readFileSync(path.join(root, file), 'utf8'))
    for (const match of code.matchAll(STRING)) {
      const name = nameIn(match[2]!, names)
      if (name) found.push({ file, line: code.slice(0, match.index).split('\n').length, text: match[0], name })
    }
  }
  return found
}

export const formatNaming = (n: KitNaming) => `${n.file}:${n.line}  names the product module "${n.name}": ${n.text}`

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const found = checkKit()
  for (const n of found) console.log(formatNaming(n))
  if (found.length) {
    console.log(`\n${found.length} product name${found.length === 1 ? '' : 's'} in modules/kit: move the piece to the module that owns it (docs/frontend.md, "What the kit holds").`)
    process.exit(1)
  }
  console.log('The kit names no product module.')
}
