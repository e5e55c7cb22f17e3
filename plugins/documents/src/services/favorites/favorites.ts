/**
 * The caller's favourite documents (the documents list's Favorites tab, spec part1 §2):
 * PUT /folders/{folderId}/favorite marks one, DELETE /folders/{folderId}/favorite unmarks
 * it; both answer { folderId, favorite } and may be repeated. Reading the document is
 * enough (VIEW on its project); the mark is the caller's own, never a person the client names.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { FolderFavoritesService } from './favorites.class'
import { folderFavoriteDataSchema, folderFavoriteSchema } from './favorites.schema'
import { folderFavoriteMethods, folderFavoritePath } from './favorites.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [folderFavoritePath]: FolderFavoritesService
  }
}

export const folderFavoriteService: ServiceDefinition = {
  path: folderFavoritePath,
  methods: [...folderFavoriteMethods],
  scope: { kind: 'project', level: { update: 'VIEW', remove: 'VIEW' }, projectIdFrom: { rowParam: 'folderId', table: 'folders' } },
  schemas: { update: folderFavoriteDataSchema, result: folderFavoriteSchema },
  service: (app) => new FolderFavoritesService(app),
}
