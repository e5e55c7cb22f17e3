/** Toasts with texts from the 'documents' namespace. */
import { createNotifyFx } from '@app/module-kit'

export const notifyFx = createNotifyFx('documents')
