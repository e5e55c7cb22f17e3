/** The map's markers: every positioned project the caller may open. Browser-safe. */
export const projectPositionsPath = 'projects/positions'

/** The client's URL (under /api) of the map's markers. */
export const projectPositionsUrl = () => '/projects/positions'
