/**
 * The access core's privilege vocabulary, which every module that gives or shows rights
 * needs: the catalogue of global privileges and their words. Editors of grants belong to
 * the module that owns them (a user's own grants: the users remote).
 */
export {
  $grantablePrivileges,
  $privilegeCatalog,
  type CatalogPrivilege,
  fetchPrivilegeCatalogFx,
  grantablePrivileges,
  privilegeCatalogRequested,
} from './catalog'
export { usePrivilegeText } from './text'
