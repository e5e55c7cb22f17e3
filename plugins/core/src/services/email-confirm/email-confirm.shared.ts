/** Where the link from the new address confirms the change, signed in or out. Browser-safe. */
export const emailConfirmPath = 'emailchange/confirm'
