/**
 * `npm run bench`: one run measures, from this process over loopback, a bare Koa
 * hello-world, the authenticated tenant-scoped list call and sign-in against the
 * real API server (a child process) on a database seeded with 100 accounts × 1,000
 * companies, prints the figures with PASS/FAIL against the goals and writes them to
 * results/latest.json. See README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import knexFactory from 'knex'
import { BENCH_PASSWORD, benchUser, CHECKLIST_SCALE, DOCUMENT_SCALE, projectsUser, type SeedCounts } from './seed'

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const resultsDir = path.join(benchDir, 'results')

const env = process.env
const num = (name: string, fallback: number) => {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`)
  return value
}

const SECONDS = num('BENCH_SECONDS', 10)
const WARMUP = num('BENCH_WARMUP', 3)
const CONNECTIONS = num('BENCH_CONNECTIONS', 50)
const SIGNIN_RATE = num('BENCH_SIGNIN_RATE', 20)
const ACCOUNTS = num('BENCH_ACCOUNTS', 100)
const ROWS = num('BENCH_ROWS', 1000)
// The last account is the administration scale account; the list call uses the first ones.
const TOKENS = Math.min(num('BENCH_TOKENS', 20), ACCOUNTS - 1)
const PROFILE = ['1', 'true', 'yes'].includes((env.BENCH_PROFILE ?? '').toLowerCase())
const DATABASE_URL = env.BENCH_DATABASE_URL
const LIST_PATH = '/api/companies?$limit=10'
/** The same page from the peer, a vanilla Feathers app without tenancy: the account is a filter. */
const peerListPath = (accountId: number) => `/companies?account_id=${accountId}&$limit=10`
const STAGES = ['bare', 'list', 'peer', 'signin', 'admin', 'projects', 'documents', 'checklists'] as const
const ONLY = new Set((env.BENCH_ONLY || STAGES.join(',')).split(',').map((s) => s.trim()))
for (const stage of ONLY) if (!STAGES.includes(stage as never)) throw new Error(`BENCH_ONLY: unknown stage "${stage}"; known: ${STAGES.join(', ')}`)

/**
 * The list call: at most 200 µs of server CPU, and at least 4× the calls a second of the
 * vanilla Feathers peer serving the same rows in the same run (issue 7, section 5). Bare
 * Koa stays the ceiling, reported but no goal.
 */
const GOALS = { listCpuUs: 200, peerRatio: 4, listP99: 50, signInP99: 250, adminListP99: 100, exportGrowthMb: 64, projectsP99: 50, documentsP99: 50, checklistsP99: 50 }
/** The administration scale: one account with this many users and companies. */
const SCALE = { users: num('BENCH_SCALE_USERS', 20_000), companies: num('BENCH_SCALE_COMPANIES', 5_000), connections: 10 }
/** The documents scale (issue 10): documents in each of the projects account's 5,000 projects, and files a document on average. */
const DOCUMENTS = { perProject: num('BENCH_DOCUMENTS_PER_PROJECT', 100), filesPerDocument: num('BENCH_FILES_PER_DOCUMENT', 4) }
/** The checklists scale (issue 11): checklists in one project, items in each. */
const CHECKLISTS = { perProject: num('BENCH_CHECKLISTS_PER_PROJECT', CHECKLIST_SCALE.checklists), items: num('BENCH_CHECKLIST_ITEMS', CHECKLIST_SCALE.items) }

// ---------------------------------------------------------------- child processes

const children = new Set<ChildProcess>()

interface Ready {
  type: 'ready'
  port: number
  counts?: SeedCounts
  scale?: { accountId: number; users: number; companies: number; seconds: number }
  projects?: { accountId: number; projects: number; users: number; privileges: number; held: number; seconds: number }
  documents?: { accountId: number; documents: number; files: number; controls: number; revisions: number; favourites: number; visits: number; seconds: number }
  checklists?: { accountId: number; projectId: number; checklistId: number; checklists: number; topLevel: number; items: number; seconds: number }
  database?: string
}

/** Starts `node --import tsx <file>` with an IPC channel; resolves with its "ready" message. */
const startChild = (file: string, childEnv: Record<string, string>, nodeArgs: string[] = [], timeoutMs = 3_600_000) =>
  new Promise<{ child: ChildProcess; ready: Ready }>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(benchDir, 'src', file)], {
      cwd: benchDir,
      env: { ...process.env, ...childEnv },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    children.add(child)
    const timer = setTimeout(() => reject(new Error(`${file} did not start within ${timeoutMs / 1000} s`)), timeoutMs)
    child.on('message', (message: any) => {
      if (message?.type === 'ready') {
        clearTimeout(timer)
        resolve({ child, ready: message })
      } else if (message?.type === 'error') {
        clearTimeout(timer)
        reject(new Error(`${file} failed to start:\n${message.message}`))
      }
    })
    child.on('exit', (code, signal) => {
      children.delete(child)
      clearTimeout(timer)
      reject(new Error(`${file} exited (${signal ?? code}) before it was ready`))
    })
  })

