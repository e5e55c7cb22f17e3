/** Where a signed-out person asks for a reset link (`?email=`). Browser-safe. */
export const resetRequestPath = 'passwordreset/requestReset'
