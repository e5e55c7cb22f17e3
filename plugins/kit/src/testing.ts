/** Helpers for tests that talk to a real server over HTTP with a real database. */
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Knex } from 'knex'
import { createKnex, databaseConfig } from './database'
import { createLogger } from './logger'

/**
 * A fresh database for one test server: an SQLite file in a temporary folder, or,
 * when TEST_DATABASE_URL names a MySQL/MariaDB server, a new database on it that
 * `drop` removes again.
 */
export const testDatabase = async (): Promise<{ config: Knex.Config; dataDir: string; drop: () => Promise<void> }> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bc-test-'))
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return { config: databaseConfig(undefined, path.join(dataDir, 'app.sqlite')), dataDir, drop: async () => {} }
  const name = `test_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`
  const admin = createKnex(databaseConfig(serverUrl, ''))
  await admin.raw(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`)
  await admin.destroy()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    config: databaseConfig(url.toString(), ''),
    dataDir,
    drop: async () => {
      const again = createKnex(databaseConfig(serverUrl, ''))
      await again.raw(`drop database if exists \`${name}\``)
      await again.destroy()
    },
  }
}

export interface HttpAnswer<T = any> {
  status: number
  body: T
  headers: Headers
}

/** A small JSON client for tests: `call('POST', '/api/x', body, token, { 'idempotency-key': 'k' })`. */
export const httpClient =
  (baseUrl: string) =>
  async <T = any>(method: string, url: string, body?: unknown, token?: string, extraHeaders: Record<string, string> = {}): Promise<HttpAnswer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders }
    // A form goes as multipart, with the boundary fetch writes; anything else as JSON.
    const form = body instanceof FormData
    if (body !== undefined && !form) headers['content-type'] ??= 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    const response = await fetch(baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : form || typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    let parsed: any = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {}
    return { status: response.status, body: parsed, headers: response.headers }
  }

/** A logger whose JSON lines land in `lines`, for tests of what the server logs. */
export const capturedLogger = () => {
  const lines: Record<string, any>[] = []
  const logger = createLogger({ destination: { write: (line: string) => lines.push(JSON.parse(line)) } })
  return { logger, lines }
}
