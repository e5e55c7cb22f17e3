/**
 * Attempt counters in the database, so every API instance sees the same counts.
 * A fixed window per key: the first attempt opens it, it closes `windowSeconds` later.
 *
 * An attempt is taken before it is evaluated, by one conditional UPDATE that only
 * succeeds under the limit: the database serialises it, so a burst of parallel
 * guesses gets exactly as many evaluations as a sequence would.
 */
import { TooManyRequests } from '@feathersjs/errors'
import type { Knex } from 'knex'

export interface Limit {
  max: number
  windowSeconds: number
}

/** One more attempt in the key's live window, if it is under the limit: true when taken. */
const claim = async (knex: Knex, key: string, limit: Limit, now: number) =>
  Number(
    await knex('rate_limits')
      .where({ key })
      .andWhere('reset_at', '>', now)
      .andWhere('count', '<', limit.max)
      .increment('count', 1),
  ) === 1

/** Gives the key a live, empty window when it has none (no row, or its window has passed). */
const openWindow = async (knex: Knex, key: string, limit: Limit, now: number) => {
  const resetAt = now + limit.windowSeconds * 1000
  await knex('rate_limits').insert({ key, count: 0, reset_at: resetAt }).onConflict('key').ignore()
  // Only a passed window is replaced: of two callers racing here, the second finds it live.
  await knex('rate_limits').where({ key }).andWhere('reset_at', '<=', now).update({ count: 0, reset_at: resetAt })
}

/** A counter and its limit: one call may count against several (a user name and an address). */
export interface Attempt {
  key: string
  limit: Limit
}

/** One attempt of the key, or the 429 to answer (with the seconds to wait) when its window is full. */
const takeOne = async (knex: Knex, { key, limit }: Attempt, now: number) => {
  // The common case, a live window under the limit, is this one statement.
  if (await claim(knex, key, limit, now)) return undefined
  await openWindow(knex, key, limit, now)
  if (await claim(knex, key, limit, now)) return undefined
  const row = await knex('rate_limits').where({ key }).first('reset_at')
  const retryAfter = Math.max(1, Math.ceil((Number(row?.reset_at ?? now) - now) / 1000))
  return new TooManyRequests(`Too many attempts, try again in ${Math.ceil(retryAfter / 60)} minutes`, { retryAfter })
}

/**
 * Takes one attempt of every counter, or none: when one is full, those already taken are
 * handed back and the call answers 429, so a refused call counts nowhere.
 */
export const takeAttempts = async (knex: Knex, attempts: Attempt[], now = Date.now()) => {
  for (const [index, attempt] of attempts.entries()) {
    const refused = await takeOne(knex, attempt, now)
    if (refused) {
      await returnAttempts(knex, attempts.slice(0, index), now)
      throw refused
    }
  }
}

/** Hands back attempts that succeeded, so a window counts only failures (and attempts still in flight). */
export const returnAttempts = async (knex: Knex, attempts: Attempt[], now = Date.now()) => {
  for (const { key } of attempts)
    await knex('rate_limits').where({ key }).andWhere('reset_at', '>', now).andWhere('count', '>', 0).decrement('count', 1)
}

/** Old windows are of no use; dropped now and then so the table stays small. */
export const pruneLimits = (knex: Knex, now = Date.now()) => knex('rate_limits').where('reset_at', '<', now).delete()
