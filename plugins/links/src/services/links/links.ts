/**
 * Links between modules (spec part1 §7): POST /links makes one, GET /links/{from}/{fromId}/{to}
 * lists an item's links to a module, DELETE /links/{from}/{linkId}/{to} removes one. Tenant
 * scoped: a link's ends are things of two modules, each in its own project, so no single
 * project names the call; the service asks the caller's level on each end's project of the
 * kit's access resolver (see links.class.ts).
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { ItemLinksService, LinksService } from './links.class'
import { linkDataSchema, linkQuerySchema, linkSchema } from './links.schema'
import { itemLinksMethods, itemLinksPath, linksMethods, linksPath } from './links.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [linksPath]: LinksService
    [itemLinksPath]: ItemLinksService
  }
}

export const linksService: ServiceDefinition = {
  path: linksPath,
  methods: [...linksMethods],
  scope: { kind: 'tenant' },
  schemas: { data: linkDataSchema, result: linkSchema },
  service: (app) => new LinksService(app),
}

export const itemLinksService: ServiceDefinition = {
  path: itemLinksPath,
  methods: [...itemLinksMethods],
  scope: { kind: 'tenant' },
  schemas: { query: linkQuerySchema, result: linkSchema },
  service: (app) => new ItemLinksService(app),
}
