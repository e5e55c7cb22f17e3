/** The REST client: JSON over fetch with the stored bearer token, every path under /api. */
import { createEvent } from 'effector'

const TOKEN_KEY = 'accessToken'

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage)

export const tokenStorage = {
  get: (): string | null => storage()?.getItem(TOKEN_KEY) ?? null,
  set: (token: string) => storage()?.setItem(TOKEN_KEY, token),
  clear: () => storage()?.removeItem(TOKEN_KEY),
  key: TOKEN_KEY,
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Field messages of a 400 answer, one per field. */
    readonly errors?: Record<string, string>,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * A call made with the stored token was answered 401: the session behind the token has
 * ended (revoked, expired, the user disabled). The session model opens the sign-in dialog.
 * Calls given their own token (sign-in, the silent sign-in) answer their caller alone.
 */
export const storedTokenRefused = createEvent()

/**
 * What becomes of the calls refused that way while the user signs in again over the page:
 * `resend` (the same person is back: each goes again under the new token), `fail` (there
 * is no session to come back to: each fails with its 401), `forget` (the session ended or
 * passed to another person: their page is gone, so they never answer). The session model
 * decides.
 */
export type RefusedCallsOutcome = 'resend' | 'fail' | 'forget'
export const refusedCallsSettled = createEvent<RefusedCallsOutcome>()

const awaitingSignIn = new Set<(outcome: RefusedCallsOutcome) => void>()
refusedCallsSettled.watch((outcome) => {
  const waiting = [...awaitingSignIn]
  awaitingSignIn.clear()
  for (const settle of waiting) settle(outcome)
})

/**
 * A refused page's call waits for the user to sign in again, so the page never hears of the
 * ended session: no failure message, the form kept, a save made after all. Whether it is
 * sent again is answered once the outcome is known.
 */
const signedInAgain = () =>
  new Promise<boolean>((resolve) => {
    awaitingSignIn.add((outcome) => {
      if (outcome !== 'forget') resolve(outcome === 'resend')
    })
    storedTokenRefused()
  })

/** The API refused the caller (403): pages show the 403 state, not an error. */
export const isForbidden = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 403

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'

export interface RequestOptions {
  body?: unknown
  /** An array repeats its key (`id=1&id=2`). */
  query?: Record<string, string | number | boolean | undefined | readonly (string | number)[]>
  /** Overrides the stored token; null sends none. */
  token?: string | null
  /**
   * A 401 for the stored token waits for the user to sign in again and sends the call again
   * (see signedInAgain); false answers it at once: the session's own calls (check, renew,
   * sign out), which must not wait for the dialog they open or close.
   */
  waitForSignIn?: boolean
}

const queryString = (query: RequestOptions['query']) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) for (const one of [value ?? []].flat()) params.append(key, String(one))
  const text = params.toString()
  return text ? `?${text}` : ''
}

interface ErrorBody {
  message?: string
  errors?: Record<string, string>
  data?: { errors?: Record<string, string> } & Record<string, unknown>
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; plain http on a LAN has none). */
const newIdempotencyKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

/** Answers worth sending again after a pause: the server or a proxy in front of it was briefly unable to serve. */
const RETRYABLE = new Set([502, 503, 504])
/** How often a create is sent in all, and the longest pause between two tries. */
export const CREATE_ATTEMPTS = 3
const MAX_PAUSE_MS = 10_000

const pauseBefore = (attempt: number, response?: Response) => {
  const retryAfter = Number(response?.headers.get('Retry-After'))
  const ms = Number.isFinite(retryAfter) && retryAfter >= 0 && response?.headers.has('Retry-After') ? retryAfter * 1000 : 500 * attempt
  return new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_PAUSE_MS)))
}

const fetchOnce = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, init)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new ApiError('Request aborted', 0)
    throw new ApiError('Network error', 0)
  }
}

/**
 * One call. A JSON POST (a create) carries a fresh Idempotency-Key and is sent again,
 * with the same key, when no answer came or the server was briefly unavailable: the
 * server answers a repeat with the first answer, so nothing is created twice.
 */
const send = async (method: HttpMethod, path: string, options: RequestOptions): Promise<Response> => {
  const token = options.token === undefined ? tokenStorage.get() : options.token
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData
  const headers: Record<string, string> = { Accept: 'application/json' }
  // A FormData body sets its own multipart type and boundary.
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const retried = method === 'POST' && !form
  if (retried) headers['Idempotency-Key'] = newIdempotencyKey()
  const init = { method, headers, body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body) }
  const url = `/api${path}${queryString(options.query)}`
  for (let attempt = 1; ; attempt++) {
    const last = !retried || attempt >= CREATE_ATTEMPTS
    let response: Response
    try {
      response = await fetchOnce(url, init)
    } catch (error) {
      if (last || (error as ApiError).message === 'Request aborted') throw error
      await pauseBefore(attempt)
      continue
    }
    if (!response.ok && RETRYABLE.has(response.status) && !last) {
      await pauseBefore(attempt, response)
      continue
    }
    if (!response.ok) {
      if (response.status === 401 && token && options.token === undefined) {
        if (options.waitForSignIn === false) storedTokenRefused()
        // The server refused the token before doing anything, so a create goes again with a new key.
        else if (await signedInAgain()) return send(method, path, options)
      }
      const body = await readBody(response)
      const failure = (typeof body === 'object' && body ? body : {}) as ErrorBody
      throw new ApiError(failure.message ?? response.statusText, response.status, failure.errors ?? failure.data?.errors, failure.data)
    }
    return response
  }
}

/** A JSON call; `body` may also be a FormData, sent as multipart (uploads take the part named `file`). */
export const apiRequest = async <T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> =>
  (await readBody(await send(method, path, options))) as T

/** The file name of a download answer (RFC 6266, the UTF-8 form first). */
export const downloadName = (disposition: string | null, fallback: string) => {
  const encoded = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (encoded?.[1]) return decodeURIComponent(encoded[1])
  const plain = disposition && /filename="([^"]+)"/i.exec(disposition)
  return plain?.[1] ?? fallback
}

/** Downloads a file the API answers (exports, manuals) with the bearer token, and saves it under the server's name. */
export const downloadFile = async (path: string, query?: RequestOptions['query']) => {
  const response = await send('GET', path, { query })
  const name = downloadName(response.headers.get('Content-Disposition'), path.split('/').pop() || 'download')
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
  return name
}

const KNOWN_STATUSES = new Set([400, 401, 403, 404, 409, 500, 502, 503])

/** The i18n key (namespace kit) of a status in the spec's error catalogue (part1 §8). */
export const statusText = (status: number): string =>
  status === 0 ? 'kit:status.network' : KNOWN_STATUSES.has(status) ? `kit:status.${status}` : 'kit:status.generic'
