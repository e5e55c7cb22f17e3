/** /users/{id}/access: the user's own privileges, edited with this remote's grant editor (this tab's own instance). */
import { createGrantEditor } from '../../grants'

export const accessGrants = createGrantEditor()
