/**
 * GET /modules: the remotes of the caller's enabled modules with what the shell draws
 * for each before downloading it (spec: the shell registers these after sign-in).
 */
import type { AppParams, Application, MenuEntry, ServiceDefinition, TileEntry } from '@app/plugin-kit'
import { ALWAYS_ON_MODULES, currentUser } from '@app/plugin-kit'
import { modulesMethods, modulesPath } from './modules.shared'

const remoteEntry = (app: Application, remote: string) => `${app.get('config').remotesPath}/${remote}/remoteEntry.js`

/**
 * Every installed remote with what the shell draws for it before downloading it. A
 * module may have several remotes (core has the profile pages, users, the admin
 * screens…), and a plugin may pair with several.
 */
const installedRemotes = (app: Application) =>
  app.get('plugins').flatMap((plugin) =>
    (plugin.remotes ?? []).map((remote) => ({
      id: remote.name,
      module: plugin.module,
      remote: remote.name,
      entry: remoteEntry(app, remote.name),
      version: plugin.version,
      menu: remote.menu as MenuEntry[],
      routes: remote.routes,
      tiles: (remote.tiles ?? []) as TileEntry[],
      home: remote.home ? { flag: remote.home.flag ?? null } : null,
      panels: (remote.panels ?? []).map((panel) => ({ path: panel.path, flag: panel.flag ?? null })),
      config: remote.config?.(app) ?? {},
    })),
  )

export const modulesService: ServiceDefinition = {
  path: modulesPath,
  methods: [...modulesMethods],
  scope: { kind: 'own-user', why: "Answers for the caller's current account only; takes no id." },
  service: (app) => ({
    async find(params: AppParams) {
      const enabled = new Set<string>([...ALWAYS_ON_MODULES, ...currentUser(params).modules])
      return installedRemotes(app).filter((remote) => enabled.has(remote.module))
    },
  }),
}
