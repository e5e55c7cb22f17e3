/** Where a person starts setting up two-factor sign-in. Browser-safe. */
export const twoFactorEnrolmentPath = 'two-factor/enrolment'
