/** Where a person asks to change their login e-mail (a global admin changes anyone's). Browser-safe. */
export const usernamePath = 'accountusers/:userId/username'
