/** Where one account's info with its counts is read. Browser-safe. */
export const accountDetailsPath = 'accounts/:accountId/details'
export const accountDetailsMethods = ['find'] as const
