/**
 * Failure counters in the database, so every API instance sees the same counts.
 * A fixed window per key: the first failure opens it, it closes `windowSeconds` later.
 */
import { TooManyRequests } from '@feathersjs/errors'
import type { Knex } from 'knex'

export interface Limit {
  max: number
  windowSeconds: number
}

/** Throws 429 with the seconds to wait when the key has failed `max` times in its window. */
export const assertNotLimited = async (knex: Knex, key: string, limit: Limit, now = Date.now()) => {
  const row = await knex('rate_limits').where({ key }).first('count', 'reset_at')
  if (row && Number(row.reset_at) > now && Number(row.count) >= limit.max) {
    const retryAfter = Math.ceil((Number(row.reset_at) - now) / 1000)
    throw new TooManyRequests(`Too many attempts, try again in ${Math.ceil(retryAfter / 60)} minutes`, { retryAfter })
  }
}

export const recordFailure = async (knex: Knex, key: string, limit: Limit, now = Date.now()) => {
  const updated = await knex('rate_limits')
    .where({ key })
    .andWhere('reset_at', '>', now)
    .increment('count', 1)
  if (!updated) {
    await knex('rate_limits')
      .insert({ key, count: 1, reset_at: now + limit.windowSeconds * 1000 })
      .onConflict('key')
      .merge({ count: 1, reset_at: now + limit.windowSeconds * 1000 })
  }
}

/** Old windows are of no use; dropped now and then so the table stays small. */
export const pruneLimits = (knex: Knex, now = Date.now()) => knex('rate_limits').where('reset_at', '<', now).delete()
