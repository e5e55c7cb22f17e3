/** Where companies live, for the server and the companies screens. Browser-safe. */
export const companiesPath = 'companies'
export const companiesMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export const newCompanyPath = 'companies/new'

/** The client's URL (under /api) of the companies, or of one of them. */
export const companyUrl = (id?: number) => `/companies${id === undefined ? '' : `/${id}`}`
