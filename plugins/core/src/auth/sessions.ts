/**
 * Tokens are JWTs whose id (jti) names a row in `sessions`. Checking a token reads
 * that row joined with the user, the membership and the account, in one query, so a
 * revoked token, a disabled user or a disabled account stops working at once. The
 * row is kept between requests until any write to those tables (accessClock): at once
 * on this instance, within AUTH_CACHE_MS on others sharing the database.
 */
import { randomUUID } from 'node:crypto'
import { Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { AppConfig, Application, AuthUser, Language, UserAccessLevel } from '@app/plugin-kit'
import { ClockedCache, nowIso, writeClock } from '@app/plugin-kit'
import type { Knex } from 'knex'

export type SessionKind = 'access' | 'challenge'

/** The tables whose rows decide whether a token works and who its caller is (grants have their own clock: grant-clock.ts). */
export const ACCESS_TABLES = ['sessions', 'users', 'account_users', 'accounts', 'account_modules', 'roles'] as const

/**
 * A new session changes no kept entry: only rows that exist are kept (a token is signed
 * after its row is in). An insert that may update an existing row instead still counts.
 */
const NEW_SESSION = /^\s*insert\s+into\s+[`"]?sessions[`"]?\s(?![\s\S]*\bon\s+(conflict|duplicate)\b)/i

/** Moves on every write to the access tables, which ends every kept session row. */
export const accessClock = (knex: Knex) => writeClock(knex, ACCESS_TABLES, { ignore: NEW_SESSION })

/** How many sessions one process keeps between requests. */
const KEPT = 10_000

export const accessCache = <V>(clock: ReturnType<typeof accessClock>, maxAgeMs: number) => new ClockedCache<string, V>(clock, { max: KEPT, maxAgeMs })

/** A two-factor challenge lives five minutes. */
export const CHALLENGE_TTL = 300

/** When the session `id` signed in; a session from before this was kept counts from now. */
const signedInAt = async (knex: Knex, id: string | undefined) => {
  const row = id ? await knex('sessions').where({ id }).first('signed_in_at') : undefined
  return row?.signed_in_at ? Number(row.signed_in_at) : Date.now()
}

/** The end of a session signed in at `signedIn`, renewals included (SESSION_MAX_AGE). */
const lastMoment = (config: AppConfig, signedIn: number) => signedIn + config.sessionMaxAge * 1000

/**
 * A token for a session row that ends in the second its row ends (`expiresAt` in ms; JWTs
 * count whole seconds). The issue time is given, not left to the signer, so time spent
 * before signing cannot cut a second off the token.
 */
const sign = (app: Application, row: { id: string; userId: number; accountId: number; kind: SessionKind }, expiresAt: number) => {
  const auth = app.service('authentication')
  const iat = Math.floor(Date.now() / 1000)
  const expiresIn = Math.max(1, Math.floor(expiresAt / 1000) - iat)
  return auth.createAccessToken({ acc: row.accountId, kind: row.kind, iat }, { subject: String(row.userId), jwtid: row.id, expiresIn }) as Promise<string>
}

/**
 * A new session and its token. `continues` names the session this one carries on (a switch
 * of account): the new one keeps its sign-in time, so switching never extends SESSION_MAX_AGE.
 */
export const issueToken = async (app: Application, userId: number, accountId: number, kind: SessionKind, continues?: string) => {
  const config = app.get('config')
  const knex = app.get('knex')
  const signedIn = await signedInAt(knex, continues)
  const now = Date.now()
  const expiresAt = kind === 'access' ? Math.min(now + config.tokenTtl * 1000, lastMoment(config, signedIn)) : now + CHALLENGE_TTL * 1000
  const id = randomUUID()
  await knex('sessions').insert({
    id,
    user_id: userId,
    account_id: accountId,
    kind,
    expires_at: expiresAt,
    signed_in_at: signedIn,
    revoked: false,
    created_at: nowIso(),
  })
  return sign(app, { id, userId, accountId, kind }, expiresAt)
}

export const SESSION_AT_MAXIMUM = 'This session has reached its longest allowed life; sign in again when it ends'

/**
 * Sliding expiry: the caller's access session lives TOKEN_TTL from now, never past
 * SESSION_MAX_AGE from its sign-in, under a fresh token for the same row (signing out
 * still ends every token of it). A session that cannot live longer answers 403.
 */
export const renewToken = async (app: Application, user: AuthUser) => {
  const config = app.get('config')
  const knex = app.get('knex')
  const row = await knex('sessions').where({ id: user.sessionId, kind: 'access' }).first('signed_in_at', 'expires_at')
  if (!row?.signed_in_at) throw new Forbidden(SESSION_AT_MAXIMUM)
  const expiresAt = Math.min(Date.now() + config.tokenTtl * 1000, lastMoment(config, Number(row.signed_in_at)))
  if (expiresAt <= Number(row.expires_at)) throw new Forbidden(SESSION_AT_MAXIMUM)
  // Signed out (or revoked) since the token was checked: nothing is renewed.
  const renewed = await knex('sessions').where({ id: user.sessionId, revoked: false }).update({ expires_at: expiresAt })
  if (Number(renewed) !== 1) throw new NotAuthenticated('Your session has ended, please sign in again')
  const accessToken = await sign(app, { id: user.sessionId, userId: user.id, accountId: user.accountId, kind: 'access' }, expiresAt)
  return { accessToken, expiresAt }
}

export interface SessionRow {
  userId: number
  accountId: number
  kind: SessionKind
  expiresAt: number
  revoked: boolean
  username: string
  firstName: string
  lastName: string
  acronym: string
  language: Language
  twoFactorEnabled: boolean
  userEnabled: boolean
  anonymous: boolean
  accessLevel: UserAccessLevel
  roleId: number | null
  securityGroup: 'ADMIN' | 'USER' | null
  companyId: number | null
  memberEnabled: boolean
  accountEnabled: boolean
  accountName: string
  modules: string | null
}

export const loadSession = async (knex: Knex, id: string): Promise<SessionRow | undefined> => {
  const row = await knex('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .join('account_users as au', (j) => j.on('au.user_id', 's.user_id').andOn('au.account_id', 's.account_id'))
    .join('accounts as a', 'a.id', 's.account_id')
    .leftJoin('roles as r', 'r.id', 'au.role_id')
    .where('s.id', id)
    .first(
      's.user_id as userId',
      's.account_id as accountId',
      's.kind as kind',
      's.expires_at as expiresAt',
      's.revoked as revoked',
      'u.username as username',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.acronym as acronym',
      'u.language as language',
      'u.two_factor_enabled as twoFactorEnabled',
      'u.enabled as userEnabled',
      'u.anonymous as anonymous',
      'au.access_level as accessLevel',
      'au.role_id as roleId',
      'r.security_group as securityGroup',
      'au.company_id as companyId',
      'au.enabled as memberEnabled',
      'a.enabled as accountEnabled',
      'a.company as accountName',
      knex.raw('(select group_concat(m.module_id) from account_modules m where m.account_id = s.account_id and m.enabled = ?) as modules', [true]),
    )
  return row as SessionRow | undefined
}

/** The user made of each kept row, so calls answered from the cache share one (frozen) object. */
const users = new WeakMap<SessionRow, AuthUser>()

/** The session's user as hooks see it, or 401 when the session may not be used. */
export const sessionUser = (id: string, row: SessionRow | undefined, kind: SessionKind): AuthUser => {
  const usable =
    row &&
    row.kind === kind &&
    !row.revoked &&
    Number(row.expiresAt) > Date.now() &&
    row.userEnabled &&
    !row.anonymous &&
    row.memberEnabled &&
    row.accountEnabled
  if (!usable || !row) throw new NotAuthenticated('Your session has ended, please sign in again')
  let user = users.get(row)
  if (!user) {
    user = Object.freeze(userOf(id, row))
    users.set(row, user)
  }
  return user
}

const userOf = (id: string, row: SessionRow): AuthUser => ({
  id: Number(row.userId),
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  acronym: row.acronym,
  language: row.language,
  hasTwoFactor: Boolean(row.twoFactorEnabled),
  accountId: Number(row.accountId),
  accessLevel: row.accessLevel,
  roleId: row.roleId === null ? null : Number(row.roleId),
  securityGroup: row.securityGroup ?? null,
  companyId: row.companyId === null ? null : Number(row.companyId),
  modules: new Set((row.modules ?? '').split(',').filter(Boolean)),
  sessionId: id,
})

export const revokeSession = (knex: Knex, id: string) => knex('sessions').where({ id }).update({ revoked: true })
export const revokeUserSessions = (knex: Knex, userId: number) =>
  knex('sessions').where({ user_id: userId, revoked: false }).update({ revoked: true })
export const revokeAccountSessions = (knex: Knex, accountId: number) =>
  knex('sessions').where({ account_id: accountId, revoked: false }).update({ revoked: true })
/** Expired rows are of no use; dropped now and then. */
export const pruneSessions = (knex: Knex) => knex('sessions').where('expires_at', '<', Date.now()).delete()
