/** Where the calls that change a membership live. Browser-safe. */
export const changeRolePath = 'accountusers/:accountId/securitygroups/:userId/:groupId'
export const changeAccessLevelPath = 'accountusers/:accountId/accesslevel/:userId/:level'
export const toggleMemberPath = 'accountusers/:accountId/toggle/:userId'
export const toggleTwoFactorPath = 'accountusers/:accountId/toggle/:userId/2fa'
