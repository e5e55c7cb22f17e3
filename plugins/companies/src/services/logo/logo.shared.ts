/** Where a company's logo lives: GET shows it, PATCH (multipart, field `file`) replaces it. Browser-safe. */
export const logoPath = 'companies/:companyId/logo'
export const logoMethods = ['find', 'patch'] as const

/** The client's URL (under /api) of the company's logo. */
export const logoUrl = (companyId: number) => `/companies/${companyId}/logo`
