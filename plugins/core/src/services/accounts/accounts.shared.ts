/** Where the accounts service lives and what it answers to. Browser-safe. */
export const accountsPath = 'accounts'
// PUT /accounts saves the caller's account details (spec part1 §3), or the account its body's id names.
export const accountsMethods = ['find', 'get', 'create', 'update', 'patch'] as const