/** SIGTERM (the children exit cleanly, writing a CPU profile if asked), SIGKILL after 10 s. */
const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      children.delete(child)
      resolve()
    })
    child.kill('SIGTERM')
  })

const stopAll = () => Promise.all([...children].map(stopChild))

// ---------------------------------------------------------------- database

interface Database {
  env: Record<string, string>
  label: string
  drop: () => Promise<void>
}

const mysqlAdmin = (url: URL) => {
  const server = new URL(url)
  server.pathname = '/'
  return knexFactory({ client: 'mysql2', connection: { uri: server.toString() } as any, pool: { min: 0, max: 1 } })
}

/**
 * SQLite in a fresh temporary DATA_DIR, or, with BENCH_DATABASE_URL, a fresh MariaDB/MySQL
 * database named after the URL's database (as a prefix) that is dropped at the end.
 */
const prepareDatabase = async (dataDir: string): Promise<Database> => {
  if (!DATABASE_URL) return { env: {}, label: 'SQLite (better-sqlite3, WAL)', drop: async () => {} }
  const url = new URL(DATABASE_URL.replace(/^mariadb:/, 'mysql:'))
  if (url.protocol !== 'mysql:') throw new Error('BENCH_DATABASE_URL must be a mysql:// or mariadb:// URL')
  const prefix = (url.pathname.replace(/^\//, '') || 'bench').replace(/[^A-Za-z0-9_]/g, '_')
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  const admin = mysqlAdmin(url)
  const version = (await admin.raw('select version() as v'))[0][0].v as string
  await admin.raw(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`)
  await admin.destroy()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  console.log(`Created database ${name} on ${url.host} (${version}) in ${dataDir}`)
  return {
    env: { DATABASE_URL: dbUrl.toString(), SINGLE_INSTANCE: 'true' },
    label: `MariaDB/MySQL ${version} (mysql2, pool 10)`,
    drop: async () => {
      const again = mysqlAdmin(url)
      await again.raw(`drop database if exists \`${name}\``)
      await again.destroy()
    },
  }
}

// ---------------------------------------------------------------- measuring

interface Figures {
  name: string
  connections: number
  seconds: number
  requests: number
  reqPerSec: number
  p50: number
  p90: number
  p99: number
  max: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  /** The API server's own CPU time per request (user + system, µs): unlike req/s, it holds on a busy machine. */
  cpuPerRequestUs?: number
}

const figures = (name: string, r: autocannon.Result): Figures => ({
  name,
  connections: r.connections,
  seconds: r.duration,
  requests: r.requests.total,
  reqPerSec: Math.round(r.requests.average * 10) / 10,
  p50: r.latency.p50,
  p90: r.latency.p90,
  p99: r.latency.p99,
  max: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count])),
})

const failures = (f: Figures) => f.non2xx + f.errors + f.timeouts

const cannon = (options: autocannon.Options) => autocannon({ timeout: 10, ...options }) as Promise<autocannon.Result>

/** Sends the API server a message and resolves with its first answer of `replyType`. */
const ask = <T = any>(child: ChildProcess, message: Record<string, unknown>, replyType: string) =>
  new Promise<T>((resolve) => {
    const onMessage = (answer: any) => {
      if (answer?.type !== replyType) return
      child.off('message', onMessage)
      resolve(answer)
    }
    child.on('message', onMessage)
    child.send(message)
  })

/** Asks the API server to start or stop its CPU profiler (BENCH_PROFILE); resolves when it has. */
const profiler = async (child: ChildProcess | undefined, action: 'start' | 'stop', file?: string) => {
  if (child) await ask(child, { type: 'profile', action, file }, 'profiled')
}

/** The API server's CPU time over a measured run, µs per request. */
const serverCpu = (child: ChildProcess) => {
  child.send({ type: 'cpu', action: 'start' })
  return async (requests: number) => {
    const { micros } = await ask<{ micros: number }>(child, { type: 'cpu', action: 'stop' }, 'cpu')
    return requests ? Math.round(micros / requests) : undefined
  }
}

/**
 * A short untimed run first so JIT, pools and caches are warm; then the measured run.
 * `api`: the API server measured (its CPU per request is reported; a profile is written when `profile` names a file).
 */
const measure = async (name: string, options: autocannon.Options, api?: { child: ChildProcess; profile?: string }) => {
  if (WARMUP > 0) await cannon({ ...options, duration: WARMUP })
  process.stdout.write(`Measuring ${name} for ${SECONDS} s… `)
  if (api?.profile) await profiler(api.child, 'start')
  const cpuPerRequest = api && serverCpu(api.child)
  const result = figures(name, await cannon({ ...options, duration: SECONDS }))
  result.cpuPerRequestUs = await cpuPerRequest?.(result.requests)
  if (api?.profile) await profiler(api.child, 'stop', api.profile)
  const cpu = result.cpuPerRequestUs === undefined ? '' : `, server CPU ${result.cpuPerRequestUs} µs/request`
  console.log(`${result.reqPerSec} req/s, p99 ${result.p99} ms${cpu}${failures(result) ? `, ${failures(result)} failures` : ''}`)
  return result
}

