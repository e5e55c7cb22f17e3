/**
 * Configuration from environment variables, with safe embedded defaults, checked
 * at start-up: a bad value stops the server with a message naming the variable.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type AppConfig, EMAIL_PATTERN, TENANT_MODULES, databaseConfig } from '@app/plugin-kit'

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

const fail = (name: string, problem: string): never => {
  throw new ConfigError(`${name} ${problem}`)
}

const integer = (env: Env, name: string, fallback: number, min: number, max: number) => {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) fail(name, `must be a whole number from ${min} to ${max}, not "${raw}"`)
  return value
}

const boolean = (env: Env, name: string, fallback: boolean) => {
  const raw = env[name]?.toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['true', '1', 'yes'].includes(raw)) return true
  if (['false', '0', 'no'].includes(raw)) return false
  return fail(name, `must be true or false, not "${env[name]}"`)
}

const url = (env: Env, name: string, protocols: string[]) => {
  const raw = env[name]
  if (!raw) return undefined
  let parsed: URL | undefined
  try {
    parsed = new URL(raw)
  } catch {}
  if (!parsed || !protocols.includes(parsed.protocol)) fail(name, `must be a ${protocols.join(' or ')}// URL`)
  return raw
}

/** "max/seconds", for example "10/900": at most 10 failures in 15 minutes. */
const limit = (env: Env, name: string, fallback: string) => {
  const raw = env[name] || fallback
  const match = /^(\d+)\/(\d+)$/.exec(raw)
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) return fail(name, `must look like 10/900 (attempts/seconds), not "${raw}"`)
  return { max: Number(match[1]), windowSeconds: Number(match[2]) }
}

/**
 * S3 storage when S3_BUCKET is set (local disk under DATA_DIR/files otherwise). S3_ENDPOINT
 * names an S3-compatible store, which then gets path-style addresses unless
 * S3_FORCE_PATH_STYLE=false; without keys the AWS SDK finds its own (environment, role).
 */
const s3Storage = (env: Env) => {
  const bucket = env.S3_BUCKET
  if (!bucket) {
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) if (env[name]) fail(name, 'is set but S3_BUCKET is not')
    return undefined
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('S3_BUCKET', `must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), not "${bucket}"`)
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:'])
  const accessKeyId = env.S3_ACCESS_KEY_ID
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) fail(accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'must be set with its pair, or neither')
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  }
}

/**
 * A secret generated once into DATA_DIR (readable by the server's user only), so it survives
 * a restart. Two processes starting together on one DATA_DIR keep the one published first:
 * each writes its own whole file, then links it to the secret's name, which only the first
 * link gets (a file created in place could be read by the other while still empty).
 */
const keptSecret = (dataDir: string, name: string, bytes: number) => {
  const file = path.join(dataDir, name)
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
    writeFileSync(draft, randomBytes(bytes).toString('base64url'), { mode: 0o600, flag: 'wx' })
    try {
      linkSync(draft, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(draft)
    }
  }
  chmodSync(file, 0o600)
  const secret = readFileSync(file, 'utf8').trim()
  if (!secret) fail('DATA_DIR', `holds an empty ${name} (a start cut short before it was written): delete the file, and a new one is made`)
  return secret
}

/** The JWT secret: JWT_SECRET, else one generated once and kept in DATA_DIR. */
const jwtSecret = (env: Env, dataDir: string) => {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) fail('JWT_SECRET', 'must be at least 32 characters long')
    return env.JWT_SECRET
  }
  return keptSecret(dataDir, 'jwt-secret', 48)
}

/**
 * Keys every instance on one database must share. A generated one belongs to one instance
 * (another refuses its tokens, or cannot open its two-factor secrets), so with DATABASE_URL
 * they must be set unless SINGLE_INSTANCE says this instance runs alone.
 */
const SHARED_KEYS = ['JWT_SECRET', 'TOTP_KEY'] as const
const requireSharedKeys = (env: Env, sharedDatabase: boolean) => {
  const alone = boolean(env, 'SINGLE_INSTANCE', false)
  if (!sharedDatabase || alone) return
  const missing = SHARED_KEYS.filter((name) => !env[name])
  if (missing.length)
    fail(
      missing.join(' and '),
      `must be set when DATABASE_URL is: instances on one database sign tokens and seal two-factor secrets with the same keys ` +
        '(share JWT_SECRET, TOTP_KEY and JWT_AUDIENCE between them), or set SINGLE_INSTANCE=true to run one instance with keys generated in DATA_DIR',
    )
}

/** The two-factor secrets' key: TOTP_KEY (32 bytes as 64 hex digits or base64), else one kept in DATA_DIR. */
const totpKey = (env: Env, dataDir: string) => {
  const raw = env.TOTP_KEY
  if (!raw) {
    const kept = Buffer.from(keptSecret(dataDir, 'totp-key', 32), 'base64url')
    if (kept.length !== 32) fail('TOTP_KEY', `is unset and ${path.join(dataDir, 'totp-key')} does not hold a 32-byte key`)
    return kept
  }
  if (/^[0-9a-f]{64}$/i.test(raw)) return Buffer.from(raw, 'hex')
  // 43 base64 (or base64url) characters, padded or not, are 32 bytes.
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(raw)) return Buffer.from(raw, 'base64')
  return fail('TOTP_KEY', 'must be 32 bytes written as 64 hex digits or in base64 (openssl rand -hex 32)')
}

