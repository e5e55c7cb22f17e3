/**
 * A document's notes (spec part1 §2 "Notes" tab, §3 "Note: date, author, note"): the kit's
 * comment thread on the API's `folder` comments. Whoever opens the document reads and adds
 * them; the server's `canEdit` says which one may be edited or deleted (its author, or an
 * administrator of the project).
 */
import { createCommentsModel } from '@app/module-kit'
import { type Comment, commentUrl, thingCommentsUrl } from '@app/plugin-comments/shared'
import { notifyFx, refusalOf } from '../../notify'

export const documentNotes = createCommentsModel<Comment>({
  threadUrl: (folderId) => thingCommentsUrl('folder', folderId),
  commentUrl,
  notify: notifyFx.prepend(({ kind, key, error }) => ({ kind, key: `notes.${key}`, detail: error ? refusalOf(error) : undefined })),
})
