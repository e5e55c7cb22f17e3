/** The document's change log (part1 §7 "events"): one row per change, written with the change. */
import { nowIso } from '@app/plugin-kit'
import type { Knex } from 'knex'
import type { FolderEventType } from './services/control/control.schema'

export interface FolderChange {
  accountId: number
  folderId: number
  userId: number | null
  type: FolderEventType
  /** What changed, in a line: the revision, the file's name, the role. */
  subject: string
}

/** Records a change; pass the change's transaction so both land or neither does. */
export const recordFolderEvent = (knex: Knex, change: FolderChange) =>
  knex('folder_events').insert({
    account_id: change.accountId,
    folder_id: change.folderId,
    modified_by: change.userId,
    event_type: change.type,
    subject: change.subject.slice(0, 300),
    created_at: nowIso(),
  })
