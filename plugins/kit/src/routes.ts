/**
 * Which service answers a URL must follow from the paths alone, not from the order plugins
 * and their services happen to be listed in. Feathers' own router tries a static segment
 * before placeholders, but placeholders at the same place in the order they were first
 * added, by any route; and every service gets an implicit `path/:__id` route, even one
 * without id methods. So the app routes with `SpecificRouter` (it takes the place of
 * `app.routes`, which Feathers' Application type declares and its routing calls only
 * through insert, remove and lookup): of the routes that match a URL the most
 * specific answers, and the plugin contract refuses to start when two routes are equally
 * specific for some URL.
 */
import type { Method } from './define-plugin'

const ID_METHODS: readonly Method[] = ['get', 'update', 'patch', 'remove']
const IMPLICIT_ID = ':__id'

const segmentsOf = (path: string) => path.replace(/^\/+|\/+$/g, '').split('/')
const isPlaceholder = (segment: string) => segment.startsWith(':')

/** Where a route has a placeholder, as a string of 0 (static) and 1 (placeholder): lower is more specific. */
const shapeOf = (segments: string[]) => segments.map((s) => (isPlaceholder(s) ? '1' : '0')).join('')

interface Entry<T> {
  segments: string[]
  shape: string
  /** The `path/:__id` route Feathers adds for every service. */
  implicit: boolean
  data: T
}

const matches = (segments: string[], url: string[]) => segments.every((s, i) => isPlaceholder(s) || s === url[i])

/**
 * Of two routes matching one URL: fewer placeholders, then placeholders later (a static
 * segment first wins, as in Feathers' router), then a declared route over an implicit id route.
 */
const moreSpecific = <T>(a: Entry<T>, b: Entry<T>) => {
  const [ca, cb] = [a.shape.split('1').length, b.shape.split('1').length]
  if (ca !== cb) return ca < cb
  if (a.shape !== b.shape) return a.shape < b.shape
  return !a.implicit && b.implicit
}

/** In the place of Feathers' Router (insert, remove, lookup): answers with the most specific route. */
export class SpecificRouter<T> {
  /** Routes by their length and first segment; a route starting with a placeholder is under '*'. */
  private readonly buckets = new Map<string, Entry<T>[]>()

  private getPath(path: string) {
    return segmentsOf(path)
  }

  private bucketKey(segments: string[], first = segments[0]!) {
    return `${segments.length}\u0000${isPlaceholder(first) ? '*' : first}`
  }

  insert(path: string, data: T) {
    const segments = this.getPath(path)
    const key = this.bucketKey(segments)
    const bucket = this.buckets.get(key) ?? []
    if (bucket.some((e) => e.segments.join('/') === segments.join('/'))) throw new Error(`Path ${segments.join('/')} already exists`)
    bucket.push({ segments, shape: shapeOf(segments), implicit: segments.at(-1) === IMPLICIT_ID, data })
    this.buckets.set(key, bucket)
  }

  remove(path: string) {
    const segments = this.getPath(path)
    const key = this.bucketKey(segments)
    this.buckets.set(key, (this.buckets.get(key) ?? []).filter((e) => e.segments.join('/') !== segments.join('/')))
  }

  lookup(path: string): { params: Record<string, string>; data: T } | null {
    if (typeof path !== 'string') return null
    const url = this.getPath(path)
    let best: Entry<T> | undefined
    for (const key of [this.bucketKey(url), this.bucketKey(url, ':')])
      for (const entry of this.buckets.get(key) ?? []) if (matches(entry.segments, url) && (!best || moreSpecific(entry, best))) best = entry
    if (!best) return null
    const params: Record<string, string> = {}
    best.segments.forEach((s, i) => {
      if (isPlaceholder(s)) params[s.slice(1)] = url[i]!
    })
    return { params, data: best.data }
  }
}

/**
 * Pairs of routes that are equally specific for some URL, each as a sentence: they have
 * placeholders in the same places and the same static segments. An implicit `:__id` route
 * of a service without id methods only answers 405 and always loses to a declared route,
 * so it is left out.
 */
export const routeConflicts = (services: readonly { path: string; methods: readonly Method[] }[]): string[] => {
  const routes = services.flatMap((s) => [
    { owner: s.path, segments: segmentsOf(s.path) },
    ...(s.methods.some((m) => ID_METHODS.includes(m)) ? [{ owner: s.path, segments: [...segmentsOf(s.path), IMPLICIT_ID] }] : []),
  ])
  const conflicts: string[] = []
  for (let i = 0; i < routes.length; i++)
    for (let j = i + 1; j < routes.length; j++) {
      const [a, b] = [routes[i]!, routes[j]!]
      if (a.owner === b.owner || a.segments.length !== b.segments.length || shapeOf(a.segments) !== shapeOf(b.segments)) continue
      if (matches(a.segments, b.segments))
        conflicts.push(`/${a.segments.join('/')} (${a.owner}) and /${b.segments.join('/')} (${b.owner}) match the same URLs`)
    }
  return conflicts
}
