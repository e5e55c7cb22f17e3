/**
 * Every route the app declares, read from the declarations themselves so a new route
 * cannot be missed by the tests that walk them: each installed plugin's remotes and
 * their `defineModule` routes, the shell's own pages and its signed-out routes.
 */
import { plugins } from '@app/api/plugins'
import type { DefinedModule } from '@app/module-kit'
import { signedOutRoutes } from '@app/shell/src/signed-out'

export interface DeclaredRoute {
  /** The remote that declares it, or `shell`. */
  module: string
  /** Its pattern, `:param` segments and all. */
  path: string
}

/** The remotes of the installed plugins (the crash-test remote is the harness's own). */
export const remoteNames = plugins.flatMap((plugin) => plugin.remotes ?? []).map((remote) => remote.name)

export const remoteModules: DefinedModule[] = await Promise.all(
  remoteNames.map(async (name) => ((await import(`@app/module-${name}/module`)) as { default: DefinedModule }).default),
)

/** The pages a signed-in user opens: the shell's home and search (outlet/Outlet.tsx) and every remote route. */
export const signedInRoutes: DeclaredRoute[] = [
  { module: 'shell', path: '/' },
  { module: 'shell', path: '/search' },
  ...remoteModules.flatMap((module) => module.routes.map((route) => ({ module: module.id, path: route.path }))),
]

/** The pages shown while nobody is signed in. */
export const signedOutPaths: string[] = signedOutRoutes.map((route) => route.path)

/**
 * The URLs of a pattern: each `:param` replaced by every value given for it (a tab
 * parameter opens each tab). A parameter without values fails, so a new one is noticed.
 */
export const urlsOf = (pattern: string, params: Record<string, readonly string[]>): string[] =>
  pattern.split('/').reduce<string[]>(
    (prefixes, segment, index) => {
      if (index === 0) return prefixes
      if (!segment.startsWith(':')) return prefixes.map((prefix) => `${prefix}/${segment}`)
      const values = params[segment.slice(1)]
      if (!values?.length) throw new Error(`No value for ${segment} of ${pattern}: add fixture rows for it`)
      return prefixes.flatMap((prefix) => values.map((value) => `${prefix}/${value}`))
    },
    [''],
  ).map((url) => url || '/')
