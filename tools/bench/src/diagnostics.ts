/**
 * Diagnostics for performance work. Always: the process's CPU time over a measured
 * run, asked for over IPC. Off unless asked for: BENCH_SQL_STATS=1 prints each
 * distinct SQL statement's count and time, and the server-side request time, when
 * the server stops.
 */
import type { Application } from '@app/plugin-kit'
import type { Knex } from 'knex'

let cpuFrom: NodeJS.CpuUsage | undefined
/**
 * Answers the orchestrator's {type: 'cpu', action: 'start' | 'stop'}: the process's own CPU
 * time (user + system) between the two, which, unlike req/s, does not depend on what else
 * the machine is doing.
 */
/** A child server's end: on SIGTERM, SIGINT or the orchestrator going away; it answers CPU questions until then. */
export const serveUntilStopped = (server: import('node:http').Server) => {
  const stop = () => {
    server.closeAllConnections()
    server.close()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.on('disconnect', stop)
  process.on('message', answerCpu)
}

export const answerCpu = (message: any) => {
  if (message?.type !== 'cpu') return
  if (message.action === 'start') cpuFrom = process.cpuUsage()
  else if (cpuFrom) {
    const { user, system } = process.cpuUsage(cpuFrom)
    process.send?.({ type: 'cpu', micros: user + system })
    cpuFrom = undefined
  }
}

/**
 * Answers {type: 'memory', action: 'start' | 'stop'}: the process's resident memory while
 * asked to watch it, the baseline and the peak, sampled every 10 ms.
 */
let watching: { timer: NodeJS.Timeout; baseline: number; peak: number } | undefined
export const answerMemory = (message: any) => {
  if (message?.type !== 'memory') return
  if (message.action === 'start') {
    global.gc?.()
    const baseline = process.memoryUsage().rss
    const timer = setInterval(() => {
      if (watching) watching.peak = Math.max(watching.peak, process.memoryUsage().rss)
    }, 10)
    watching = { baseline, peak: baseline, timer }
  } else if (watching) {
    clearInterval(watching.timer)
    process.send?.({ type: 'memory', baseline: watching.baseline, peak: Math.max(watching.peak, process.memoryUsage().rss) })
    watching = undefined
  }
}

/** Server-side time of each request, from the first middleware to the end of the last. */
export const requestStats = (app: Application) => {
  const times: number[] = []
  ;(app as any).middleware.unshift(async (_ctx: unknown, next: () => Promise<void>) => {
    const at = process.hrtime.bigint()
    await next()
    times.push(Number(process.hrtime.bigint() - at) / 1e6)
  })
  return {
    print() {
      const sorted = [...times].sort((a, b) => a - b)
      const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1)
      console.error(`\nServer-side request time over ${sorted.length} requests: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`)
    },
  }
}

export const sqlStats = (knex: Knex) => {
  const started = new Map<string, { sql: string; at: bigint }>()
  const totals = new Map<string, { count: number; ns: bigint; max: bigint }>()
  knex.on('query', (q: any) => started.set(q.__knexQueryUid, { sql: q.sql, at: process.hrtime.bigint() }))
  knex.on('query-response', (_r: unknown, q: any) => {
    const s = started.get(q.__knexQueryUid)
    if (!s) return
    started.delete(q.__knexQueryUid)
    const t = totals.get(s.sql) ?? { count: 0, ns: 0n, max: 0n }
    const ns = process.hrtime.bigint() - s.at
    t.count++
    t.ns += ns
    if (ns > t.max) t.max = ns
    totals.set(s.sql, t)
  })
  return {
    print() {
      const rows = [...totals.entries()].sort((a, b) => Number(b[1].ns - a[1].ns)).slice(0, 15)
      console.error('\nSQL (count, total ms, mean µs, max ms):')
      for (const [sql, t] of rows)
        console.error(`${String(t.count).padStart(8)} ${String(Number(t.ns / 1000000n)).padStart(8)} ms ${String(Number(t.ns / 1000n / BigInt(t.count))).padStart(7)} µs ${String(Number(t.max / 1000000n)).padStart(6)} ms  ${sql.slice(0, 160)}`)
    },
  }
}
