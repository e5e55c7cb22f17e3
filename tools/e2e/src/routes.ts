/**
 * Every route the app declares, read from the declarations themselves so a new route
 * cannot be missed by the tests that walk them (routes.e2e.test.ts as each role,
 * accessibility.e2e.test.ts in each background): each installed plugin's remotes and
 * their `defineModule` routes, the shell's own pages and its signed-out routes. Each
 * `:param` takes the rows `routeFixtures` makes; a new parameter fails until it is given some.
 */
import { plugins } from '@app/api/plugins'
import type { DefinedModule } from '@app/module-kit'
import type { MenuFlag } from '@app/plugin-kit/shared'
import { signedOutRoutes } from '@app/shell/signed-out'
import type { World, WorldOptions } from '@app/testing'
import type { E2EApp } from './harness'

export interface DeclaredRoute {
  /** The remote that declares it, or `shell`. */
  module: string
  /** Its pattern, `:param` segments and all. */
  path: string
  /** The menu flag a caller needs to open it, as defineModule settled it; none for the shell's pages. */
  flag?: MenuFlag | null
  /** The values of its fixed-set parameters (tabs, sections), as the route declares them. */
  params?: RouteParams
}

/** The remotes of the installed plugins (the crash-test remote is the harness's own). */
export const remoteNames = plugins.flatMap((plugin) => plugin.remotes ?? []).map((remote) => remote.name)

export const remoteModules: DefinedModule[] = await Promise.all(
  remoteNames.map(async (name) => ((await import(`@app/module-${name}/module`)) as { default: DefinedModule }).default),
)

/**
 * The pages a signed-in user opens: the shell's home and search (outlet/Outlet.tsx; the
 * search with a query, so its results are drawn too) and every remote route.
 */
export const signedInRoutes: DeclaredRoute[] = [
  { module: 'shell', path: '/' },
  { module: 'shell', path: '/search?q=fixture' },
  ...remoteModules.flatMap((module) => module.routes.map((route) => ({ module: module.id, path: route.path, flag: route.flag, params: route.params }))),
]

export type RouteParams = Record<string, readonly string[]>

/** The pages shown while nobody is signed in. */
export const signedOutPaths: string[] = signedOutRoutes.map((route) => route.path)


/**
 * The URLs of a pattern: each `:param` replaced by every value given for it (a tab
 * parameter opens each tab). A parameter without values fails, so a new one is noticed.
 */
export const urlsOf = (pattern: string, params: RouteParams): string[] =>
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

/** Every signed-in URL to open: each route once per combination of its parameters' values. */
export const signedInUrls = (params: RouteParams): (DeclaredRoute & { url: string })[] =>
  signedInRoutes.flatMap((route) => urlsOf(route.path, { ...params, ...route.params }).map((url) => ({ ...route, url })))

/**
 * A world (fixture builders' cast, in account A) with the rows the routes' parameters
 * point at, and the values of each parameter: ids of rows every role in the cast may
 * see (the company administrator administers `world.company`), every tab of a tab or
 * section parameter.
 */
export const routeFixtures = async (app: E2EApp, options: WorldOptions = {}): Promise<{ world: World; params: RouteParams }> => {
  const world = await app.make.world(options)
  // One of the company's own staff: the company administrator manages them.
  const staff = await app.make.user(world.a, 'user', { company: world.company, firstName: 'Stella', lastName: 'Staff' })
  // The account's own document type: a built-in one opens with a note that it cannot be changed.
  const type = await world.as('accountAdmin', 'POST', `/api/foldertypes/${world.a.id}`, { name: 'Drawing', typeId: 'DRW', active: true })
  if (type.status !== 201) throw new Error(`The document type was not made: ${type.status}`)
  // A project whose client is the company, so its administrator administers the project too (part1 §6);
  // the staff member holds VIEW on it, for the project's per-user page.
  const project = await app.make.project(world.a, { name: 'Fixture project', symbol: 'FX-1', createdBy: world.a.admin, client: world.company })
  await app.make.grantProject(staff, project, 'VIEW')
  const document = await app.make.document(project, { name: 'Fixture document', symbol: 'FX-D1' })
  // A binder of the project holding the document, for the binder's page.
  const binder = await world.as('accountAdmin', 'POST', `/api/projects/${project.id}/document-lists`, { name: 'Fixture binder' })
  if (binder.status !== 201) throw new Error(`The binder was not made: ${binder.status}`)
  const put = await world.as('accountAdmin', 'POST', `/api/projects/${project.id}/document-lists/${binder.body.id}/items`, { folderId: document.id })
  if (put.status !== 201) throw new Error(`The document was not put in the binder: ${put.status}`)
  // A checklist of the project with an item, for its pages.
  const checklist = await world.as('accountAdmin', 'POST', '/api/checklists', { parentId: project.id, title: 'Fixture checklist', description: 'For the route walks' })
  if (checklist.status !== 201) throw new Error(`The checklist was not made: ${checklist.status}`)
  const item = await world.as('accountAdmin', 'POST', `/api/checklists/${checklist.body.id}/items`, { name: 'Fixture item' })
  if (item.status !== 201) throw new Error(`The checklist item was not made: ${item.status}`)
  const params: RouteParams = {
    id: [String(staff.id)],
    projectId: [String(project.id)],
    userId: [String(staff.id)],
    item: [String(staff.id)],
    clientId: [String(world.company.id)],
    accountId: [String(world.a.id)],
    documentTypeId: [String(type.body.id)],
    documentId: [String(document.id)],
    listId: [String(binder.body.id)],
    checklistId: [String(checklist.body.id)],
    // The signed-out pages take any token until their form is sent (confirmEmail shows its failure).
    token: ['fixture-token'],
  }
  return { world, params }
}
