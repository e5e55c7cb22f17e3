/**
 * A small router over the History API. The location lives in the singleton kit, so
 * the host and every remote's React root see the same one without a context.
 */
import { createEffect, createEvent, createStore, sample } from 'effector'
import { useUnit } from 'effector-react'
import { type AnchorHTMLAttributes, createElement, type MouseEvent, useMemo } from 'react'

export interface Location {
  pathname: string
  search: string
}

const browserLocation = (): Location =>
  typeof window === 'undefined' ? { pathname: '/', search: '' } : { pathname: window.location.pathname, search: window.location.search }

/** The browser moved (back/forward, or our own push): the store follows. */
export const locationChanged = createEvent<Location>()
export const $location = createStore<Location>(browserLocation()).on(locationChanged, (_, location) => location)

export const navigated = createEvent<{ to: string; replace?: boolean }>()

const historyFx = createEffect(({ to, replace }: { to: string; replace?: boolean }) => {
  if (replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  return browserLocation()
})

sample({ clock: navigated, target: historyFx })
sample({ clock: historyFx.doneData, target: locationChanged })

if (typeof window !== 'undefined') window.addEventListener('popstate', () => locationChanged(browserLocation()))

export const navigate = (to: string, options: { replace?: boolean } = {}) => navigated({ to, replace: options.replace })

const splitPattern = (value: string) => value.split('/').filter(Boolean)

/** `/users/:id/details` against a pathname: the params when every segment matches, else null. */
export const matchPath = (pattern: string, pathname: string): Record<string, string> | null => {
  const expected = splitPattern(pattern)
  const actual = splitPattern(pathname)
  if (expected.length !== actual.length) return null
  const params: Record<string, string> = {}
  for (const [index, part] of expected.entries()) {
    const value = actual[index]!
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value)
    else if (part !== value) return null
  }
  return params
}

/**
 * Whether a pathname lies under a prefix: `/profile` owns `/profile/settings`, not
 * `/profiles`; `:param` segments match any one segment (`/project/:id/documents`).
 */
export const underPrefix = (prefix: string, pathname: string) => prefixParams(prefix, pathname) !== null

/** The `:param` values of a prefix a pathname lies under (`/project/:projectId` of `/project/7/documents`), or null. */
export const prefixParams = (prefix: string, pathname: string): Record<string, string> | null => {
  const expected = splitPattern(prefix)
  const actual = splitPattern(pathname)
  if (expected.length > actual.length) return null
  const params: Record<string, string> = {}
  for (const [index, part] of expected.entries()) {
    // Raw, not decoded: a malformed escape in a later segment must not throw while the shell routes.
    if (part.startsWith(':')) params[part.slice(1)] = actual[index]!
    else if (part !== actual[index]) return null
  }
  return params
}

export const useLocation = () => useUnit($location)

export const useQueryParams = (): URLSearchParams => {
  const { search } = useLocation()
  return useMemo(() => new URLSearchParams(search), [search])
}

/** The query of `search` with `params` applied: null removes a key. */
export const withQueryParams = (search: string, params: Record<string, string | null>) => {
  const query = new URLSearchParams(search)
  for (const [key, value] of Object.entries(params)) {
    if (value === null) query.delete(key)
    else query.set(key, value)
  }
  const text = query.toString()
  return text ? `?${text}` : ''
}

export const setQueryParams = (params: Record<string, string | null>, options: { replace?: boolean } = {}) => {
  const { pathname, search } = $location.getState()
  navigate(`${pathname}${withQueryParams(search, params)}`, options)
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string
  replace?: boolean
}

/** A plain click navigates in the app; a modifier or middle click opens the link as the browser would. */
export const Link = ({ to, replace, onClick, ...rest }: LinkProps) =>
  createElement('a', {
    ...rest,
    href: to,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event)
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      if (rest.target && rest.target !== '_self') return
      event.preventDefault()
      navigate(to, { replace })
    },
  })
