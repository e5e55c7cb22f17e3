/** The password-reset link an admin sends a member instead of setting a password, browser-safe. */
export const RESET_LINK_SENT = 'A password reset link was sent to the user'
