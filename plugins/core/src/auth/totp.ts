/**
 * Two-factor codes (TOTP): secrets are kept sealed with AES-256-GCM under the server's
 * TOTP key, and each code is accepted once: the time step it belongs to is remembered
 * per user, and a code of that step or an earlier one is refused.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Application } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { authenticator } from 'otplib'

/** A code is accepted in the 30 seconds before and after its own window (clock drift). */
const totp = authenticator.clone({ window: 1 })
const STEP_MS = 30_000

/** What marks a sealed secret: secrets stored before sealing began are plain base32. */
const SEALED = 'v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

/** Binds a sealed secret to its user: copied onto another user's row, it does not open. */
const boundTo = (userId: number) => Buffer.from(`user:${userId}`)

export const sealSecret = (key: Buffer, userId: number, secret: string) => {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(boundTo(userId))
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The secret, or undefined when it was sealed under another key (or for another user). */
export const openSecret = (key: Buffer, userId: number, stored: string): string | undefined => {
  if (!stored.startsWith(SEALED)) return stored
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64url')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
    decipher.setAAD(boundTo(userId))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/** A new secret for enrolment: the plain one for the user's authenticator, the sealed one to store. */
export const newSecret = (app: Application, userId: number, username: string) => {
  const secret = totp.generateSecret()
  return {
    secret,
    sealed: sealSecret(app.get('config').totpKey, userId, secret),
    otpauthUri: totp.keyuri(username, 'Business Cloud', secret),
  }
}

/**
 * Checks a code against the user's secret and spends its time step: 'accepted' once per
 * step. A wrong code, a replayed one and a code of a step before the last used one are
 * 'refused'; 'none' when the user has no secret.
 */
export const acceptCode = async (app: Application, userId: number, code: string, now = Date.now()): Promise<'accepted' | 'refused' | 'none'> => {
  const knex = app.get('knex')
  const row = await knex('users').where({ id: userId }).first('two_factor_secret')
  if (!row?.two_factor_secret) return 'none'
  const secret = openSecret(app.get('config').totpKey, userId, row.two_factor_secret)
  if (secret === undefined)
    app.get('logger').error({ userId }, 'A two-factor secret does not open with this TOTP key: was TOTP_KEY (or DATA_DIR/totp-key) changed, or does another instance use another one?')
  const delta = secret === undefined ? null : totp.clone({ epoch: now }).checkDelta(code, secret)
  if (delta === null) return 'refused'
  const step = Math.floor(now / STEP_MS) + delta
  // One statement decides between parallel uses of one code: only the first moves the step.
  const spent = await knex('users')
    .where({ id: userId })
    .andWhere((q) => q.whereNull('two_factor_last_step').orWhere('two_factor_last_step', '<', step))
    .update({ two_factor_last_step: step })
  return Number(spent) === 1 ? 'accepted' : 'refused'
}

/** Seals the secrets stored in plain text before sealing began; run at start, a no-op once done. */
export const sealPlainSecrets = async (knex: Knex, key: Buffer) => {
  const plain = await knex('users').whereNotNull('two_factor_secret').andWhereNot('two_factor_secret', 'like', `${SEALED}%`).select('id', 'two_factor_secret')
  for (const row of plain)
    await knex('users')
      .where({ id: row.id, two_factor_secret: row.two_factor_secret })
      .update({ two_factor_secret: sealSecret(key, Number(row.id), row.two_factor_secret) })
  return plain.length
}
