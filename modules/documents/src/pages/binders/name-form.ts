/**
 * A binder's name, asked when one is made or renamed (the binders page, a binder's page,
 * the document's Binders and lists tab): required, one line, at most BINDER_LIMITS.name;
 * another binder of the project with it (the API's 409, compared ignoring case) is said on
 * the field in the user's language, any other failure above the buttons.
 */
import { ApiError, type Form, createForm } from '@app/module-kit'
import { BINDER_LIMITS } from '@app/plugin-documents/shared'

export interface BinderNameValues extends Record<string, unknown> {
  name: string
}

/** The field key of the API's "already has a binder with that name". */
export const NAME_TAKEN = 'documents:binders.nameTaken'

/**
 * Runs a save of a name: a 409 on the name becomes that field's message; another refusal
 * keeps the API's words (a field's, or the whole form's); a failure of the server or the
 * network says `failed`, a documents key.
 */
export const savingName = async (save: () => Promise<unknown>, failed: string) => {
  try {
    await save()
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.errors?.name) throw new ApiError(error.message, 400, { name: NAME_TAKEN })
    if (error instanceof ApiError && error.status > 0 && error.status < 500) throw error
    throw new Error(failed)
  }
}

export const createBinderNameForm = (submit: (values: BinderNameValues) => Promise<void>): Form<BinderNameValues> =>
  createForm<BinderNameValues>({
    fields: { name: { initial: '', rules: { required: true, maxLength: BINDER_LIMITS.name } } },
    submit,
  })
