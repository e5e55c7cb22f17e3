/** A user's own privileges: the editor's effector model factory and its thin view (the access tab's). */
export type { UserGrant } from './api'
export { createGrantEditor, type GrantEditorModel } from './model'
export { GrantEditor } from './GrantEditor'
