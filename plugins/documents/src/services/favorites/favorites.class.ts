/**
 * The caller's favourite mark on one document: set by PUT, taken away by DELETE, each as
 * often as asked (the second changes nothing). The mark is always the signed-in caller's
 * own; the project scope has found the document in their account and checked VIEW.
 */
import type { AppParams, Application } from '@app/plugin-kit'
import { currentUser, nowIso } from '@app/plugin-kit'
import { NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { routeDocument } from '../../document-rows'
import type { FolderFavorite } from './favorites.schema'

/**
 * A person's own mark changes nothing of the document or its project: the project's event
 * log (which the project scope tells of every write) leaves it out.
 */
const personal = (params: AppParams) => {
  params.unchanged = true
}

/** The path itself is the mark: `/folders/{folderId}/favorite/{anything}` names nothing. */
const noId = (id: unknown) => {
  if (id !== null && id !== undefined) throw new NotFound(`No record found for id '${String(id)}'`)
}

export class FolderFavoritesService {
  private readonly knex: Knex

  constructor(app: Application) {
    this.knex = app.get('knex')
  }

  /** The document the path names, in the caller's account (the project scope has found it there). */
  private async folder(params: AppParams) {
    const folder = await routeDocument(this.knex, params)
    return { id: Number(folder.id), accountId: Number(folder.account_id) }
  }

  /** PUT /folders/{folderId}/favorite: marks the document; marking it again keeps the first mark. */
  async update(id: unknown, _data: unknown, params: AppParams): Promise<FolderFavorite> {
    noId(id)
    const folder = await this.folder(params)
    await this.knex('folder_favorites')
      .insert({ account_id: folder.accountId, user_id: currentUser(params).id, folder_id: folder.id, created_at: nowIso() })
      .onConflict(['user_id', 'folder_id'])
      .ignore()
    personal(params)
    return { folderId: folder.id, favorite: true }
  }

  /** DELETE /folders/{folderId}/favorite: unmarks the document; one without the mark stays so. */
  async remove(id: unknown, params: AppParams): Promise<FolderFavorite> {
    noId(id)
    const folder = await this.folder(params)
    await this.knex('folder_favorites').where({ user_id: currentUser(params).id, folder_id: folder.id }).delete()
    personal(params)
    return { folderId: folder.id, favorite: false }
  }
}
