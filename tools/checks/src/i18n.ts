/**
 * `npm run i18n:check`: every user-visible string exists in all five languages and
 * is translated. It reads every `locales/` (or `*-locales/`) folder under shell/, modules/
 * and plugins/ (each holds en-GB.json and the four others; the plugins' hold what the API
 * itself writes, such as Excel headers) and the menu and tile labels the plugins declare
 * for the chrome. A value equal to the English counts as untranslated unless
 * its key is listed in that folder's `same.json` (words that really are the same,
 * such as "E-mail" in Norwegian). Placeholders ({{min}}) must match the English.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const LOCALES = ['en-GB', 'fi-FI', 'no-NO', 'pl-PL', 'se-SE'] as const
const ENGLISH = 'en-GB'

export interface Problem {
  where: string
  locale: string
  key: string
  problem: 'missing' | 'extra' | 'untranslated' | 'placeholders' | 'empty' | 'unreadable'
}

/** `{a: {b: 'x'}}` → `{'a.b': 'x'}`; i18next plural and context suffixes stay part of the key. */
export const flatten = (value: unknown, prefix = ''): Record<string, string> => {
  if (typeof value === 'string') return { [prefix]: value }
  if (!value || typeof value !== 'object') return { [prefix]: String(value) }
  const out: Record<string, string> = {}
  for (const [key, child] of Object.entries(value)) Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key))
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort().join(',')

/** Compares one set of translations (locale → flat key/value) against English. */
export const checkSet = (where: string, byLocale: Record<string, Record<string, string> | undefined>, same: ReadonlySet<string> = new Set()) => {
  const problems: Problem[] = []
  const english = byLocale[ENGLISH]
  if (!english) return [{ where, locale: ENGLISH, key: '*', problem: 'missing' as const }]
  for (const locale of LOCALES) {
    const texts = byLocale[locale]
    if (!texts) {
      problems.push({ where, locale, key: '*', problem: 'missing' })
      continue
    }
    for (const [key, text] of Object.entries(english)) {
      const translated = texts[key]
      if (translated === undefined) problems.push({ where, locale, key, problem: 'missing' })
      else if (!translated.trim()) problems.push({ where, locale, key, problem: 'empty' })
      else if (placeholders(translated) !== placeholders(text)) problems.push({ where, locale, key, problem: 'placeholders' })
      else if (locale !== ENGLISH && translated === text && !same.has(key)) problems.push({ where, locale, key, problem: 'untranslated' })
    }
    for (const key of Object.keys(texts)) if (!(key in english)) problems.push({ where, locale, key, problem: 'extra' })
  }
  return problems
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))

/** Every `locales` folder below `dir`, skipping build output and dependencies. */
export const localeFolders = (dir: string): string[] => {
  if (!existsSync(dir)) return []
  const found: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
    const child = path.join(dir, name)
    if (!statSync(child).isDirectory()) continue
    if (name === 'locales' || name.endsWith('-locales')) found.push(child)
    else found.push(...localeFolders(child))
  }
  return found
}

export const checkFolder = (folder: string, root: string) => {
  const where = path.relative(root, folder)
  const byLocale: Record<string, Record<string, string> | undefined> = {}
  const problems: Problem[] = []
  for (const locale of LOCALES) {
    const file = path.join(folder, `${locale}.json`)
    if (!existsSync(file)) continue
    try {
      byLocale[locale] = flatten(readJson(file))
    } catch {
      problems.push({ where, locale, key: '*', problem: 'unreadable' })
    }
  }
  const sameFile = path.join(folder, 'same.json')
  const same = new Set(existsSync(sameFile) ? (readJson(sameFile) as string[]) : [])
  return [...problems, ...checkSet(where, byLocale, same)]
}

interface Labelled {
  id: string
  label: Record<string, string>
}

/** The chrome's labels come from the plugins (so no remote is loaded to draw the menu). */
export const checkPluginLabels = (plugins: { id: string; remotes?: { menu?: Labelled[]; tiles?: Labelled[] }[] }[]) =>
  plugins.flatMap((plugin) => {
    const entries = (plugin.remotes ?? []).flatMap((remote) => [...(remote.menu ?? []), ...(remote.tiles ?? [])])
    if (!entries.length) return []
    const byLocale: Record<string, Record<string, string>> = {}
    for (const locale of LOCALES)
      byLocale[locale] = Object.fromEntries(entries.filter((e) => typeof e.label?.[locale] === 'string').map((e) => [e.id, e.label[locale]!]))
    return checkSet(`plugin ${plugin.id} menu`, byLocale)
  })

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export const checkRepository = async (root = repoRoot) => {
  const folders = ['shell', 'modules', 'plugins'].flatMap((dir) => localeFolders(path.join(root, dir)))
  const { plugins } = await import('@app/api/plugins')
  const problems = [...folders.flatMap((folder) => checkFolder(folder, root)), ...checkPluginLabels(plugins as never)]
  return { folders, problems }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  const { folders, problems } = await checkRepository()
  for (const p of problems) console.log(`${p.where}  ${p.locale}  ${p.key}  ${p.problem}`)
  console.log(`${folders.length} locale folders and the plugins' menu labels checked in ${LOCALES.length} languages: ${problems.length} problems.`)
  process.exit(problems.length ? 1 : 0)
}
