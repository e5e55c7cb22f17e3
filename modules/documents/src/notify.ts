/** Toasts with texts from the 'documents' namespace. */
import { ApiError, createNotifyFx } from '@app/module-kit'

export const notifyFx = createNotifyFx('documents')

/** The API's reason for a refusal (files still in a document, a lock held by another), put after a toast's own words; a server failure's text is not shown. */
export const refusalOf = (error: Error) => (error instanceof ApiError && error.status < 500 ? error.message : undefined)
