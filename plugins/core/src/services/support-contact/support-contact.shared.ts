/** Where the help page reads the support contact. Browser-safe. */
export const supportContactPath = 'support/contact'
export const supportContactMethods = ['find'] as const
