/** The address at a map point, which prefills a new company (spec part1 §7). Browser-safe. */
import { MESSAGES } from '@app/plugin-kit/shared'
import { type Static, Type } from '@sinclair/typebox'

export interface ReverseGeocode {
  address: string
  zip: string
  city: string
  country: string
}

export const geocodeQuerySchema = Type.Object(
  {
    lng: Type.Number({ minimum: -180, maximum: 180, errorMessage: MESSAGES.decimal }),
    lat: Type.Number({ minimum: -90, maximum: 90, errorMessage: MESSAGES.decimal }),
  },
  { additionalProperties: false },
)
export type GeocodeQuery = Static<typeof geocodeQuerySchema>
