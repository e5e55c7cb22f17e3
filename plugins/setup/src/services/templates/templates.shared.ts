/** Where the document templates live, for the server and the admin screens. Browser-safe. */
export const templatesPath = 'templates/:accountId'
export const templatesMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** The client's URL (under /api) of an account's templates, or of one (GET downloads its file). */
export const templateUrl = (accountId: number, id?: number) => `/templates/${accountId}${id === undefined ? '' : `/${id}`}`
