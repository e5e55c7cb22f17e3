/** Where a reset link sets a password, and a reset or welcome link the password and names. Browser-safe. */
export const resetPasswordPath = 'passwordreset/changePassword'
export const resetPasswordAndDetailsPath = 'passwordreset/changePasswordAndUserDetails'
