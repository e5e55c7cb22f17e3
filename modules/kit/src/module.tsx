/**
 * defineModule: what a remote's `./module` export must be. It brands the definition
 * so the shell accepts only real ones, registers the remote's texts, and turns each
 * route into single-spa-react lifecycles the shell mounts as a parcel in an outlet.
 * Each outlet is its own React root: a route that throws shows the error page for
 * its area and cannot take the shell down.
 */
import type { MenuFlag, MenuFlags } from '@app/plugin-kit/shared'
import type { Scope } from 'effector'
import { Provider, useUnit } from 'effector-react'
import { type ComponentType, Suspense, createElement, lazy, useMemo } from 'react'
import * as ReactDOMClient from 'react-dom/client'
import * as React from 'react'
import singleSpaReact from 'single-spa-react'
import type { ParcelConfigObject } from 'single-spa'
import { type Area, AreaContext } from './area'
import { type Locale, registerLocales } from './i18n'
import { matchPath, prefixParams } from './router'
import { $flags } from './session'
import { ErrorPage, ForbiddenPage, Spinner } from './ui'

export interface RouteProps {
  params: Record<string, string>
  query: URLSearchParams
}

export interface ModuleRoute {
  /** A full pattern, e.g. `/profile/settings` or `/users/:id/details`. */
  path: string
  /**
   * The menu flag (as the API names it) a caller needs to open the page. Without it the
   * route shows the 403 state and the page is never mounted, so it loads nothing. Left
   * out, the route takes its module's flag; null opens it to every signed-in caller.
   */
  flag?: MenuFlag | null
  /**
   * The values of a parameter that names one of a fixed set (a page's tabs or sections): the
   * route opens for those alone (any other address under it is not found, rather than a tab
   * of a module switched off showing the page's first tab), and what walks every page (the
   * browser tests) opens each without a copy of the set.
   */
  params?: Readonly<Record<string, readonly string[]>>
  component: ComponentType<RouteProps>
}

/**
 * A route's page loaded only when the route first shows: its code is a chunk of its own
 * (`import()`), so the remote's entry (what the home page's panel needs too) stays small.
 * The outlet shows the kit's loading state meanwhile.
 * e.g. `lazyPage(() => import('./pages/list/page'), (page) => page.ProjectsPage)`.
 */
export const lazyPage = <M,>(load: () => Promise<M>, pick: (loaded: M) => ComponentType<RouteProps>): ComponentType<RouteProps> =>
  lazy(() => load().then((loaded) => ({ default: pick(loaded) })))

/** Whether the caller's flags let them open the route. */
export const routeAllowed = (route: Pick<ModuleRoute, 'flag'>, flags: MenuFlags) => !route.flag || flags[route.flag]

/**
 * A panel the module draws on the signed-in home page (the projects module's recent
 * projects and map). The shell mounts it as a parcel, as it mounts routes, for the
 * modules whose remote declares `home` in GET /modules; the panel decides itself what
 * its caller may see.
 */
export interface HomePanel {
  id: string
  component: ComponentType<RouteProps>
}

/**
 * A side panel the module draws beside the pages under `path` (a prefix whose `:params`
 * it gets, e.g. `/project/:projectId`), whichever module owns those pages: the documents
 * module's file manager on every page of a project. The shell mounts it as a parcel, as it
 * mounts routes, for the remotes whose GET /modules entry names the prefix, and places it
 * (docked or floating, as the panel's `SidePanel` says); the panel decides itself whether
 * it is open and what its caller may see.
 */
export interface SidePanelDefinition {
  id: string
  path: string
  component: ComponentType<RouteProps>
}

export interface ModuleDefinition {
  id: string
  /** The flag every route of the module needs unless the route names its own (or null). */
  flag?: MenuFlag
  routes: ModuleRoute[]
  locales: Record<Locale, Record<string, unknown>>
  home?: HomePanel[]
  panels?: SidePanelDefinition[]
  setup?: () => void
}

/** What the shell passes to a mounted route: the path (pathname and search) it shows. */
export interface OutletProps {
  path: string
  /** The main area or a split-screen pane (default main). */
  area?: Area
  /**
   * A split-screen pane's own effector scope (see split/scope.ts). A parcel is a React
   * root of its own, so the pane's <Provider> does not reach it: the scope comes as a prop.
   */
  scope?: Scope | null
}

