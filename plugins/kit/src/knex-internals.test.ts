/** The start-up check passes on the knex installed and names each internal when it changes. */
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Knex } from 'knex'
import { afterEach, describe, expect, test } from 'vitest'
import { createKnex, databaseConfig } from './database'
import { assertKnexInternals, knexInternalProblems } from './knex-internals'
import { testDatabase } from './testing'

describe('knex internals', () => {
  let knex: Knex | undefined
  let drop = async () => {}
  afterEach(async () => {
    await knex?.destroy()
    await drop()
  })
  const open = async () => {
    const db = await testDatabase()
    drop = db.drop
    knex = createKnex(db.config)
    return knex
  }

  test('are as the write clock and the row reader expect on this database', async () => {
    await expect(knexInternalProblems(await open())).resolves.toEqual([])
    await expect(assertKnexInternals(knex!)).resolves.toBeUndefined()
  })

  /** The knex, with each query event's `__knexUid` replaced as a changed knex release might. */
  const tagging = (db: Knex, uid: unknown) => {
    const emit = db.emit.bind(db)
    db.emit = ((event: string, query: any, ...rest: unknown[]) =>
      emit(event, event === 'query' ? { ...query, __knexUid: uid } : query, ...rest)) as typeof db.emit
    return db
  }

  test('a query event without its connection id stops the server', async () => {
    await expect(assertKnexInternals(tagging(await open(), undefined))).rejects.toThrow(/__knexUid/)
  })

  test('a query event naming another connection than the one released stops the server', async () => {
    await expect(knexInternalProblems(tagging(await open(), 'someone else'))).resolves.toEqual([expect.stringMatching(/released/)])
  })

  test('a missing releaseConnection stops the server', async () => {
    const db = await open()
    ;(db.client as any).releaseConnection = undefined
    await expect(assertKnexInternals(db)).rejects.toThrow(/releaseConnection/)
  })

  test('SQLite (on every run, whatever TEST_DATABASE_URL says): reads that bypass the array reader stop the server', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'knex-internals-'))
    const db = createKnex(databaseConfig(undefined, path.join(dir, 'probe.sqlite')))
    knex = db
    await expect(knexInternalProblems(db)).resolves.toEqual([])
    const client = db.client as any
    // As a release that ran queries through another method than _query would.
    const original = client._query
    client._query = function (this: unknown, connection: any, obj: any) {
      return Object.getPrototypeOf(client)._query.call(this, connection, obj)
    }
    await expect(knexInternalProblems(db)).resolves.toEqual([expect.stringMatching(/rows read as arrays/)])
    client._query = original
  })
})
