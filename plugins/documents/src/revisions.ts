/**
 * What a document's revisions hold (part1 §3 "Revision", §4 "Document state"), for the
 * control process and the files alike. A revision archived now keeps no files apart: its
 * files are still the document's own (revision_id NULL) until a new revision begins and
 * moves them under it. So the revision the document is archived in now (its latest while
 * it is ARCHIVED) shows the document's files, and any older one the files kept with it.
 */
import type { Knex } from 'knex'

/** The document's latest archived revision, if it has one. */
export const latestRevision = (knex: Knex, folderId: number) => knex('folder_revisions').where({ folder_id: folderId }).orderBy('id', 'desc').first()

/** The id of the revision the document is archived in now: its latest while it is ARCHIVED; null while a revision is in work. */
export const currentRevisionId = async (knex: Knex, folder: { id: number; state: string }): Promise<number | null> => {
  if (folder.state !== 'ARCHIVED') return null
  const latest = await latestRevision(knex, Number(folder.id))
  return latest ? Number(latest.id) : null
}

/** The files kept with an archived revision of the document, as its lists show them (COMMENT files are not). */
export const keptFiles = (knex: Knex, folderId: number, revisionId: number) =>
  knex('folder_files').where({ folder_id: folderId, revision_id: revisionId }).whereNot('file_type', 'COMMENT')
