/**
 * `npx tsx src/profile-summary.ts results/profiles/list.cpuprofile [top]`: where the
 * API server's CPU time went during a measured run — self time by package and by
 * function, and inclusive time of the app's own functions and well-known stages.
 */
import { readFileSync } from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
}

const file = process.argv[2]
if (!file) {
  console.error('usage: tsx src/profile-summary.ts <file.cpuprofile> [top]')
  process.exit(1)
}
const top = Number(process.argv[3] ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

const self = new Map<number, number>()
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
const total = [...self.values()].reduce((a, b) => a + b, 0)

const where = (url: string) => {
  if (!url) return '(native/V8)'
  const nm = url.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  if (url.startsWith('node:')) return 'node core'
  const app = /\/(api|plugins\/[^/]+|tools\/[^/]+)\/src\//.exec(url)
  return app ? `app: ${app[1]}` : url
}
const label = (n: Node) => {
  const f = n.callFrame
  const short = f.url ? f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/main\//, '') : ''
  return `${f.functionName || '(anonymous)'} ${short}${f.url ? `:${f.lineNumber + 1}` : ''}`
}

const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`)
  for (const [k, v] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v)}  ${k}`)
}

const bySelfPackage = new Map<string, number>()
const bySelfFunction = new Map<string, number>()
const inclusive = new Map<string, number>()
for (const [id, us] of self) {
  const n = byId.get(id)!
  const pkg = n.callFrame.functionName === '(garbage collector)' ? '(garbage collector)' : n.callFrame.functionName === '(idle)' ? '(idle)' : where(n.callFrame.url)
  bySelfPackage.set(pkg, (bySelfPackage.get(pkg) ?? 0) + us)
  bySelfFunction.set(label(n), (bySelfFunction.get(label(n)) ?? 0) + us)
  // Inclusive time: each distinct frame on the stack once.
  const seen = new Set<string>()
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const node = byId.get(cur)!
    const key = label(node)
    if (seen.has(key)) continue
    seen.add(key)
    inclusive.set(key, (inclusive.get(key) ?? 0) + us)
  }
}

console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`)
print('Self time by package', bySelfPackage)
print('Self time by function', bySelfFunction)
print(
  'Inclusive time (the app and the libraries’ main stages)',
  new Map([...inclusive.entries()].filter(([k]) => !k.startsWith('(') && !/^\(anonymous\) (node:|$)/.test(k))),
)
