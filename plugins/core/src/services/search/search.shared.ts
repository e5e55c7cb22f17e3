/** Where the /search page asks (spec part2 §2 "Search"). Browser-safe. */
export const searchPath = 'search'
export const searchMethods = ['find'] as const

/** The client's URL (under /api) of a search for `q`. */
export const searchUrl = (q: string) => `/search?q=${encodeURIComponent(q)}`
