/**
 * The tenant's remotes: registered with the federation runtime (by name and entry
 * URL, nothing is downloaded then) and each one's `module` loaded on first use.
 * Only a real defineModule result is accepted.
 */
import { $enabledModules, type DefinedModule, type EnabledModule, isDefinedModule, sessionEnded, underPrefix } from '@app/module-kit'

export class NotAModuleError extends Error {
  constructor(remote: string) {
    super(`Remote ${remote} does not export a module definition`)
  }
}

const loaded = new Map<string, Promise<DefinedModule>>()

const toRemotes = (modules: EnabledModule[]) => modules.map((module) => ({ name: module.remote, entry: module.entry }))

// The federation runtime comes with the signed-in app, never with the sign-in page.
const runtime = () => import('./federation').then(({ federation }) => federation)

/** The module list last registered: a new session's list is registered again before use. */
let registeredFor: EnabledModule[] | null = null
let registered: Promise<void> = Promise.resolve()

/** Registers the session's remotes (nothing is fetched yet); force: a new session may name other entries. */
const ensureRegistered = () => {
  const modules = $enabledModules.getState()
  if (modules !== registeredFor) {
    registeredFor = modules
    registered = runtime().then((federation) => federation.registerRemotes(toRemotes(modules), { force: true }))
  }
  return registered
}

sessionEnded.watch(() => loaded.clear())

const fetchModule = async (remote: string): Promise<DefinedModule> => {
  await ensureRegistered()
  const exported = await (await runtime()).loadRemote<{ default?: unknown }>(`${remote}/module`)
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
export const retryModule = async (module: EnabledModule) => {
  loaded.delete(module.remote)
  ;(await runtime()).registerRemotes(toRemotes([module]), { force: true })
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
