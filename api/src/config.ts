/**
 * Configuration from environment variables, with safe embedded defaults, checked
 * at start-up: a bad value stops the server with a message naming the variable.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) return fail(name, `must look like 10/900 (failures/seconds), not "${raw}"`)
  return { max: Number(match[1]), windowSeconds: Number(match[2]) }
}

/** The JWT secret: JWT_SECRET, else one generated once and kept in DATA_DIR. */
const jwtSecret = (env: Env, dataDir: string) => {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) fail('JWT_SECRET', 'must be at least 32 characters long')
    return env.JWT_SECRET
  }
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export interface ServerConfig extends AppConfig {
  seedDemo: boolean
  demoPassword?: string
}

export const loadConfig = (env: Env = process.env, baseDir = env.INIT_CWD ?? process.cwd()): ServerConfig => {
  const port = integer(env, 'PORT', 3030, 0, 65535)
  const dataDir = path.resolve(baseDir, env.DATA_DIR || 'data')
  mkdirSync(dataDir, { recursive: true })
  const databaseUrl = url(env, 'DATABASE_URL', ['mysql:', 'mariadb:'])?.replace(/^mariadb:/, 'mysql:')
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/$/, '')
  const modules = (env.DEFAULT_MODULES ?? TENANT_MODULES.join(',')).split(',').map((m) => m.trim()).filter(Boolean)
  for (const m of modules) if (!TENANT_MODULES.includes(m as never)) fail('DEFAULT_MODULES', `names an unknown module "${m}"`)
  if (env.DEMO_PASSWORD !== undefined && env.DEMO_PASSWORD.length < 8) fail('DEMO_PASSWORD', 'must be at least 8 characters long')
  if (env.MAIL_FROM !== undefined && !/^.+@.+$/.test(env.MAIL_FROM)) fail('MAIL_FROM', 'must contain an e-mail address')
  if (env.SUPPORT_EMAIL && !new RegExp(EMAIL_PATTERN).test(env.SUPPORT_EMAIL)) fail('SUPPORT_EMAIL', 'must be an e-mail address')
  // Read by the companies plugin's reverse geocoder; checked here so a typo stops the start.
  url(env, 'GEOCODER_URL', ['http:', 'https:'])
  return {
    port,
    dataDir,
    publicUrl,
    database: databaseConfig(databaseUrl, path.join(dataDir, 'app.sqlite')),
    jwtSecret: jwtSecret(env, dataDir),
    tokenTtl: integer(env, 'TOKEN_TTL', 86400, 60, 30 * 86400),
    authCacheMs: integer(env, 'AUTH_CACHE_MS', 1000, 0, 60_000),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Business Cloud <no-reply@localhost>',
    defaultModules: modules,
    rateLimit: { perUser: limit(env, 'RATE_LIMIT_USER', '10/900'), perAddress: limit(env, 'RATE_LIMIT_ADDRESS', '50/900') },
    remotesPath: '/remotes',
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_MB', 200, 1, 100_000) * 1024 * 1024,
    seedDemo: boolean(env, 'SEED_DEMO', !databaseUrl),
    demoPassword: env.DEMO_PASSWORD,
  }
}
