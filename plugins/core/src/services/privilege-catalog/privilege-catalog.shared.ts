/** Where the privilege catalogue is read. Browser-safe. */
export const privilegeCatalogPath = 'accounts/privileges'
export const globalPrivilegeCatalogPath = 'accounts/privileges/global'
