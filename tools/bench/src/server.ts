/**
 * Child process: the real API server, built as `npm start` builds it (buildServer
 * over loadConfig from the environment), seeded with the bench data, listening on
 * a free loopback port. Tells the orchestrator its port over IPC and stops when
 * told to (SIGTERM) or when the orchestrator goes away.
 */
import { writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { Session } from 'node:inspector/promises'
import { buildServer } from '@app/api'
import { loadConfig } from '@app/api/config'
import { createLogger, refreshStatistics } from '@app/plugin-kit'
import { answerCpu, answerMemory, requestStats, sqlStats } from './diagnostics'
import { seedBench, seedChecklists, seedDocuments, seedProjects, seedScale } from './seed'

const send = (message: unknown) => process.send?.(message)

const main = async () => {
  const config = loadConfig(process.env)
  const { app } = await buildServer(config, { logger: createLogger({ level: 'warn' }) })
  const knex = app.get('knex')
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 100)
  const counts = await seedBench(knex, accounts, Number(process.env.BENCH_ROWS ?? 1000))
  const scaleUsers = Number(process.env.BENCH_SCALE_USERS ?? 0)
  const scale = scaleUsers ? await seedScale(knex, accounts, scaleUsers, Number(process.env.BENCH_SCALE_COMPANIES ?? 0)) : undefined
  // The projects scale lives in the last-but-one account (the last is the administration scale's).
  const projects = process.env.BENCH_PROJECTS ? await seedProjects(knex, accounts - 1) : undefined
  // The documents scale (issue 10) in the same account's projects.
  const documents =
    projects && process.env.BENCH_DOCUMENTS
      ? await seedDocuments(knex, accounts - 1, Number(process.env.BENCH_DOCUMENTS_PER_PROJECT ?? 100), Number(process.env.BENCH_FILES_PER_DOCUMENT ?? 4))
      : undefined
  // The checklists scale (issue 11) in one of the same account's projects.
  const checklists =
    projects && process.env.BENCH_CHECKLISTS
      ? await seedChecklists(knex, accounts - 1, Number(process.env.BENCH_CHECKLISTS_PER_PROJECT ?? 2000), Number(process.env.BENCH_CHECKLIST_ITEMS ?? 20))
      : undefined
  // The statistics a running server gathers hourly (the kit's refreshStatistics), gathered once for the data just seeded.
  await refreshStatistics(knex)
  const stats = process.env.BENCH_SQL_STATS ? sqlStats(knex) : undefined
  const requests = process.env.BENCH_SQL_STATS ? requestStats(app) : undefined
  const server: Server = await app.listen(0, '127.0.0.1')
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    server.closeAllConnections()
    server.close()
    stats?.print()
    requests?.print()
    // No knex.destroy(): requests still in flight would log aborted acquisitions; the exit closes the connections.
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  process.on('disconnect', stop)
  process.on('message', (message: any) => {
    if (message?.type === 'profile') profile(message).catch((error) => send({ type: 'error', message: String(error) }))
    answerMemory(message)
    answerCpu(message)
  })
  send({ type: 'ready', port, counts, scale, projects, documents, checklists, database: config.database.client })
}

/** BENCH_PROFILE: a CPU profile of exactly one measured run, started and stopped by the orchestrator. */
let session: Session | undefined
const profile = async (message: { action: 'start' | 'stop'; file?: string }) => {
  if (message.action === 'start') {
    session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: 200 })
    await session.post('Profiler.start')
  } else if (session) {
    const { profile } = await session.post('Profiler.stop')
    if (message.file) writeFileSync(message.file, JSON.stringify(profile))
    session.disconnect()
    session = undefined
  }
  send({ type: 'profiled', action: message.action })
}

main().catch((error) => {
  console.error(error)
  send({ type: 'error', message: String(error?.stack ?? error) })
  process.exit(1)
})
