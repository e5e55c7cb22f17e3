/**
 * The tenant's remotes: registered with the federation runtime as soon as the
 * enabled modules are known (nothing is downloaded then), and each one's `module`
 * loaded on first use. Only a real defineModule result is accepted.
 */
import {
  $enabledModules,
  type DefinedModule,
  type EnabledModule,
  isDefinedModule,
  loadModulesFx,
  sessionEnded,
  underPrefix,
} from '@app/module-kit'
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime'
import { createEffect, createStore, sample } from 'effector'

export class NotAModuleError extends Error {
  constructor(remote: string) {
    super(`Remote ${remote} does not export a module definition`)
  }
}

const loaded = new Map<string, Promise<DefinedModule>>()

const toRemotes = (modules: EnabledModule[]) => modules.map((module) => ({ name: module.remote, entry: module.entry }))

/** force: a new session may name other entries for the same remotes. */
export const registerRemotesFx = createEffect((modules: EnabledModule[]) => registerRemotes(toRemotes(modules), { force: true }))

sample({ clock: $enabledModules.updates, filter: (modules) => modules.length > 0, target: registerRemotesFx })
sessionEnded.watch(() => loaded.clear())

/** Whether GET /api/modules has answered: before it, no path can be called not found. */
export const $modulesKnown = createStore(false)
  .on(loadModulesFx.finally, () => true)
  .reset(sessionEnded)

const fetchModule = async (remote: string): Promise<DefinedModule> => {
  const exported = await loadRemote<{ default?: unknown }>(`${remote}/module`)
  const definition = exported?.default
  if (!isDefinedModule(definition)) throw new NotAModuleError(remote)
  definition.setup?.()
  return definition
}

/** The remote's module, fetched once; a failure is forgotten so Retry fetches again. */
export const loadModule = (remote: string): Promise<DefinedModule> => {
  const cached = loaded.get(remote)
  if (cached) return cached
  const pending = fetchModule(remote)
  loaded.set(remote, pending)
  pending.catch(() => loaded.delete(remote))
  return pending
}

/** Retry after a failed load: the entry script is registered again so it is fetched anew. */
export const retryModule = (module: EnabledModule) => {
  loaded.delete(module.remote)
  registerRemotes(toRemotes([module]), { force: true })
  return loadModule(module.remote)
}

/** The enabled module whose routes own the pathname (the longest prefix wins). */
export const ownerOf = (modules: EnabledModule[], pathname: string): EnabledModule | null => {
  let best: { module: EnabledModule; length: number } | null = null
  for (const module of modules)
    for (const prefix of module.routes)
      if (underPrefix(prefix, pathname) && (!best || prefix.length > best.length)) best = { module, length: prefix.length }
  return best?.module ?? null
}
