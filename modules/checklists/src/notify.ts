/** Toasts with texts from the 'checklists' namespace, and the API's reasons said in the user's language. */
import { type KnownRefusal, createNotifyFx, refusalText } from '@app/module-kit'
import { CHECKLIST_LIMITS, CHECKLIST_MESSAGES } from '@app/plugin-checklists/shared'

export const notifyFx = createNotifyFx('checklists')

const REFUSALS: readonly KnownRefusal[] = [
  [CHECKLIST_MESSAGES.responsible, 'checklists:refusal.responsible'],
  [CHECKLIST_MESSAGES.parent, 'checklists:refusal.parent'],
  [CHECKLIST_MESSAGES.hasChildren, 'checklists:refusal.hasChildren'],
  [CHECKLIST_MESSAGES.hasFolder, 'checklists:refusal.hasFolder'],
  [CHECKLIST_MESSAGES.full.replace('{max}', String(CHECKLIST_LIMITS.items)), 'checklists:refusal.full'],
  [CHECKLIST_MESSAGES.tooManyChildren.replace('{max}', String(CHECKLIST_LIMITS.children)), 'checklists:refusal.tooManyChildren'],
  [CHECKLIST_MESSAGES.target, 'checklists:refusal.target'],
]

/** The API's reason for a refusal in the user's language; none for one these pages do not know, or a server failure. */
export const refusalOf = (error: Error) => refusalText(error, REFUSALS)

/** Why a page cannot show what it was opened for. */
export type LoadError = 'notFound' | 'forbidden' | 'failed'
