/** /users/{id}/access: the user's own privileges, edited with the kit's grant editor (this tab's own instance). */
import { createGrantEditor } from '@app/module-kit'

export const accessGrants = createGrantEditor()
