/**
 * A checklist's title and description (spec part2 §5: both required, at least 3
 * characters), and its status on the add form; shared by /checklist/add and the metadata tab.
 */
import { ApiError, type Form, createForm } from '@app/module-kit'
import { CHECKLIST_LIMITS, type ChecklistStatus } from '@app/plugin-checklists/shared'

export interface ChecklistValues extends Record<string, unknown> {
  title: string
  description: string
  status: ChecklistStatus | ''
}

const text = (maxLength: number) => ({ required: true, minLength: CHECKLIST_LIMITS.minText, maxLength })

export const createChecklistForm = (submit: (values: ChecklistValues) => Promise<void>): Form<ChecklistValues> =>
  createForm<ChecklistValues>({
    fields: {
      title: { initial: '', rules: text(CHECKLIST_LIMITS.title) },
      description: { initial: '', rules: text(CHECKLIST_LIMITS.description) },
      // New checklists start as OPEN (part2 §4).
      status: { initial: 'OPEN', rules: { required: true } },
    },
    submit,
  })

/**
 * Runs a save: a refusal naming fields keeps the API's words on them; anything else (a 403,
 * a 409, a server failure) says `failed`, a checklists key, above the buttons.
 */
export const saving = async (save: () => Promise<unknown>, failed: string) => {
  try {
    await save()
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.errors && Object.keys(error.errors).length > 0) throw error
    throw new Error(failed)
  }
}
