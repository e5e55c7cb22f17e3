/** Where a person switches to another of their accounts. Browser-safe. */
export const contextSwitchPath = 'contexts/:contextId'
