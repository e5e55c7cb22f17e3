/** Where the sign-in's two-factor step sends its code. Browser-safe. */
export const twoFactorPath = 'authentication/two-factor'
