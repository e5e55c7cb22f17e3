/**
 * Two measured gains lean on knex internals (docs/architecture-notes.md): the write clock
 * of the caller cache (a query event's `__knexUid`, the connection handed to
 * `client.releaseConnection`) and, on SQLite, rows read as arrays (`client._query`,
 * `client._formatBindings`). A knex release may change them without notice, and the
 * cache would then quietly serve revoked sessions. So the server proves them on one probe
 * query at start-up and refuses to start when any is not as expected.
 */
import { createRequire } from 'node:module'
import type { Knex } from 'knex'
import { arrayReadCount } from './database'

interface ProbedClient {
  releaseConnection?: (connection: { __knexUid?: unknown }) => Promise<void>
  _query?: unknown
  _formatBindings?: unknown
  config: { client?: unknown }
}

/** What is not as the patches expect; empty when all is well. */
export const knexInternalProblems = async (knex: Knex): Promise<string[]> => {
  const client = knex.client as ProbedClient
  const problems: string[] = []
  const release = client.releaseConnection
  if (typeof release !== 'function') return ['client.releaseConnection is not a function']
  const sqlite = client.config.client === 'better-sqlite3'
  if (sqlite && typeof client._query !== 'function') problems.push('client._query is not a function')
  if (sqlite && typeof client._formatBindings !== 'function') problems.push('client._formatBindings is not a function')

  let queried: unknown
  let released: unknown
  const onQuery = (query: { __knexUid?: unknown }) => {
    queried ??= query.__knexUid
  }
  knex.on('query', onQuery)
  client.releaseConnection = function (this: unknown, connection) {
    released ??= connection?.__knexUid
    return release.call(this, connection)
  }
  const readsBefore = arrayReadCount(knex)
  let rows: unknown
  try {
    rows = await knex.select(knex.raw('7 as probe'))
  } finally {
    knex.removeListener('query', onQuery)
    client.releaseConnection = release
  }
  if (typeof queried !== 'string') problems.push("a query event carries no '__knexUid' (the write clock's connection id)")
  else if (released !== queried) problems.push("the connection released after a query is not the one its event named by '__knexUid'")
  const probe = Array.isArray(rows) ? Number((rows[0] as { probe?: unknown } | undefined)?.probe) : Number.NaN
  if (probe !== 7) problems.push(`the probe query answered ${JSON.stringify(rows)}`)
  if (sqlite && arrayReadCount(knex) === readsBefore) problems.push('SQLite reads no longer pass through client._query as rows read as arrays')
  return problems
}

/** Throws, naming each problem, when the knex internals the server relies on have changed. */
export const assertKnexInternals = async (knex: Knex) => {
  const problems = await knexInternalProblems(knex)
  if (problems.length)
    throw new Error(
      `knex internals this server relies on have changed (knex ${knexVersion()}): ${problems.join('; ')}. ` +
        'Check plugins/kit/src/write-clock.ts and database.ts against this knex before starting.',
    )
}

const knexVersion = () => (createRequire(import.meta.url)('knex/package.json') as { version: string }).version