export type RouteParcel = ParcelConfigObject<OutletProps>

// Symbol.for: the brand survives even if a remote were ever built with its own kit copy.
const BRAND = Symbol.for('@app/module-kit:module')

export interface DefinedModule extends ModuleDefinition {
  readonly [BRAND]: true
  /** The routes with their flags settled: each its own, else the module's. */
  readonly routes: ModuleRoute[]
  readonly parcels: readonly { route: ModuleRoute; parcel: RouteParcel }[]
  /** The home panels as parcels the shell mounts on its home page. */
  readonly homeParcels: readonly { id: string; parcel: RouteParcel }[]
  /** The side panels as parcels the shell mounts beside the pages under their prefix. */
  readonly panelParcels: readonly { id: string; path: string; parcel: RouteParcel }[]
}

const splitPath = (path: string) => {
  const index = path.indexOf('?')
  return index < 0 ? { pathname: path, search: '' } : { pathname: path.slice(0, index), search: path.slice(index) }
}

/**
 * A route's page for a path, in its area, under the pane's scope when it has one; the 403
 * state instead when the caller lacks the route's flag (read from the app's session, which
 * every pane shares).
 */
export const RouteView = ({ route, path, area = 'main', scope }: OutletProps & { route: PanelRoute }) => {
  const flags = useUnit($flags)
  const { pathname, search } = splitPath(path)
  const params = useMemo(() => (route.prefix ? prefixParams : matchPath)(route.path, pathname) ?? {}, [route.path, route.prefix, pathname])
  const query = useMemo(() => new URLSearchParams(search), [search])
  // A lazy page (see lazyPage) shows the kit's loading state while its chunk comes.
  const content = routeAllowed(route, flags)
    ? createElement(Suspense, { fallback: createElement(Spinner) }, createElement(route.component, { params, query }))
    : createElement(ForbiddenPage)
  const page = createElement(AreaContext.Provider, { value: area }, content)
  return scope ? createElement(Provider, { value: scope }, page) : page
}

/** A route, or a side panel whose `path` is a prefix of the pages it stands beside. */
type PanelRoute = ModuleRoute & { prefix?: boolean }

const routeRoot = (route: PanelRoute) => {
  const RouteRoot = (props: OutletProps) => createElement(RouteView, { ...props, route })
  RouteRoot.displayName = `Route(${route.path})`
  return RouteRoot
}

const parcelOf = (route: PanelRoute): RouteParcel =>
  singleSpaReact<OutletProps>({
    React,
    ReactDOMClient,
    rootComponent: routeRoot(route),
    errorBoundary: (error) => <ErrorPage message={error.message} />,
  }) as RouteParcel

/** A route as the check reads it: the module's flag where the route names none of its own. */
const withModuleFlag = (route: ModuleRoute, flag: MenuFlag | undefined): ModuleRoute =>
  route.flag === undefined ? { ...route, flag } : route

export const defineModule = (definition: ModuleDefinition): DefinedModule => {
  registerLocales(definition.id, definition.locales)
  const routes = definition.routes.map((route) => withModuleFlag(route, definition.flag))
  return Object.freeze({
    ...definition,
    routes,
    [BRAND]: true as const,
    parcels: routes.map((route) => ({ route, parcel: parcelOf(route) })),
    // A panel is a route open to every signed-in caller, at the home page's path.
    homeParcels: (definition.home ?? []).map((panel) => ({ id: panel.id, parcel: parcelOf({ path: '/', flag: null, component: panel.component }) })),
    panelParcels: (definition.panels ?? []).map((panel) => ({
      id: panel.id,
      path: panel.path,
      parcel: parcelOf({ path: panel.path, prefix: true, flag: null, component: panel.component }),
    })),
  })
}

export const isDefinedModule = (value: unknown): value is DefinedModule =>
  typeof value === 'object' && value !== null && (value as Partial<DefinedModule>)[BRAND] === true

/** The first route of a module whose pattern matches the pathname, each of its fixed-set parameters one of its values. */
export const findRoute = (module: DefinedModule, pathname: string) =>
  module.parcels.find(({ route }) => {
    const params = matchPath(route.path, pathname)
    return params !== null && Object.entries(route.params ?? {}).every(([name, values]) => values.includes(params[name]!))
  }) ?? null
