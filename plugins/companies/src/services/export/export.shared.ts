/** Where the companies export lives: GET answers companies.xlsx. Browser-safe. */
export const companyExportPath = 'companies/export'
/** The client's URL (under /api); the list's `filter` goes in the query. */
export const companyExportUrl = `/${companyExportPath}`
