/** Toasts with texts from the 'documents' namespace, and the API's reasons said in the user's language. */
import { createNotifyFx, type KnownRefusal, refusalText } from '@app/module-kit'
import {
  BINDER_MESSAGES,
  CONTROL_MESSAGES,
  FOLDER_ACTION_MESSAGES,
  FOLDER_FILE_MESSAGES,
  FOLDER_MESSAGES,
  FOLDER_URL_MESSAGES,
  MATERIAL_LINE_MESSAGES,
  lockedByOthersMessage,
  notMergeableMessage,
} from '@app/plugin-documents/shared'
import { FILE_NAME_MESSAGES } from '@app/plugin-kit/shared'

export const notifyFx = createNotifyFx('documents')

/** A message with `{name}` parts (the API fills them in) as a pattern whose named groups catch them. */
const shaped = (message: string) =>
  new RegExp(`^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => `(?<${name}>.+?)`)}$`)

/** The reasons the documents API gives for what these pages do, by the plugin's own messages (refusal-locales/). */
const REFUSALS: readonly KnownRefusal[] = [
  [FOLDER_FILE_MESSAGES.archived, 'documents:refusal.filesArchived'],
  [FOLDER_FILE_MESSAGES.targetArchived, 'documents:refusal.noNewFiles'],
  [FOLDER_FILE_MESSAGES.targetFolder, 'documents:refusal.targetFolder'],
  [FOLDER_FILE_MESSAGES.alreadyLocked, 'documents:refusal.alreadyLocked'],
  [FOLDER_FILE_MESSAGES.notLocked, 'documents:refusal.notLocked'],
  [FOLDER_FILE_MESSAGES.unlockDenied, 'documents:refusal.unlockDenied'],
  [FOLDER_FILE_MESSAGES.lockedMeanwhile, 'documents:refusal.lockedMeanwhile'],
  [FOLDER_FILE_MESSAGES.mergeTooLarge, 'documents:refusal.mergeTooLarge'],
  [shaped(notMergeableMessage('{name}')), 'documents:refusal.notMergeable'],
  [shaped(lockedByOthersMessage(['{name}'], '{by}')), 'documents:refusal.lockedByOther'],
  // The message for several counts them: "2 of the files …".
  [shaped(lockedByOthersMessage(['', '']).replace(/^2/, '{count}')), 'documents:refusal.lockedByOthers'],
  [FILE_NAME_MESSAGES.path, 'documents:refusal.fileNamePath'],
  [FILE_NAME_MESSAGES.tooLong, 'documents:refusal.fileNameTooLong'],
  [FOLDER_MESSAGES.hasFiles, 'documents:refusal.inUse'],
  [CONTROL_MESSAGES.notTicked, 'documents:refusal.notTicked'],
  [CONTROL_MESSAGES.archived, 'documents:refusal.controlArchived'],
  [CONTROL_MESSAGES.alreadyArchived, 'documents:refusal.alreadyArchived'],
  [CONTROL_MESSAGES.notArchivedYet, 'documents:refusal.notArchived'],
  [CONTROL_MESSAGES.notArchived, 'documents:refusal.newRevisionNeedsArchive'],
  [CONTROL_MESSAGES.revisionTaken, 'documents:refusal.revisionTaken'],
  [CONTROL_MESSAGES.currentRevision, 'documents:refusal.currentRevision'],
  [FOLDER_URL_MESSAGES.archived, 'documents:refusal.rowsArchived'],
  [MATERIAL_LINE_MESSAGES.archived, 'documents:refusal.rowsArchived'],
  [FOLDER_ACTION_MESSAGES.archived, 'documents:refusal.rowsArchived'],
  [BINDER_MESSAGES.inList, 'documents:refusal.inBinder'],
  [shaped(BINDER_MESSAGES.full), 'documents:refusal.binderFull'],
]

/**
 * The API's reason for a refusal (files still in a document, a lock held by another), in the
 * user's language, put after a toast's own words; one these pages do not know, or a server
 * failure, gives none and the toast's words stand alone.
 */
export const refusalOf = (error: Error) => refusalText(error, REFUSALS)
