/** Where a file's place and conversion are set, for the server and the document screens. Browser-safe. */
export const fileGeolocationPath = 'files/:fileId/geolocation'
export const conversionStartedPath = 'files/conversion-started'
export const conversionCompletedPath = 'files/conversion-completed'
