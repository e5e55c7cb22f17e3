/** A duplicate (409) shown on its field, like a validation message, in the user's language. */
import { ApiError } from '@app/module-kit'

export const conflictOnField = (error: unknown, field: string, key: string): unknown =>
  error instanceof ApiError && error.status === 409 ? new ApiError(error.message, 400, { [field]: `admin:${key}` }) : error

/** Runs a save; a 409 becomes the field's message. */
export const withConflictOn = async <T>(field: string, key: string, save: () => Promise<T>): Promise<T> => {
  try {
    return await save()
  } catch (error) {
    throw conflictOnField(error, field, key)
  }
}
