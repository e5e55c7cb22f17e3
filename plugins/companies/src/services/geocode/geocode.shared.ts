/** Where the address lookup lives. Browser-safe. */
export const geocodePath = 'companies/geocode'
/** The client's URL (under /api); the point goes in the query (`lng`, `lat`). */
export const geocodeUrl = `/${geocodePath}`
