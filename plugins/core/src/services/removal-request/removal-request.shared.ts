/** Where a person asks for their own removal (a user manager toggles a member's). Browser-safe. */
export const removalRequestPath = 'accountusers/:userId/toggleRequestRemoval'
