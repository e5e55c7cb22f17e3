/**
 * Reverse geocoding for /companies/add?lng=&lat=: a Nominatim-compatible service
 * named by GEOCODER_URL, or none at all (the default: an offline install leaves
 * the address empty).
 */
import { BadGateway } from '@feathersjs/errors'
import type { ReverseGeocode } from './services/geocode/geocode.schema'

export interface Geocoder {
  reverse(lng: number, lat: number): Promise<ReverseGeocode | null>
}

/** No provider configured: nothing is ever found, and nothing leaves the machine. */
export const offlineGeocoder: Geocoder = { reverse: async () => null }

interface NominatimAnswer {
  error?: string
  address?: Record<string, string | undefined>
}

const TIMEOUT_MS = 5000

/** The first of Nominatim's place names that is set: towns and villages have no `city`. */
const first = (address: Record<string, string | undefined>, keys: string[]) => keys.map((k) => address[k]).find(Boolean) ?? ''

export const nominatimGeocoder = (baseUrl: string): Geocoder => ({
  async reverse(lng, lat) {
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}/reverse`)
    url.search = new URLSearchParams({ format: 'jsonv2', lon: String(lng), lat: String(lat), addressdetails: '1' }).toString()
    let answer: NominatimAnswer
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      answer = (await response.json()) as NominatimAnswer
    } catch (error) {
      throw new BadGateway('The address lookup service did not answer', { reason: (error as Error).message })
    }
    // Nominatim answers 200 with { error } for a point in the sea or nowhere it knows.
    if (answer.error || !answer.address) return null
    const a = answer.address
    return {
      address: [first(a, ['road', 'pedestrian', 'footway', 'path']), a.house_number].filter(Boolean).join(' '),
      zip: a.postcode ?? '',
      city: first(a, ['city', 'town', 'village', 'municipality', 'hamlet']),
      country: (a.country_code ?? '').toUpperCase(),
    }
  },
})

export const geocoderFrom = (env: NodeJS.ProcessEnv = process.env): Geocoder =>
  env.GEOCODER_URL ? nominatimGeocoder(env.GEOCODER_URL) : offlineGeocoder
