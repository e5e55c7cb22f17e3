/**
 * `Idempotency-Key` on creates (the IETF httpapi draft's header): a client that did not
 * get an answer sends the same create again with the same key and gets the first
 * answer, and nothing is written twice. The plugin contract puts this hook on every
 * service's `create`, so no service can forget it.
 *
 * Keys belong to the caller (account and user) and are kept for a day with the answer.
 * An answer may carry credentials (a switched account's token, a two-factor secret), so
 * the table holds only a hash of the key and the answer encrypted with a key derived from
 * the client's key and the server's secret: reading the table alone reveals neither.
 * The same key with another request answers 422; a retry while the first call is still
 * running, or after it failed in a way that may have written (a 5xx), answers 409. A
 * refused call (4xx) changes nothing, so its key is freed for the retry.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'
import { BadRequest, Conflict, FeathersError, Unprocessable } from '@feathersjs/errors'
import type { NextFunction } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Migration } from './define-plugin'
import { isDatabaseUnavailable } from './outage'
import { refusedData } from './database-errors'
import { isUniqueViolation } from './database'
import type { AppParams, HookContext } from './types'

export const IDEMPOTENCY_TABLE = 'idempotency_keys'
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

export const idempotencyKeysMigration: Migration = {
  name: '2026-11-23-900-kit-idempotency-keys',
  async up(knex) {
    await knex.schema.createTable(IDEMPOTENCY_TABLE, (t) => {
      t.increments('id')
      t.integer('account_id').notNullable()
      t.integer('user_id').notNullable()
      // sha256 of the client's key, hex
      t.string('idempotency_key', 64).notNullable()
      t.string('fingerprint', 64).notNullable()
      // null while the first call runs (or when its outcome is unknown)
      t.integer('status').nullable()
      // AES-256-GCM: iv, tag and ciphertext of the JSON answer, base64
      t.text('body', 'mediumtext').nullable()
      t.string('created_at', 30).notNullable()
      t.unique(['account_id', 'user_id', 'idempotency_key'])
      t.index(['created_at'])
    })
  },
  async down(knex) {
    await knex.schema.dropTable(IDEMPOTENCY_TABLE)
  },
}

/** JSON with object keys sorted, so the same body always has the same fingerprint. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** The answer's cipher key: only a caller that knows the key (with this server's secret) can read it. */
const answerKey = (secret: string, key: string) => createHmac('sha256', secret).update(`idempotency-answer\n${key}`).digest()

const seal = (cipherKey: Buffer, value: unknown) => {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', cipherKey, iv)
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')
}

const unseal = (cipherKey: Buffer, stored: string) => {
  const bytes = Buffer.from(stored, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', cipherKey, bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'))
}

/** A 4xx answer: the call was refused and, by the contract, changed nothing. */
const refused = (error: any) => !isDatabaseUnavailable(error) && ((error instanceof FeathersError && error.code < 500) || refusedData(error) !== undefined)

const expiry = () => new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString()

/** Removes entries older than a day (on start and hourly). */
export const purgeIdempotencyKeys = (knex: Knex) => knex(IDEMPOTENCY_TABLE).where('created_at', '<', expiry()).delete()

export const idempotentCreate = async (context: HookContext, next: NextFunction) => {
  const params = context.params as AppParams & { headers?: Record<string, string | string[] | undefined> }
  const key = params.headers?.['idempotency-key']
  const user = params.user
  if (context.method !== 'create' || !params.provider || key === undefined || !user) return next()
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw new BadRequest('Idempotency-Key must be 1 to 255 visible characters')

  const knex = context.app.get('knex')
  const owner = { account_id: user.accountId, user_id: user.id, idempotency_key: createHash('sha256').update(key).digest('hex') }
  const cipherKey = answerKey(context.app.get('config').jwtSecret, key)
  // The request as the service sees it: its path with the values of its placeholders, query and body.
  const request = canonical({ path: context.path, route: params.route ?? {}, query: params.query ?? {}, data: context.data ?? null })
  const fingerprint = createHash('sha256').update(request).digest('hex')
  await knex(IDEMPOTENCY_TABLE).where(owner).where('created_at', '<', expiry()).delete()
  try {
    await knex(IDEMPOTENCY_TABLE).insert({ ...owner, fingerprint, created_at: new Date().toISOString() })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const first = await knex(IDEMPOTENCY_TABLE).where(owner).first('fingerprint', 'status', 'body')
    if (!first) throw new Conflict('A request with this Idempotency-Key has just ended; send it again')
    if (first.fingerprint !== fingerprint) throw new Unprocessable('This Idempotency-Key was used for a different request')
    if (first.status === null) throw new Conflict('A request with this Idempotency-Key is in progress, or its outcome is unknown')
    try {
      context.result = unseal(cipherKey, first.body)
    } catch {
      // Sealed under another JWT_SECRET (rotated since): the answer cannot be given again.
      throw new Conflict('The first answer to this Idempotency-Key can no longer be read; check whether it was created')
    }
    context.http = { ...context.http, status: Number(first.status), headers: { ...context.http?.headers, 'Idempotent-Replayed': 'true' } }
    return
  }
  try {
    await next()
  } catch (error) {
    // A refused call changed nothing: its key may be used again. After a 5xx it stays taken.
    if (refused(error)) await knex(IDEMPOTENCY_TABLE).where(owner).delete()
    throw error
  }
  await knex(IDEMPOTENCY_TABLE)
    .where(owner)
    .update({ status: context.http?.status ?? 201, body: seal(cipherKey, context.result) })
}
