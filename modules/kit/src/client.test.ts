import { afterEach, describe, expect, test, vi } from 'vitest'
import { ApiError, apiRequest, downloadName, statusText } from './client'

afterEach(() => vi.unstubAllGlobals())

const answer = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status })

test('sends JSON with the given token under /api and returns the body', async () => {
  const fetchMock = vi.fn(async () => answer(200, { ok: true }))
  vi.stubGlobal('fetch', fetchMock)
  const result = await apiRequest<{ ok: boolean }>('POST', '/authentication', { body: { a: 1 }, query: { x: 1, y: undefined }, token: 'T' })
  expect(result).toEqual({ ok: true })
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  expect(url).toBe('/api/authentication?x=1')
  expect(init.headers).toMatchObject({ Authorization: 'Bearer T', 'Content-Type': 'application/json' })
  expect(init.body).toBe('{"a":1}')
})

test('a 400 carries the server message and field errors', async () => {
  vi.stubGlobal('fetch', async () => answer(400, { message: 'Validation failed', code: 400, errors: { email: 'This field is required' } }))
  const error = await apiRequest('POST', '/accounts', { token: null }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  expect(error).toMatchObject({ status: 400, message: 'Validation failed', errors: { email: 'This field is required' } })
})

test('a network failure is status 0', async () => {
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('fetch failed')
  })
  await expect(apiRequest('GET', '/modules', { token: null })).rejects.toMatchObject({ status: 0, message: 'Network error' })
})

test('statuses map to the error catalogue', () => {
  expect(statusText(404)).toBe('kit:status.404')
  expect(statusText(409)).toBe('kit:status.409')
  expect(statusText(418)).toBe('kit:status.generic')
  expect(statusText(0)).toBe('kit:status.network')
})

describe('download names', () => {
  test('prefer the UTF-8 name, then the plain one, then the fallback', () => {
    expect(downloadName(`attachment; filename="p_sswd.xlsx"; filename*=UTF-8''p%C3%A4sswd.xlsx`, 'x')).toBe('pässwd.xlsx')
    expect(downloadName('attachment; filename="users.xlsx"', 'x')).toBe('users.xlsx')
    expect(downloadName(null, 'export')).toBe('export')
  })
})
