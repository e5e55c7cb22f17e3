/** One editor of a user's own privileges for every remote: the effector model factory, its thin view, the catalogue and the words. */
export type { CatalogPrivilege, CompanyChoice, GrantChange, UserGrant } from './api'
export { $grantablePrivileges, $privilegeCatalog, fetchPrivilegeCatalogFx, grantablePrivileges, privilegeCatalogRequested } from './catalog'
export { createGrantEditor, GRANT_KINDS, type GrantEditorModel, type GrantKind } from './model'
export { ChooseButton, GrantEditor, type GrantEditorProps } from './GrantEditor'
export { useGrantText } from './text'
