/** Where the caller's own preferences are saved. Browser-safe. */
export const languagePath = 'accountusers/:userId/language/:language'
export const fileViewPath = 'accountusers/:userId/file-view'
export const fileViewByTypePath = 'accountusers/:userId/file-view/:type'
