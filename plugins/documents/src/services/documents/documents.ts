/**
 * The documents list (spec part1 §2 "Folder list with tabs My, All, Favorites, Recent, a
 * search filter"): GET /documents?tab=all|my|favorites|recent&filter=&projectId=&$skip=&$limit=
 * answers { total, limit, skip, data }, 25 rows unless asked (at most 100). Like the
 * projects list it is the caller's own view: every row is of their current account and of
 * a project they hold VIEW on, confined in SQL by the kit's whereProjectAccess.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { DocumentsListService } from './documents.class'
import { documentListItemSchema, documentListQuerySchema } from './documents.schema'
import { documentsMethods, documentsPath } from './documents.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [documentsPath]: DocumentsListService
  }
}

export const documentsListService: ServiceDefinition = {
  path: documentsPath,
  methods: [...documentsMethods],
  scope: {
    kind: 'own-user',
    why: "The caller's documents list: rows of their current account only, of projects they hold VIEW on (whereProjectAccess in SQL), with their own favourite marks and visits.",
  },
  schemas: { query: documentListQuerySchema, result: documentListItemSchema },
  service: (app) => new DocumentsListService(app),
}
