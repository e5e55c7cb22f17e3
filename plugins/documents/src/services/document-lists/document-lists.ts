/**
 * Binders, the spec's document lists (part1 §2 "Binders and lists", §3 "Document list
 * (binder): name", §8 "is in document list"): a project's named, ordered lists of its
 * documents.
 *
 * - GET and POST /projects/{projectId}/document-lists (a page of them by name; a new one
 *   {name}), GET, PATCH {name} and DELETE …/document-lists/{listId} (GET answers its
 *   documents in order; DELETE removes the binder, never its documents).
 * - POST …/document-lists/{listId}/items {folderId} puts a document of the project last,
 *   PATCH …/items/{folderId} {position} moves it, DELETE …/items/{folderId} takes it out;
 *   each answers the binder in its new order.
 * - GET /folders/{folderId}/document-lists: the binders a document is in (its tab).
 *
 * VIEW on the project reads, EDIT changes, under the kit's project scope: the binders are
 * addressed by their project in the path; a binder's documents by the binder itself, whose
 * project the scope reads (and the service holds to the path's project).
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { BinderItemsService, BindersService, FolderBindersService } from './document-lists.class'
import {
  binderDataSchema,
  binderDetailSchema,
  binderItemDataSchema,
  binderItemPatchSchema,
  binderQuerySchema,
  folderBinderSchema,
} from './document-lists.schema'
import { binderItemsPath, bindersPath, folderBindersPath } from './document-lists.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [bindersPath]: BindersService
    [binderItemsPath]: BinderItemsService
    [folderBindersPath]: FolderBindersService
  }
}

export const binderServices: ServiceDefinition[] = [
  {
    path: bindersPath,
    methods: ['find', 'get', 'create', 'patch', 'remove'],
    // `table`: the rows a refused call must leave as they were (the access test watches them).
    scope: {
      kind: 'project',
      level: { find: 'VIEW', get: 'VIEW', create: 'EDIT', patch: 'EDIT', remove: 'EDIT' },
      projectIdFrom: { routeParam: 'projectId', table: 'document_lists' },
    },
    schemas: { data: binderDataSchema, patch: binderDataSchema, query: binderQuerySchema, result: binderDetailSchema },
    service: (app) => new BindersService(app),
  },
  {
    path: binderItemsPath,
    methods: ['create', 'patch', 'remove'],
    scope: { kind: 'project', level: { create: 'EDIT', patch: 'EDIT', remove: 'EDIT' }, projectIdFrom: { rowParam: 'listId', table: 'document_lists' } },
    schemas: { data: binderItemDataSchema, patch: binderItemPatchSchema, result: binderDetailSchema },
    service: (app) => new BinderItemsService(app),
  },
  {
    path: folderBindersPath,
    methods: ['find'],
    scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { rowParam: 'folderId', table: 'folders' } },
    schemas: { result: folderBinderSchema },
    service: (app) => new FolderBindersService(app),
  },
]
