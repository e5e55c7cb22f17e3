import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from './config'

const API_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const TSX = path.join(API_DIR, '..', 'node_modules', '.bin', 'tsx')
const dir = () => mkdtempSync(path.join(os.tmpdir(), 'config-'))
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir(), ...env }, '/')

describe('configuration from the environment', () => {
  test('has safe embedded defaults: SQLite in DATA_DIR, port 3030, every module, a generated JWT secret', () => {
    const config = load({})
    expect(config.port).toBe(3030)
    expect(config.database.client).toBe('better-sqlite3')
    expect(config.defaultModules).toContain('core')
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32)
    expect(config.seedDemo).toBe(true)
    expect(config.uploadMaxBytes).toBe(200 * 1024 * 1024)
    expect(config.mergeMaxBytes).toBe(200 * 1024 * 1024)
  })

  test('keeps the generated JWT secret in DATA_DIR, so tokens survive a restart', () => {
    const DATA_DIR = dir()
    expect(loadConfig({ DATA_DIR }, '/').jwtSecret).toBe(loadConfig({ DATA_DIR }, '/').jwtSecret)
  })

  test('processes starting together on one fresh DATA_DIR all keep the one secret published first, never an empty one', async () => {
    const script = "import { loadConfig } from './src/config.ts'; const c = loadConfig({ DATA_DIR: process.env.SECRET_DIR }, '/'); console.log(c.jwtSecret + ' ' + c.totpKey.toString('hex'))"
    for (let round = 0; round < 2; round++) {
      const DATA_DIR = dir()
      const secrets = await Promise.all(
        Array.from({ length: 6 }, () =>
          new Promise<string>((resolve, reject) =>
            execFile(TSX, ['-e', script], { cwd: API_DIR, env: { ...process.env, SECRET_DIR: DATA_DIR } }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))),
          ),
        ),
      )
      expect(new Set(secrets).size, secrets.join('\n')).toBe(1)
      expect(secrets[0]).toMatch(/^\S{64} [0-9a-f]{64}$/)
      expect(readdirSync(DATA_DIR).sort()).toEqual(['jwt-secret', 'totp-key'])
    }
  }, 60_000)

  test('a secret file left empty stops the start with what to do, instead of signing with an empty secret', () => {
    const DATA_DIR = dir()
    writeFileSync(path.join(DATA_DIR, 'jwt-secret'), '')
    expect(() => loadConfig({ DATA_DIR }, '/')).toThrow(/DATA_DIR.*empty jwt-secret.*delete the file/)
  })

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x/y' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://host' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
    [{ DEFAULT_MODULES: 'core,nonsense' }, 'DEFAULT_MODULES'],
    [{ RATE_LIMIT_USER: 'ten' }, 'RATE_LIMIT_USER'],
    [{ RATE_LIMIT_SIGNUP: '10' }, 'RATE_LIMIT_SIGNUP'],
    [{ UPLOAD_MAX_MB: '0' }, 'UPLOAD_MAX_MB'],
    [{ FILE_MAX_MB: '1.5' }, 'FILE_MAX_MB'],
    [{ MERGE_MAX_MB: '0' }, 'MERGE_MAX_MB'],
    [{ UPLOAD_PART_MB: '5' }, 'UPLOAD_PART_MB'],
    [{ SUPPORT_EMAIL: 'support' }, 'SUPPORT_EMAIL'],
    [{ GEOCODER_URL: 'nominatim.local' }, 'GEOCODER_URL'],
    [{ MAP_TILE_URL: 'tiles.local/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'https://tiles.example.test/tile.png' }, 'MAP_TILE_URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TOTP_KEY: 'too-short' }, 'TOTP_KEY'],
    [{ SESSION_MAX_AGE: '3600' }, 'SESSION_MAX_AGE'],
    [{ JWT_AUDIENCE: 'two words' }, 'JWT_AUDIENCE'],
    [{ SINGLE_INSTANCE: 'alone' }, 'SINGLE_INSTANCE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ S3_BUCKET: 'No_Such Bucket' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
  ])('a bad value stops the start with a message naming the variable: %o', (env, name) => {
    expect(() => load(env)).toThrow(ConfigError)
    expect(() => load(env)).toThrow(new RegExp(`^${name} `))
  })

  test('files on local disk unless S3_BUCKET is set; an S3-compatible endpoint gets path-style addresses', () => {
    expect(load({}).s3).toBeUndefined()
    expect(load({ S3_BUCKET: 'company-files', S3_REGION: 'eu-north-1' }).s3).toEqual({
      bucket: 'company-files',
      region: 'eu-north-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    })
    expect(load({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3).toEqual({
      bucket: 'files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    })
  })

  test('sign-ups per address are RATE_LIMIT_SIGNUP, 10 an hour unless set', () => {
    expect(load({}).signUpLimit).toEqual({ max: 10, windowSeconds: 3600 })
    expect(load({ RATE_LIMIT_SIGNUP: '3/60' }).signUpLimit).toEqual({ max: 3, windowSeconds: 60 })
  })

  test('TRUST_PROXY counts proxy hops: true is one, false or unset none', () => {
    expect(load({}).trustProxy).toBe(0)
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(0)
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
  })

  test('sessions live at most SESSION_MAX_AGE (7 days unless set), never less than TOKEN_TTL', () => {
    expect(load({}).sessionMaxAge).toBe(7 * 86400)
    expect(load({ TOKEN_TTL: '3600', SESSION_MAX_AGE: '43200' })).toMatchObject({ tokenTtl: 3600, sessionMaxAge: 43200 })
  })

  test('the TOTP key: TOTP_KEY as hex or base64, else generated once into DATA_DIR, readable by the server alone', () => {
    const hex = 'ab'.repeat(32)
    expect(load({ TOTP_KEY: hex }).totpKey).toEqual(Buffer.from(hex, 'hex'))
    const base64 = Buffer.alloc(32, 7).toString('base64')
    expect(load({ TOTP_KEY: base64 }).totpKey).toEqual(Buffer.alloc(32, 7))
    const DATA_DIR = dir()
    const generated = loadConfig({ DATA_DIR }, '/').totpKey
    expect(generated).toHaveLength(32)
    expect(loadConfig({ DATA_DIR }, '/').totpKey).toEqual(generated)
    expect(statSync(path.join(DATA_DIR, 'totp-key')).mode & 0o777).toBe(0o600)
  })

  test('MySQL/MariaDB with DATABASE_URL, and then no demo unless asked', () => {
    const config = load({ DATABASE_URL: 'mariadb://root@127.0.0.1:3306/app', SINGLE_INSTANCE: 'true' })
    expect(config.database.client).toBe('mysql2')
    expect(config.seedDemo).toBe(false)
  })
})

const SECRET = 'a-shared-secret-of-at-least-32-characters'
const TOTP_KEY = 'cd'.repeat(32)
const DATABASE_URL = 'mysql://app@db.internal:3306/app'

describe('tokens that several instances accept', () => {
  test('the audience is JWT_AUDIENCE, else PUBLIC_URL when set, else one name whatever the port', () => {
    expect(load({ PUBLIC_URL: 'https://cloud.example.com/' }).jwtAudience).toBe('https://cloud.example.com')
    expect(load({ PORT: '3001' }).jwtAudience).toBe(load({ PORT: '3002' }).jwtAudience)
    expect(load({ PUBLIC_URL: 'https://cloud.example.com', JWT_AUDIENCE: 'business-cloud-prod' }).jwtAudience).toBe('business-cloud-prod')
  })

  test('a shared database with generated keys stops the start, naming what to set', () => {
    const start = () => load({ DATABASE_URL })
    expect(start).toThrow(ConfigError)
    expect(start).toThrow(/^JWT_SECRET and TOTP_KEY must be set when DATABASE_URL is/)
    expect(start).toThrow(/JWT_AUDIENCE/)
    expect(start).toThrow(/SINGLE_INSTANCE=true/)
    expect(() => load({ DATABASE_URL, JWT_SECRET: SECRET })).toThrow(/^TOTP_KEY must be set/)
    expect(() => load({ DATABASE_URL, TOTP_KEY })).toThrow(/^JWT_SECRET must be set/)
  })

  test('a shared database starts with shared keys, or alone with generated ones when SINGLE_INSTANCE says so', () => {
    expect(load({ DATABASE_URL, JWT_SECRET: SECRET, TOTP_KEY })).toMatchObject({ jwtSecret: SECRET, totpKey: Buffer.from(TOTP_KEY, 'hex') })
    const alone = load({ DATABASE_URL, SINGLE_INSTANCE: 'true' })
    expect(alone.jwtSecret.length).toBeGreaterThanOrEqual(32)
    expect(alone.jwtSecret).not.toBe(SECRET)
  })
})
