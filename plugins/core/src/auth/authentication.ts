/**
 * POST /api/authentication: sign-in with {username, password} (the Feathers local
 * strategy over argon2id hashes), or with empty ones and a bearer token (silent
 * sign-in). DELETE revokes the token. Two-factor users get a challenge token first.
 */
import { type KeyObject, createSecretKey } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { AuthenticationService, JWTStrategy } from '@feathersjs/authentication'
import { LocalStrategy } from '@feathersjs/authentication-local'
import { Forbidden, NotAuthenticated } from '@feathersjs/errors'
import type { AppParams, Application, AuthUser, ClockedCache } from '@app/plugin-kit'
import { Field } from '@app/plugin-kit/shared'
import { assertValid, cached } from '@app/plugin-kit'
import { Type } from '@sinclair/typebox'
import { flagsFor } from '../access'
import { verifyPassword } from './passwords'
import { returnAttempts, takeAttempts } from './rate-limit'
import { type SessionKind, type SessionRow, issueToken, loadSession, revokeSession, sessionUser } from './sessions'

export const SIGN_IN_FAILED = 'User does not exist or wrong password'
/** Told only to someone who gave the right password: it says nothing a stranger could use. */
export const AWAITING_ACTIVATION = 'Your account is waiting for activation'

export const signInSchema = Type.Object(
  {
    username: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 100 }),
    strategy: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
)
const credentialsSchema = Type.Object({ username: Field.email(), password: Type.String({ minLength: 1, maxLength: 100 }) })

interface UserRow {
  id: number
  username: string
  passwordHash: string | null
  enabled: boolean
  anonymous: boolean
  twoFactorEnabled: boolean
}

/** Feathers' split of an Authorization header into scheme and token. */
const SCHEME_AND_TOKEN = /(\S+)\s+(\S+)/

/** Verifies a token and its session row; the user it yields is what every hook sees. */
class SessionJwtStrategy extends JWTStrategy {
  private header?: { name: string; schemes: RegExp }

  /**
   * The bearer of the request, as Feathers finds it, but with the configured header and
   * schemes read once: Feathers copies the whole configuration and builds a regex per
   * scheme on every request.
   */
  override async parse(req: IncomingMessage) {
    this.header ??= { name: this.configuration.header.toLowerCase(), schemes: new RegExp(this.configuration.schemes.join('|'), 'i') }
    const value = req.headers?.[this.header.name]
    if (!value || typeof value !== 'string') return null
    const [, scheme, token] = SCHEME_AND_TOKEN.exec(value) ?? []
    if (scheme && !this.header.schemes.test(scheme)) return null
    return { strategy: this.name!, accessToken: scheme ? token! : value }
  }
  override async authenticate(authentication: any, params: any) {
    return this.authenticateAs(authentication, params, 'access')
  }

  async authenticateAs(authentication: any, params: any, kind: SessionKind) {
    const { accessToken } = authentication ?? {}
    if (!accessToken) throw new NotAuthenticated('Not authenticated')
    let payload: any
    try {
      payload = await this.authentication!.verifyAccessToken(accessToken, params.jwt)
    } catch {
      throw new NotAuthenticated('Your session has ended, please sign in again')
    }
    if (typeof payload.jti !== 'string' || payload.kind !== kind) throw new NotAuthenticated('Not authenticated')
    const user = sessionUser(payload.jti, await (this.authentication as AuthService).session(payload.jti), kind)
    return { accessToken, authentication: { strategy: 'jwt', accessToken, payload }, user }
  }
}

/** The local strategy over the users table and argon2id, with one message for every failure. */
class ArgonLocalStrategy extends LocalStrategy {
  override async findEntity(username: string): Promise<UserRow> {
    const row = await this.app!.get('knex')('users')
      .where({ username: username.trim().toLowerCase() })
      .first('id', 'username', 'password_hash as passwordHash', 'enabled', 'anonymous', 'two_factor_enabled as twoFactorEnabled')
    // An unknown user still costs a hash, so timing does not tell which usernames exist.
    if (!row) {
      await verifyPassword(undefined, 'x')
      throw new NotAuthenticated(SIGN_IN_FAILED)
    }
    return row
  }

  override async comparePassword(entity: UserRow, password: string) {
    if (!(await verifyPassword(entity.passwordHash, password))) throw new NotAuthenticated(SIGN_IN_FAILED)
    if (!entity.enabled || entity.anonymous) throw new NotAuthenticated(SIGN_IN_FAILED)
    return entity
  }

  override async getEntity(result: UserRow) {
    return result
  }
}

/** Verified tokens kept, each until its own expiry. */
const VERIFIED_KEPT = 10_000

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    /** Feathers' authentication service, core's class: sign-in, tokens and the caller of a token. */
    authentication: AuthService
  }
}

export class AuthService extends AuthenticationService {
  private key?: KeyObject
  /** Token → its verified payload: a token's signature and claims never change, only its expiry comes. */
  private readonly verified = new Map<string, { exp: number }>()

  /** `sessions` keeps session rows between requests (see accessClock). */
  constructor(
    app: Application,
    private readonly sessions: ClockedCache<string, SessionRow | undefined>,
  ) {
    super(app as any)
    this.register('jwt', new SessionJwtStrategy())
    this.register('local', new ArgonLocalStrategy())
  }

  /** The session row a token's id names; rows that are missing are not kept. */
  session(id: string) {
    return this.sessions.get(id, () => loadSession(this.appRef.get('knex'), id), (row) => row !== undefined)
  }