/**
 * Open-loop load at an even pace: request i leaves at start + i/rate whether or not
 * earlier ones have answered (no coordinated omission), over keep-alive connections.
 * autocannon's overallRate instead fires each connection's request at the same moment
 * every second, a burst of `rate` requests at once.
 */
const paced = async (name: string, rate: number, seconds: number, request: (i: number) => RequestInit & { url: string }) => {
  const total = Math.round(rate * seconds)
  const latencies: number[] = []
  const statusCodes: Record<string, number> = {}
  let errors = 0
  const start = performance.now() + 50
  await Promise.all(
    Array.from({ length: total }, (_, i) =>
      new Promise<void>((resolve) => {
        setTimeout(async () => {
          const { url, ...init } = request(i)
          const sent = performance.now()
          try {
            const response = await fetch(url, init)
            await response.arrayBuffer()
            latencies.push(performance.now() - sent)
            statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1
          } catch {
            errors++
          }
          resolve()
        }, Math.max(0, start + (i * 1000) / rate - performance.now()))
      }),
    ),
  )
  const elapsed = (performance.now() - start) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0)
  const non2xx = Object.entries(statusCodes).reduce((n, [code, count]) => n + (code.startsWith('2') ? 0 : count), 0)
  return {
    name,
    connections: 0,
    seconds: Math.round(elapsed),
    requests: total,
    reqPerSec: Math.round((total / elapsed) * 10) / 10,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
    non2xx,
    errors,
    timeouts: 0,
    statusCodes,
  } satisfies Figures
}

const json = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init)
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined }
}

