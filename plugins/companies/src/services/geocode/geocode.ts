import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { type Geocoder, geocoderFrom } from '../../geocoder'
import { type GeocodeQuery, geocodeQuerySchema } from './geocode.schema'
import { geocodePath } from './geocode.shared'

/** GET /companies/geocode?lng=&lat=: the address at a point, `{ result: null }` when none is known. */
export const geocodeService = (geocoder?: Geocoder): ServiceDefinition => ({
  path: geocodePath,
  methods: ['find'],
  scope: { kind: 'none', why: 'Looks a map point up with the address provider; reads and writes no rows.' },
  flags: { find: ['canManageCompany'] },
  schemas: { query: geocodeQuerySchema },
  service: () => {
    // Read when the server starts, so GEOCODER_URL is taken from the environment of that start.
    const provider = geocoder ?? geocoderFrom()
    return {
      async find(params: AppParams<GeocodeQuery>) {
        const { lng, lat } = params.query!
        return { result: await provider.reverse(lng, lat) }
      },
    }
  },
})
