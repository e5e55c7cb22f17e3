import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from './config'

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
  })

  test('keeps the generated JWT secret in DATA_DIR, so tokens survive a restart', () => {
    const DATA_DIR = dir()
    expect(loadConfig({ DATA_DIR }, '/').jwtSecret).toBe(loadConfig({ DATA_DIR }, '/').jwtSecret)
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
    [{ UPLOAD_MAX_MB: '0' }, 'UPLOAD_MAX_MB'],
    [{ SUPPORT_EMAIL: 'support' }, 'SUPPORT_EMAIL'],
    [{ GEOCODER_URL: 'nominatim.local' }, 'GEOCODER_URL'],
  ])('a bad value stops the start with a message naming the variable: %o', (env, name) => {
    expect(() => load(env)).toThrow(ConfigError)
    expect(() => load(env)).toThrow(new RegExp(`^${name} `))
  })

  test('MySQL/MariaDB with DATABASE_URL, and then no demo unless asked', () => {
    const config = load({ DATABASE_URL: 'mariadb://root@127.0.0.1:3306/app' })
    expect(config.database.client).toBe('mysql2')
    expect(config.seedDemo).toBe(false)
  })
})
