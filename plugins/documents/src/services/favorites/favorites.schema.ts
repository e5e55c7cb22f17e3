/** A document's favourite mark (the documents list's Favorites tab, spec part1 §2). Browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

/** PUT /folders/{folderId}/favorite takes no fields: the mark is the caller's, the document the path's. */
export const folderFavoriteDataSchema = Type.Object({}, { additionalProperties: false, examples: [{}] })

/** What PUT and DELETE answer: whether the document is now the caller's favourite. */
export const folderFavoriteSchema = Type.Object({ folderId: Type.Integer(), favorite: Type.Boolean() }, { additionalProperties: false })
export type FolderFavorite = Static<typeof folderFavoriteSchema>
