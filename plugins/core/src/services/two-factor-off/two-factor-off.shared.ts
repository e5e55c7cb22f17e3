/** Where a person switches their own two-factor sign-in off. Browser-safe. */
export const twoFactorOffPath = 'two-factor/off'