  /**
   * Given the secret as a string, jsonwebtoken first tries it as a PEM key (which
   * throws) and then makes a key of it, on every call: a quarter of a list call's
   * CPU. The key is made once instead.
   */
  private secretKey() {
    this.key ??= createSecretKey(Buffer.from(this.configuration.secret as string))
    return this.key
  }

  /** Each token's signature is checked once; later calls only check that it has not expired. */
  override async verifyAccessToken(accessToken: string, optsOverride?: any, secretOverride?: any) {
    if (optsOverride || secretOverride) return super.verifyAccessToken(accessToken, optsOverride, secretOverride ?? this.secretKey())
    const known = this.verified.get(accessToken)
    // jsonwebtoken's own rule: expired from the second `exp` on.
    if (known && Math.floor(Date.now() / 1000) < known.exp) return known
    if (known) this.verified.delete(accessToken)
    const payload = await super.verifyAccessToken(accessToken, undefined, this.secretKey())
    if (typeof payload.exp === 'number') {
      if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value as string)
      this.verified.set(accessToken, Object.freeze(payload) as { exp: number })
    }
    return payload
  }

  override createAccessToken(payload: any, optsOverride?: any, secretOverride?: any) {
    return super.createAccessToken(payload, optsOverride, secretOverride ?? this.secretKey())
  }

  get appRef() {
    return this.app as unknown as Application
  }

  /** The token's user, for the sub-services (validate, two-factor, contexts). */
  async userOf(params: AppParams, kind: SessionKind = 'access'): Promise<AuthUser> {
    const strategy = this.getStrategy('jwt') as SessionJwtStrategy
    const result = await strategy.authenticateAs(params.authentication, params, kind)
    return result.user
  }

  override async create(data: any, params: AppParams = {}): Promise<any> {
    assertValid(cached(signInSchema, 'data'), data ?? {})
    const { password = '' } = data as { password?: string }
    // Pasted e-mails often carry a space; the username is the e-mail, compared in lower case.
    const username = ((data as { username?: string }).username ?? '').trim().toLowerCase()
    const knex = this.appRef.get('knex')

    if (!username && !password && params.authentication?.accessToken) {
      const user = await this.userOf(params)
      return this.answer(user.id, user.accountId, params.authentication.accessToken as string)
    }
    assertValid(cached(credentialsSchema, 'data'), { username, password })

    const { perUser, perAddress } = this.appRef.get('config').rateLimit
    const attempts = [
      { key: `signin:ip:${params.ip ?? 'internal'}`, limit: perAddress },
      { key: `signin:user:${username}`, limit: perUser },
    ]
    // Counted before anything is checked: parallel guesses meet the limit like a sequence,
    // and a blocked attacker costs a few indexed statements, never a hash.
    await takeAttempts(knex, attempts)
    // A failure keeps its attempts; the right password hands them back.
    const user: UserRow = ((await this.authenticate({ strategy: 'local', username, password }, params, 'local')) as any).user
    await returnAttempts(knex, attempts)

    const accountId = await this.homeAccount(user.id)
    if (!accountId) throw (await this.awaitsActivation(user.id)) ? new Forbidden(AWAITING_ACTIVATION) : new NotAuthenticated(SIGN_IN_FAILED)
    if (user.twoFactorEnabled) {
      return { hasTwoFactor: true, challengeToken: await issueToken(this.appRef, user.id, accountId, 'challenge') }
    }
    return this.answer(user.id, accountId, await issueToken(this.appRef, user.id, accountId, 'access'))
  }

  /** Whether the user's only hope is a signed-up trial account that a global admin has not opened yet. */
  async awaitsActivation(userId: number) {
    const waiting = await this.appRef
      .get('knex')('account_users as au')
      .join('accounts as a', 'a.id', 'au.account_id')
      .where({ 'au.user_id': userId, 'au.enabled': true, 'a.enabled': false, 'a.trial': true })
      .first('au.id')
    return Boolean(waiting)
  }

  /** The first account the user may use: an enabled membership in an enabled account. */
  async homeAccount(userId: number): Promise<number | undefined> {
    const row = await this.appRef
      .get('knex')('account_users as au')
      .join('accounts as a', 'a.id', 'au.account_id')
      .where({ 'au.user_id': userId, 'au.enabled': true, 'a.enabled': true })
      .orderBy('au.id')
      .first('au.account_id as accountId')
    return row ? Number(row.accountId) : undefined
  }

  /** What a successful sign-in answers: the token, the principal and the menu flags. */
  async answer(userId: number, accountId: number, accessToken: string) {
    const knex = this.appRef.get('knex')
    const [user, account, flags] = await Promise.all([
      knex('users').where({ id: userId }).first('id', 'first_name', 'last_name', 'acronym', 'language', 'two_factor_enabled'),
      knex('accounts').where({ id: accountId }).first('company'),
      flagsFor(knex, accountId, userId),
    ])
    return {
      accessToken,
      principal: {
        id: Number(user.id),
        firstName: user.first_name,
        lastName: user.last_name,
        acronym: user.acronym,
        language: user.language,
      },
      hasTwoFactor: Boolean(user.two_factor_enabled),
      currentAccountId: accountId,
      currentAccountName: account?.company ?? '',
      ...flags,
    }
  }

  /** DELETE /api/authentication: sign out, revoking the token on the server. */
  override async remove(_id: string | null, params: AppParams = {}): Promise<any> {
    const user = await this.userOf(params)
    await revokeSession(this.appRef.get('knex'), user.sessionId)
    return { signedOut: true }
  }
}