const signIn = async (base: string, username: string, password: string) => {
  const answer = await json(`${base}/api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  if (answer.status !== 201 || !answer.body?.accessToken) throw new Error(`Sign-in of ${username} answered ${answer.status} ${JSON.stringify(answer.body)}`)
  return { token: answer.body.accessToken as string, accountId: answer.body.currentAccountId as number }
}

/**
 * The list call must answer 10 rows of the caller's account out of its 1,000 before it is
 * worth timing; `accountOf` reads a row's account (the API's camelCase, the peer's column).
 */
const checkList = async (url: string, token: string, accountId: number, accountOf = (row: any) => row.accountId) => {
  const answer = await json(url, { headers: { authorization: `Bearer ${token}` } })
  const rows = answer.body?.data as unknown[] | undefined
  const ok = answer.status === 200 && rows?.length === Math.min(10, ROWS) && answer.body.total === ROWS && rows.every((r) => Number(accountOf(r)) === accountId)
  if (!ok) throw new Error(`GET ${url} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
}

/** The server's memory baseline and peak between start and stop (asked over IPC). */
const watchMemory = (child: ChildProcess) => {
  child.send({ type: 'memory', action: 'start' })
  return () => ask<{ baseline: number; peak: number }>(child, { type: 'memory', action: 'stop' }, 'memory')
}

/**
 * Issue "Administration", Scale: one account of 20,000 users and 5,000 companies.
 * Paged, filtered and sorted lists under load, and the Excel exports read to the end
 * while the server's memory is watched.
 */
const measureAdmin = async (base: string, child: ChildProcess, scale: NonNullable<Ready['scale']>) => {
  console.log(`Scale account: ${scale.users} more users and ${scale.companies} companies, seeded in ${scale.seconds} s`)
  const { token } = await signIn(base, benchUser(ACCOUNTS), BENCH_PASSWORD)
  const headers = { authorization: `Bearer ${token}` }
  const paths = [
    `/api/accountusers/${scale.accountId}?$sort[lastName]=1&$skip=10000&$limit=50`,
    `/api/accountusers/${scale.accountId}?filter=last1999&$sort[acronym]=1&$limit=50`,
    '/api/companies?$sort[name]=-1&$skip=2500&$limit=50',
    '/api/companies?filter=scale%20company%2004&$sort[name]=1&$limit=50',
  ]
  for (const p of paths) {
    const answer = await json(base + p, { headers })
    if (answer.status !== 200 || !answer.body?.data?.length) throw new Error(`GET ${p} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  }
  const lists: Figures[] = []
  for (const p of paths)
    lists.push(
      await measure(`GET ${p.replace(String(scale.accountId), '{id}')}`, { url: base, connections: SCALE.connections, requests: [{ method: 'GET', path: p, headers }] }, { child }),
    )

  const exports: { name: string; status: number; bytes: number; ms: number; growthMb: number }[] = []
  for (const p of ['/api/accountusers/export', '/api/companies/export']) {
    const stop = watchMemory(child)
    const started = performance.now()
    const response = await fetch(base + p, { headers })
    let bytes = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
    const took = Math.round(performance.now() - started)
    const { baseline, peak } = await stop()
    exports.push({ name: `GET ${p}`, status: response.status, bytes, ms: took, growthMb: Math.round((peak - baseline) / 1024 / 1024) })
  }
  return { lists, exports }
}

/**
 * Issue "Projects", Scale: one account of 5,000 projects, 2,000 members and about 200,000
 * project grants. The project list (sorted, filtered), the home dashboard's calls and search,
 * each at SCALE.connections, as the account's admin (every project) and as an ordinary
 * member holding a level on 300 of them: each answer is checked first.
 */
const measureProjects = async (base: string, child: ChildProcess, seeded: NonNullable<Ready['projects']>) => {
  console.log(
    `Projects account: ${seeded.projects} projects, ${seeded.users} members, ${seeded.privileges} project grants; ` +
      `the ordinary member holds ${seeded.held}; seeded in ${seeded.seconds} s`,
  )
  const callers = [
    { who: 'admin', username: benchUser(ACCOUNTS - 1), sees: seeded.projects },
    { who: 'member', username: projectsUser, sees: seeded.held },
  ]
  const calls = [
    { path: '/api/projects?$sort[symbol]=1&$limit=50', total: (sees: number) => sees },
    { path: '/api/projects?filter=harbour&$sort[name]=-1&$skip=20&$limit=50', total: (sees: number) => (sees === seeded.projects ? seeded.projects / 5 : undefined) },
    { path: '/api/dashboard/info', total: undefined },
    { path: '/api/dashboard/projects', total: undefined },
    { path: '/api/search?q=pr-001', total: undefined },
    // The home map's markers: every seeded project has a position, so each caller's whole list.
    { path: '/api/projects/positions', total: (sees: number) => sees },
  ]
  const lists: Figures[] = []
  for (const caller of callers) {
    const { token } = await signIn(base, caller.username, BENCH_PASSWORD)
    const headers = { authorization: `Bearer ${token}` }
    for (const call of calls) {
      const answer = await json(base + call.path, { headers })
      const expected = call.total?.(caller.sees)
      if (answer.status !== 200 || (expected !== undefined && answer.body?.total !== expected))
        throw new Error(`GET ${call.path} as ${caller.who} answered ${answer.status} (total ${answer.body?.total}, expected ${expected}): ${JSON.stringify(answer.body).slice(0, 300)}`)
      if (call.path.startsWith('/api/dashboard/info') && caller.who === 'member' && answer.body?.projectCount !== seeded.held)
        throw new Error(`The member's projects tile counts ${answer.body?.projectCount}, not ${seeded.held}`)
    }
    for (const [n, call] of calls.entries()) {
      const profile = PROFILE ? path.join(resultsDir, 'profiles', `projects-${caller.who}-${n + 1}.cpuprofile`) : undefined
      lists.push(await measure(`${caller.who} GET ${call.path.replace('/api', '')}`, { url: base, connections: SCALE.connections, requests: [{ method: 'GET', path: call.path, headers }] }, { child, profile }))
    }
  }
  return lists
}

/**
 * Issue 10 "Benchmark": the projects account's 5,000 projects with 100 documents each
 * (500,000) and 4 files a document on average (2,000,000). As the account admin (every
 * project) and as the member holding 300, at SCALE.connections: the project dashboard of a
 * project they hold (its status boxes and its document groups, the tiles), the documents
 * list's four tabs unfiltered and filtered, and search: for a word that one document in eight
 * holds in its title (and so do its files' names), and for one document's number. Each answer
 * is checked first. Goal: p99 under 50 ms.
 */
const measureDocuments = async (base: string, child: ChildProcess, seeded: NonNullable<Ready['documents']>) => {
  console.log(
    `Documents: ${seeded.documents} documents, ${seeded.files} files, ${seeded.controls} control ticks, ${seeded.revisions} archived revisions, ` +
      `${seeded.favourites} favourites and ${seeded.visits} visits of the two callers; seeded in ${seeded.seconds} s`,
  )
  const callers = [
    { who: 'admin', username: benchUser(ACCOUNTS - 1) },
    { who: 'member', username: projectsUser },
  ]
  const filter = encodeURIComponent(DOCUMENT_SCALE.filter)
  const lists: Figures[] = []
  for (const caller of callers) {
    const { token } = await signIn(base, caller.username, BENCH_PASSWORD)
    const headers = { authorization: `Bearer ${token}` }
    // A project the caller may view: the one of the first document of their All tab.
    const first = await json(`${base}/api/documents?tab=all&$limit=1`, { headers })
    const projectId = first.body?.data?.[0]?.projectId
    // The admin's All tab holds every document: counted in full, or (past the list's bound) "at least".
    if (first.status !== 200 || !projectId || (caller.who === 'admin' && first.body.total !== seeded.documents && first.body.totalCapped !== true))
      throw new Error(`GET /api/documents as ${caller.who} answered ${first.status}: ${JSON.stringify(first.body).slice(0, 300)}`)
    console.log(`${caller.who}: ${first.body.total}${first.body.totalCapped ? '+' : ''} documents in the All tab; project dashboard of project ${projectId}`)
    const calls = [
      { name: 'dashboard status boxes', path: `/api/dashboard?projectId=${projectId}` },
      { name: 'dashboard document groups', path: `/api/projects/${projectId}/foldertypes` },
      ...['all', 'my', 'favorites', 'recent'].flatMap((tab) => [
        { name: `documents ${tab}`, path: `/api/documents?tab=${tab}` },
        { name: `documents ${tab}, filtered`, path: `/api/documents?tab=${tab}&filter=${filter}` },
      ]),
      { name: 'search', path: `/api/search?q=${encodeURIComponent(DOCUMENT_SCALE.search)}` },
      // What users mostly type: one document's number, which few rows hold (that document and its files).
      { name: 'search, a number', path: `/api/search?q=${encodeURIComponent(first.body.data[0].symbol)}` },
    ]
    for (const call of calls) {
      const answer = await json(base + call.path, { headers })
      const body = answer.body
      const ok =
        answer.status === 200 &&
        (call.name === 'dashboard status boxes'
          ? body.counted && body.boxes.totalDocuments === DOCUMENTS.perProject
          : call.name === 'dashboard document groups'
            ? body.reduce((n: number, g: any) => n + g.folders.length, 0) === DOCUMENTS.perProject
            : call.name === 'search'
              ? ['documents', 'files'].every((group) => body.groups.some((g: any) => g.group === group && g.total > 0))
              : call.name === 'search, a number'
                ? body.groups.some((g: any) => g.group === 'documents' && g.total === 1)
              : typeof body.total === 'number' && (call.path.includes('filter') || body.total > 0))
      if (!ok) throw new Error(`GET ${call.path} as ${caller.who} answered ${answer.status}: ${JSON.stringify(body).slice(0, 400)}`)
    }
    for (const [n, call] of calls.entries()) {
      const profile = PROFILE ? path.join(resultsDir, 'profiles', `documents-${caller.who}-${n + 1}.cpuprofile`) : undefined
      lists.push(await measure(`${caller.who} ${call.name}`, { url: base, connections: SCALE.connections, requests: [{ method: 'GET', path: call.path, headers }] }, { child, profile }))
    }
  }
  return lists
}

/**
 * Issue 11 "Scale": one project with 2,000 checklists of 20 items each (a fifth of them
 * sub-checklists). As the account admin and as the member who views the project, at
 * SCALE.connections: the project's list (its first page of 50, the dashboard tile's 4, and
 * its last page) and one checklist with its items. Each answer is checked first. Goal: p99
 * under 50 ms.
 */
const measureChecklists = async (base: string, child: ChildProcess, seeded: NonNullable<Ready['checklists']>) => {
  console.log(`Checklists: ${seeded.checklists} checklists (${seeded.topLevel} top-level) with ${seeded.items} items in project ${seeded.projectId}; seeded in ${seeded.seconds} s`)
  const calls = [
    { name: 'checklists of the project, first 50', path: `/api/checklists/project/${seeded.projectId}` },
    { name: 'checklists of the project, the tile (4)', path: `/api/checklists/project/${seeded.projectId}?$limit=4` },
    { name: 'checklists of the project, last page', path: `/api/checklists/project/${seeded.projectId}?$skip=${Math.max(0, seeded.topLevel - 50)}` },
    { name: 'one checklist with its items', path: `/api/checklists/${seeded.checklistId}` },
  ]
  const figures: Figures[] = []
  for (const caller of [
    { who: 'admin', username: benchUser(ACCOUNTS - 1) },
    { who: 'member', username: projectsUser },
  ]) {
    const { token } = await signIn(base, caller.username, BENCH_PASSWORD)
    const headers = { authorization: `Bearer ${token}` }
    for (const call of calls) {
      const answer = await json(base + call.path, { headers })
      const ok = answer.status === 200 && (call.path.includes('/project/') ? answer.body.data.length > 0 && answer.body.data.every((c: any) => c.itemCount === CHECKLISTS.items) : answer.body.checklistItems.length === CHECKLISTS.items)
      if (!ok) throw new Error(`GET ${call.path} as ${caller.who} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`)
    }
    for (const call of calls) figures.push(await measure(`${caller.who} ${call.name}`, { url: base, connections: SCALE.connections, requests: [{ method: 'GET', path: call.path, headers }] }, { child }))
  }
  return figures
}

/**
 * The vanilla Feathers peer (peer-feathers.ts) on the same database, serving each signed-in
 * account's page of companies with a token of one of its members; checked like the list
 * call, then measured under the same load.
 */
const measurePeer = async (databaseEnv: Record<string, string>, dataDir: string, accountIds: number[]) => {
  const peer = await startChild('peer-feathers.ts', { ...databaseEnv, DATA_DIR: dataDir, PEER_ACCOUNTS: accountIds.join(',') })
  const peerUrl = `http://127.0.0.1:${peer.ready.port}`
  const tokens = (peer.ready as Ready & { tokens: { token: string; accountId: number }[] }).tokens
  for (const t of tokens) await checkList(peerUrl + peerListPath(t.accountId), t.token, t.accountId, (row) => row.account_id)
  let next = 0
  const figures = await measure(
    'vanilla Feathers GET /companies',
    {
      url: peerUrl,
      connections: CONNECTIONS,
      requests: [
        {
          method: 'GET',
          setupRequest: (request: any) => {
            const t = tokens[next++ % tokens.length]!
            return { ...request, path: peerListPath(t.accountId), headers: { ...request.headers, authorization: `Bearer ${t.token}` } }
          },
        },
      ],
    },
    { child: peer.child },
  )
  await stopChild(peer.child)
  return figures
}

// ---------------------------------------------------------------- output

const ms = (value: number) => `${value} ms`
const pad = (value: string | number, width: number) => String(value).padStart(width)

const machine = () => ({
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
})

const printTable = (rows: Figures[]) => {
  const header = ['', 'conns', 'req/s', 'p50', 'p90', 'p99', 'max', 'requests', 'failures', 'CPU/req']
  const widths = [36, 6, 10, 8, 8, 8, 9, 9, 9, 10]
  const line = (cells: (string | number)[]) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[0]!) : pad(c, widths[i]!))).join(' ')
  console.log(line(header))
  for (const r of rows) console.log(line([r.name, r.connections || "paced", r.reqPerSec, ms(r.p50), ms(r.p90), ms(r.p99), ms(r.max), r.requests, failures(r), r.cpuPerRequestUs === undefined ? '' : `${r.cpuPerRequestUs} µs`]))
}

