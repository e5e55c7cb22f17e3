/** Where a client asks whether its token is live. Browser-safe. */
export const authenticationValidatePath = 'authentication/validate'
export const authenticationValidateMethods = ['find'] as const
