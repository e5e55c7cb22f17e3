/** Small sums of the map, apart from OpenLayers so they are tested without it. */

/** A longitude folded back into −180..180 (the map repeats the world sideways). */
export const wrapLongitude = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180

/** The query of the create pages: the clicked position, 6 decimals (about 0.1 m). */
export const pickQuery = (pick: { lng: number; lat: number }) => `lng=${pick.lng.toFixed(6)}&lat=${pick.lat.toFixed(6)}`