/** TRUST_PROXY: how many proxy hops to trust; true means one, false none. */
const proxyHops = (env: Env) => {
  const raw = env.TRUST_PROXY?.toLowerCase() || 'false'
  if (raw === 'true') return 1
  if (raw === 'false') return 0
  const hops = Number(raw)
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) fail('TRUST_PROXY', `must be true, false or a number of proxy hops from 0 to 10, not "${env.TRUST_PROXY}"`)
  return hops
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

export interface ServerConfig extends AppConfig {
  /** Whether the mail outbox's log lines show their links (tokens): development only. */
  logMailLinks: boolean
  logLevel: string
  seedDemo: boolean
  demoPassword?: string
}

export const loadConfig = (env: Env = process.env, baseDir = env.INIT_CWD ?? process.cwd()): ServerConfig => {
  const port = integer(env, 'PORT', 3030, 0, 65535)
  const dataDir = path.resolve(baseDir, env.DATA_DIR || 'data')
  // The database, secret, outbox and uploads: the server's user only (the files in it are 0600 too).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  chmodSync(dataDir, 0o700)
  const databaseUrl = url(env, 'DATABASE_URL', ['mysql:', 'mariadb:'])?.replace(/^mariadb:/, 'mysql:')
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/$/, '')
  if (env.JWT_AUDIENCE !== undefined && !/^\S{1,200}$/.test(env.JWT_AUDIENCE)) fail('JWT_AUDIENCE', 'must be 1 to 200 characters without spaces')
  const modules = (env.DEFAULT_MODULES ?? TENANT_MODULES.join(',')).split(',').map((m) => m.trim()).filter(Boolean)
  for (const m of modules) if (!TENANT_MODULES.includes(m as never)) fail('DEFAULT_MODULES', `names an unknown module "${m}"`)
  if (env.DEMO_PASSWORD !== undefined && env.DEMO_PASSWORD.length < 8) fail('DEMO_PASSWORD', 'must be at least 8 characters long')
  if (env.MAIL_FROM !== undefined && !/^.+@.+$/.test(env.MAIL_FROM)) fail('MAIL_FROM', 'must contain an e-mail address')
  if (env.SUPPORT_EMAIL && !new RegExp(EMAIL_PATTERN).test(env.SUPPORT_EMAIL)) fail('SUPPORT_EMAIL', 'must be an e-mail address')
  const tokenTtl = integer(env, 'TOKEN_TTL', 86400, 60, 30 * 86400)
  const sessionMaxAge = integer(env, 'SESSION_MAX_AGE', 7 * 86400, 60, 365 * 86400)
  if (sessionMaxAge < tokenTtl) fail('SESSION_MAX_AGE', `must be at least TOKEN_TTL (${tokenTtl} seconds)`)
  // Read by the companies plugin's reverse geocoder; checked here so a typo stops the start.
  url(env, 'GEOCODER_URL', ['http:', 'https:'])
  const mapTileUrl = url(env, 'MAP_TILE_URL', ['http:', 'https:'])
  if (mapTileUrl && !['{z}', '{x}', '{y}'].every((part) => mapTileUrl.includes(part)))
    fail('MAP_TILE_URL', 'must be a tile URL template with {z}, {x} and {y} in it, such as https://tile.example.org/{z}/{x}/{y}.png')
  requireSharedKeys(env, Boolean(databaseUrl))
  if (env.LOG_LEVEL && !LOG_LEVELS.includes(env.LOG_LEVEL)) fail('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`)
  return {
    port,
    dataDir,
    publicUrl,
    database: databaseConfig(databaseUrl, path.join(dataDir, 'app.sqlite')),
    jwtSecret: jwtSecret(env, dataDir),
    // Not the default PUBLIC_URL: that names this instance's port, which other instances need not share.
    jwtAudience: env.JWT_AUDIENCE || (env.PUBLIC_URL ? publicUrl : 'business-cloud'),
    tokenTtl,
    sessionMaxAge,
    trustProxy: proxyHops(env),
    totpKey: totpKey(env, dataDir),
    authCacheMs: integer(env, 'AUTH_CACHE_MS', 1000, 0, 60_000),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Business Cloud <no-reply@localhost>',
    defaultModules: modules,
    rateLimit: { perUser: limit(env, 'RATE_LIMIT_USER', '10/900'), perAddress: limit(env, 'RATE_LIMIT_ADDRESS', '50/900') },
    signUpLimit: limit(env, 'RATE_LIMIT_SIGNUP', '10/3600'),
    remotesPath: '/remotes',
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_MB', 200, 1, 100_000) * 1024 * 1024,
    fileMaxBytes: integer(env, 'FILE_MAX_MB', 20_480, 1, 5_000_000) * 1024 * 1024,
    // Decimal megabytes: the spec's chunk is 200,000,000 bytes; S3 takes no part under 5 MiB but the last.
    uploadPartBytes: integer(env, 'UPLOAD_PART_MB', 200, 6, 5000) * 1_000_000,
    // A merge reads its PDFs into memory: this bounds what one merge holds.
    mergeMaxBytes: integer(env, 'MERGE_MAX_MB', 200, 1, 4096) * 1024 * 1024,
    s3: s3Storage(env),
    mapTileUrl,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    logMailLinks: boolean(env, 'LOG_MAIL_LINKS', env.NODE_ENV === 'development'),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: boolean(env, 'SEED_DEMO', !databaseUrl),
    demoPassword: env.DEMO_PASSWORD,
  }
}
