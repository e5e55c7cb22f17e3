import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApiError, CREATE_ATTEMPTS, apiRequest, downloadName, refusedCallsSettled, statusText, storedTokenRefused, tokenStorage } from './client'

afterEach(() => vi.unstubAllGlobals())

const answer = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status })

test('sends JSON with the given token under /api and returns the body', async () => {
  const fetchMock = vi.fn(async () => answer(200, { ok: true }))
  vi.stubGlobal('fetch', fetchMock)
  const result = await apiRequest<{ ok: boolean }>('POST', '/authentication', { body: { a: 1 }, query: { x: 1, y: undefined, id: [3, 4] }, token: 'T' })
  expect(result).toEqual({ ok: true })
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  expect(url).toBe('/api/authentication?x=1&id=3&id=4')
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

describe('a 401 to a call made with the stored token', () => {
  let stored = 'stored'
  const refused = vi.fn()
  let unwatch = () => {}
  beforeEach(() => {
    stored = 'stored'
    refused.mockReset()
    unwatch = storedTokenRefused.watch(refused)
    vi.stubGlobal('localStorage', { getItem: () => stored, setItem: () => undefined, removeItem: () => undefined })
  })
  afterEach(() => unwatch())
  const ended = () => answer(401, { message: 'Your session has ended, please sign in again' })
  const bearerOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>).Authorization

  test('tells the session; one to a call with its own token (a sign-in), or any other status, does not', async () => {
    refused.mockImplementation(() => refusedCallsSettled('fail'))
    vi.stubGlobal('fetch', async () => ended())
    expect(tokenStorage.get()).toBe('stored')
    await expect(apiRequest('POST', '/authentication', { body: {}, token: null })).rejects.toMatchObject({ status: 401 })
    await expect(apiRequest('POST', '/authentication', { body: {}, token: 'other' })).rejects.toMatchObject({ status: 401 })
    expect(refused).not.toHaveBeenCalled()
    await expect(apiRequest('GET', '/users')).rejects.toMatchObject({ status: 401, message: 'Your session has ended, please sign in again' })
    expect(refused).toHaveBeenCalledTimes(1)
    vi.stubGlobal('fetch', async () => answer(403, { message: 'Forbidden' }))
    await expect(apiRequest('GET', '/users')).rejects.toMatchObject({ status: 403 })
    expect(refused).toHaveBeenCalledTimes(1)
  })

  test('waits for the user to sign in again, then goes again under the new token: the caller hears only the answer', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(ended()).mockResolvedValueOnce(answer(201, { id: 7 }))
    vi.stubGlobal('fetch', fetchMock)
    const call = apiRequest('POST', '/companies', { body: { name: 'A' } })
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1))
    stored = 'renewed'
    refusedCallsSettled('resend')
    await expect(call).resolves.toEqual({ id: 7 })
    expect(fetchMock.mock.calls.map(bearerOf)).toEqual(['Bearer stored', 'Bearer renewed'])
  })

  test('is never answered when the session ends or passes to someone else instead: its page is gone', async () => {
    vi.stubGlobal('fetch', async () => ended())
    const answered = vi.fn()
    apiRequest('GET', '/users').then(answered, answered)
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1))
    refusedCallsSettled('forget')
    // A later outcome is for later calls only.
    refusedCallsSettled('fail')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(answered).not.toHaveBeenCalled()
  })

  test("fails at once for the session's own calls (waitForSignIn: false), which still tell the session", async () => {
    vi.stubGlobal('fetch', async () => ended())
    await expect(apiRequest('GET', '/authentication/validate', { waitForSignIn: false })).rejects.toMatchObject({ status: 401 })
    expect(refused).toHaveBeenCalledTimes(1)
  })
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

describe('creates carry an Idempotency-Key and are sent again with it', () => {
  const keyOf = (call: unknown[]) => ((call[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key']

  test('no answer, then an answer: the retry reuses the key and the caller gets the created row', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(answer(201, { id: 7 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiRequest('POST', '/companies', { body: { name: 'A' }, token: 'T' })).resolves.toEqual({ id: 7 })
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(keyOf(fetchMock.mock.calls[0]!)).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(keyOf(fetchMock.mock.calls[1]!)).toBe(keyOf(fetchMock.mock.calls[0]!))
    expect((fetchMock.mock.calls[1]![1] as RequestInit).body).toBe('{"name":"A"}')
  })

  test('a 503 waits Retry-After and tries again with the same key; each create has its own key', async () => {
    const unavailable = () => new Response('{"message":"down"}', { status: 503, headers: { 'Retry-After': '0' } })
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(answer(201, { id: 1 }))
      .mockResolvedValueOnce(answer(201, { id: 2 }))
    vi.stubGlobal('fetch', fetchMock)
    await apiRequest('POST', '/companies', { body: { name: 'A' } })
    await apiRequest('POST', '/companies', { body: { name: 'A' } })
    const keys = fetchMock.mock.calls.map(keyOf)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })

  test('gives up after the last try with the answer it got; a refusal is not sent again; reads carry no key', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"down"}', { status: 503, headers: { 'Retry-After': '0' } }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiRequest('POST', '/companies', { body: {} })).rejects.toMatchObject({ status: 503 })
    expect(fetchMock).toHaveBeenCalledTimes(CREATE_ATTEMPTS)

    const refusing = vi.fn(async () => answer(409, { message: 'A request with this Idempotency-Key is in progress' }))
    vi.stubGlobal('fetch', refusing)
    await expect(apiRequest('POST', '/companies', { body: {} })).rejects.toMatchObject({ status: 409 })
    expect(refusing).toHaveBeenCalledTimes(1)

    const reading = vi.fn(async () => answer(503, { message: 'down' }))
    vi.stubGlobal('fetch', reading)
    await expect(apiRequest('GET', '/companies')).rejects.toMatchObject({ status: 503 })
    expect(reading).toHaveBeenCalledTimes(1)
    expect(keyOf(reading.mock.calls[0] as unknown[])).toBeUndefined()
  })
})