// ---------------------------------------------------------------- the run

const main = async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  const database = await prepareDatabase(dataDir)
  const cleanup = async () => {
    await stopAll()
    // BENCH_KEEP: the data directory and the database stay, to look into afterwards.
    if (env.BENCH_KEEP) return
    await database.drop().catch((error) => console.error('Could not drop the bench database:', error))
    rmSync(dataDir, { recursive: true, force: true })
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`\n${signal}: stopping`)
      cleanup().finally(() => process.exit(130))
    })

  try {
    const started = new Date()
    const m = machine()
    console.log(`Bench ${started.toISOString()} on ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}`)
    console.log(`Database: ${database.label}`)

    const koa = await startChild('bare-koa.ts', {})
    const bareUrl = `http://127.0.0.1:${koa.ready.port}`

    const profileDir = path.join(resultsDir, 'profiles')
    if (PROFILE) mkdirSync(profileDir, { recursive: true })
    console.log(`Starting the API server and seeding ${ACCOUNTS} accounts × ${ROWS} companies…`)
    const api = await startChild(
      'server.ts',
      {
        ...database.env,
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO: 'true',
        DEMO_PASSWORD: BENCH_PASSWORD,
        JWT_SECRET: randomBytes(32).toString('hex'),
        NODE_ENV: 'production',
        RATE_LIMIT_USER: '1000000/900',
        RATE_LIMIT_ADDRESS: '1000000/900',
        BENCH_ACCOUNTS: String(ACCOUNTS),
        BENCH_ROWS: String(ROWS),
        BENCH_SCALE_USERS: ONLY.has('admin') ? String(SCALE.users) : '0',
        BENCH_SCALE_COMPANIES: String(SCALE.companies),
        BENCH_PROJECTS: ONLY.has('projects') || ONLY.has('documents') || ONLY.has('checklists') ? 'true' : '',
        BENCH_CHECKLISTS: ONLY.has('checklists') ? 'true' : '',
        BENCH_CHECKLISTS_PER_PROJECT: String(CHECKLISTS.perProject),
        BENCH_CHECKLIST_ITEMS: String(CHECKLISTS.items),
        BENCH_DOCUMENTS: ONLY.has('documents') ? 'true' : '',
        BENCH_DOCUMENTS_PER_PROJECT: String(DOCUMENTS.perProject),
        BENCH_FILES_PER_DOCUMENT: String(DOCUMENTS.filesPerDocument),
      },
      ['--expose-gc'],
    )
    const apiUrl = `http://127.0.0.1:${api.ready.port}`
    const counts = api.ready.counts!
    console.log(
      `Seeded in ${counts.seconds} s: ${counts.accounts} accounts, ${counts.users} users, ${counts.accountUsers} memberships, ` +
        `${counts.accountModules} account modules, ${counts.companies} companies`,
    )

    // Bearers of several accounts' admins, used in turn by the list call.
    const sessions: { token: string; accountId: number }[] = []
    for (let i = 1; i <= TOKENS; i++) sessions.push(await signIn(apiUrl, benchUser(i), BENCH_PASSWORD))
    for (const s of sessions) await checkList(apiUrl + LIST_PATH, s.token, s.accountId)
    const measured = (file: string) => ({ child: api.child, profile: PROFILE ? path.join(profileDir, file) : undefined })
    console.log(`Signed in ${sessions.length} account admins; each sees 10 of their own account's ${ROWS} companies.`)

    const bare = ONLY.has('bare') ? await measure('bare Koa GET /', { url: bareUrl, connections: CONNECTIONS }, { child: koa.child }) : undefined

    let next = 0
    const list = ONLY.has('list')
      ? await measure(
          `GET ${LIST_PATH}`,
          {
            url: apiUrl,
            connections: CONNECTIONS,
            requests: [
              {
                method: 'GET',
                path: LIST_PATH,
                // Each request carries the next account's bearer.
                setupRequest: (request: any) => ({
                  ...request,
                  headers: { ...request.headers, authorization: `Bearer ${sessions[next++ % sessions.length]!.token}` },
                }),
              },
            ],
          },
          measured('list.cpuprofile'),
        )
      : undefined

    const peer = ONLY.has('peer') ? await measurePeer(database.env, dataDir, sessions.map((s) => s.accountId)) : undefined

    let user = 0
    const signInRequest = () => JSON.stringify({ username: benchUser((user++ % ACCOUNTS) + 1), password: BENCH_PASSWORD })
    let signIns: Figures | undefined
    let signInBursts: Figures | undefined
    if (ONLY.has('signin')) {
      const request = () => ({
        url: `${apiUrl}/api/authentication`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: signInRequest(),
      })
      if (WARMUP > 0) await paced('warm-up', SIGNIN_RATE, WARMUP, request)
      process.stdout.write(`Measuring sign-in at an even ${SIGNIN_RATE}/s for ${SECONDS} s… `)
      await profiler(PROFILE ? api.child : undefined, 'start')
      const cpuPerRequest = serverCpu(api.child)
      signIns = await paced('POST /api/authentication', SIGNIN_RATE, SECONDS, request)
      signIns.cpuPerRequestUs = await cpuPerRequest(signIns.requests)
      await profiler(PROFILE ? api.child : undefined, 'stop', path.join(profileDir, 'sign-in.cpuprofile'))
      console.log(
        `${signIns.reqPerSec} req/s, p99 ${signIns.p99} ms, server CPU ${signIns.cpuPerRequestUs} µs/request${failures(signIns) ? `, ${failures(signIns)} failures` : ''}`,
      )
      // For comparison, autocannon's way: every connection fires at the same moment each second.
      signInBursts = await measure(
        `sign-in, ${SIGNIN_RATE} at once/s`,
        {
          url: apiUrl,
          connections: SIGNIN_RATE,
          overallRate: SIGNIN_RATE,
          requests: [
            {
              method: 'POST',
              path: '/api/authentication',
              headers: { 'content-type': 'application/json' },
              setupRequest: (req: any) => ({ ...req, body: signInRequest() }),
            },
          ],
        },
        { child: api.child },
      )
    }

    const admin = ONLY.has('admin') ? await measureAdmin(apiUrl, api.child, api.ready.scale!) : undefined
    const projects = ONLY.has('projects') ? await measureProjects(apiUrl, api.child, api.ready.projects!) : undefined
    const documents = ONLY.has('documents') ? await measureDocuments(apiUrl, api.child, api.ready.documents!) : undefined
    const checklists = ONLY.has('checklists') ? await measureChecklists(apiUrl, api.child, api.ready.checklists!) : undefined

    const ratioOf = (a?: Figures, b?: Figures) => (a && b ? Math.round((a.reqPerSec / b.reqPerSec) * 1000) / 1000 : undefined)
    const ratio = ratioOf(list, bare)
    const peerRatio = ratioOf(list, peer)
    const checks: Record<string, boolean> = {}
    if (bare) checks.bareWithoutFailures = failures(bare) === 0
    if (peer) checks.peerWithoutFailures = failures(peer) === 0
    if (list) {
      checks.listWithoutFailures = failures(list) === 0
      checks.listP99 = list.p99 < GOALS.listP99
      checks.listCpu = list.cpuPerRequestUs !== undefined && list.cpuPerRequestUs <= GOALS.listCpuUs
    }
    if (peerRatio !== undefined) checks.peerRatio = peerRatio >= GOALS.peerRatio
    if (admin) {
      checks.adminWithoutFailures = admin.lists.every((f) => failures(f) === 0) && admin.exports.every((e) => e.status === 200)
      checks.adminListP99 = admin.lists.every((f) => f.p99 < GOALS.adminListP99)
      checks.exportMemory = admin.exports.every((e) => e.growthMb < GOALS.exportGrowthMb)
    }
    if (projects) {
      checks.projectsWithoutFailures = projects.every((f) => failures(f) === 0)
      checks.projectsP99 = projects.every((f) => f.p99 < GOALS.projectsP99)
    }
    if (documents) {
      checks.documentsWithoutFailures = documents.every((f) => failures(f) === 0)
      // A measurement in which no call came back within the time (p99 0 of nothing) is no pass.
      checks.documentsP99 = documents.every((f) => f.requests > 0 && f.p99 < GOALS.documentsP99)
    }
    if (checklists) {
      checks.checklistsWithoutFailures = checklists.every((f) => failures(f) === 0)
      checks.checklistsP99 = checklists.every((f) => f.requests > 0 && f.p99 < GOALS.checklistsP99)
    }
    if (signIns) {
      checks.signInWithoutFailures = failures(signIns) === 0 && failures(signInBursts!) === 0
      checks.signInRate = signIns.reqPerSec >= SIGNIN_RATE * 0.9
      checks.signInP99 = signIns.p99 < GOALS.signInP99
    }
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL')

    console.log('')
    printTable([bare, peer, list, signIns, signInBursts, ...(admin?.lists ?? []), ...(projects ?? []), ...(documents ?? []), ...(checklists ?? [])].filter((f): f is Figures => !!f))
    for (const e of admin?.exports ?? [])
      console.log(`${e.name}: ${e.status}, ${(e.bytes / 1024 / 1024).toFixed(1)} MB in ${e.ms} ms; server memory grew at most ${e.growthMb} MB (goal < ${GOALS.exportGrowthMb} MB)`)
    console.log('')
    if (list) console.log(`list server CPU per call:     ${list.cpuPerRequestUs} µs  (goal ≤ ${GOALS.listCpuUs} µs)  ${pass(checks.listCpu!)}`)
    if (peerRatio !== undefined) console.log(`list / vanilla Feathers:      ${peerRatio}×  (goal ≥ ${GOALS.peerRatio}×)  ${pass(checks.peerRatio!)}`)
    if (ratio !== undefined) console.log(`list / bare Koa (ceiling):    ${ratio}×`)
    if (list) console.log(`list p99 at ${CONNECTIONS} connections:   ${ms(list.p99)}  (goal < ${GOALS.listP99} ms)  ${pass(checks.listP99!)}`)
    if (signIns) {
      console.log(`sign-in p99 at an even ${SIGNIN_RATE}/s: ${ms(signIns.p99)}  (goal < ${GOALS.signInP99} ms)  ${pass(checks.signInP99!)}`)
      console.log(`sign-in rate reached:         ${signIns.reqPerSec} req/s  (asked ${SIGNIN_RATE})  ${pass(checks.signInRate!)}`)
    }
    if (admin) console.log(`admin lists p99 at ${SCALE.connections} connections: ${admin.lists.map((f) => ms(f.p99)).join(', ')}  (goal < ${GOALS.adminListP99} ms)  ${pass(checks.adminListP99!)}`)
    if (projects)
      console.log(`projects p99 at ${SCALE.connections} connections: ${projects.map((f) => ms(f.p99)).join(', ')}  (goal < ${GOALS.projectsP99} ms)  ${pass(checks.projectsP99!)}`)
    if (documents) {
      console.log(`documents p99 at ${SCALE.connections} connections (goal < ${GOALS.documentsP99} ms):`)
      for (const f of documents) console.log(`  ${f.name.padEnd(36)} ${(f.requests ? ms(f.p99) : 'none back').padStart(9)}  ${pass(f.requests > 0 && f.p99 < GOALS.documentsP99)}`)
    }
    if (checklists)
      console.log(`checklists p99 at ${SCALE.connections} connections: ${checklists.map((f) => ms(f.p99)).join(', ')}  (goal < ${GOALS.checklistsP99} ms)  ${pass(checks.checklistsP99!)}`)
    const failed = [bare, peer, list, signIns, signInBursts, ...(admin?.lists ?? []), ...(projects ?? []), ...(documents ?? []), ...(checklists ?? [])].filter((f): f is Figures => !!f)
    console.log(
      `failures (non-2xx, errors, timeouts): ${failed.map((f) => `${f.name} ${failures(f)}`).join(', ')}  ${pass(failed.every((f) => failures(f) === 0))}`,
    )
    const allPass = Object.values(checks).every(Boolean)
    const partial = ONLY.size < STAGES.length
    console.log(`\nOverall: ${allPass ? 'PASS' : 'FAIL'}${partial ? ' (partial or experimental run)' : ''}`)

    const report = {
      date: started.toISOString(),
      machine: m,
      database: database.label,
      settings: {
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        connections: CONNECTIONS,
        signInRate: SIGNIN_RATE,
        tokens: TOKENS,
        only: [...ONLY],
        profile: PROFILE,
      },
      seed: counts,
      results: { bare, peer, list, signIn: signIns, signInBursts, admin, projects, documents, checklists },
      documentsSeed: api.ready.documents,
      checklistsSeed: api.ready.checklists,
      ratio,
      peerRatio,
      goals: GOALS,
      checks,
      pass: allPass,
    }
    mkdirSync(resultsDir, { recursive: true })
    const out = JSON.stringify(report, null, 2)
    // Only complete runs of the app as it is become latest*.json, the figures README quotes.
    const files = partial ? ['partial.json'] : ['latest.json', `latest-${DATABASE_URL ? 'mariadb' : 'sqlite'}.json`]
    for (const f of files) writeFileSync(path.join(resultsDir, f), out)
    console.log(`Written to ${files.map((f) => path.relative(process.cwd(), path.join(resultsDir, f))).join(', ')}`)
    if (PROFILE) console.log(`CPU profiles of the API server during the measured runs: ${path.relative(process.cwd(), profileDir)}/{list,sign-in}.cpuprofile`)
    process.exitCode = allPass ? 0 : 1
  } finally {
    await cleanup()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(2)
})
