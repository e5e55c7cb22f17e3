/**
 * Reverse geocoding against a tiny Nominatim look-alike on loopback (the edge of
 * the world), both directly and through GET /api/companies/geocode.
 */
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type TestServer, fixtures, startTestServer } from '@app/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { nominatimGeocoder } from './geocoder'

let nominatim: Server
let baseUrl: string
let server: TestServer
let admin: string
const asked: URLSearchParams[] = []

const OULU = {
  place_id: 1,
  display_name: 'Kirkkokatu 3, Oulu, Finland',
  address: { house_number: '3', road: 'Kirkkokatu', city: 'Oulu', postcode: '90100', country: 'Suomi / Finland', country_code: 'fi' },
}
const VILLAGE = { address: { road: 'Kyläntie', village: 'Kylä', postcode: '12345', country_code: 'se' } }

beforeAll(async () => {
  nominatim = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    asked.push(url.searchParams)
    if (url.pathname !== '/nominatim/reverse') return response.writeHead(404).end()
    const lon = Number(url.searchParams.get('lon'))
    if (lon === 66) return response.writeHead(500).end('down')
    response.writeHead(200, { 'content-type': 'application/json' })
    if (lon === 0) return response.end(JSON.stringify({ error: 'Unable to geocode' }))
    response.end(JSON.stringify(lon === 15 ? VILLAGE : OULU))
  })
  await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}/nominatim/`
  process.env.GEOCODER_URL = baseUrl
  server = await startTestServer()
  delete process.env.GEOCODER_URL
  const make = fixtures(server)
  admin = await make.signIn((await make.account()).admin)
})
afterAll(async () => {
  await server?.close()
  await new Promise((resolve) => nominatim.close(resolve))
})

describe('Nominatim geocoder', () => {
  test('asks /reverse in jsonv2 and reads the address', async () => {
    const geocoder = nominatimGeocoder(baseUrl)
    expect(await geocoder.reverse(25.47, 65.01)).toEqual({ address: 'Kirkkokatu 3', zip: '90100', city: 'Oulu', country: 'FI' })
    const query = asked.at(-1)!
    expect(query.get('format')).toBe('jsonv2')
    expect(query.get('lon')).toBe('25.47')
    expect(query.get('lat')).toBe('65.01')
    expect(await geocoder.reverse(15, 60)).toEqual({ address: 'Kyläntie', zip: '12345', city: 'Kylä', country: 'SE' })
    expect(await geocoder.reverse(0, 0)).toBeNull()
    await expect(geocoder.reverse(66, 1)).rejects.toMatchObject({ code: 502 })
  })

  test('GET /api/companies/geocode prefills the new company', async () => {
    const found = await server.call('GET', '/api/companies/geocode?lng=25.47&lat=65.01', undefined, admin)
    expect(found.status).toBe(200)
    expect(found.body).toEqual({ result: { address: 'Kirkkokatu 3', zip: '90100', city: 'Oulu', country: 'FI' } })
    expect((await server.call('GET', '/api/companies/geocode?lng=0&lat=0', undefined, admin)).body).toEqual({ result: null })
    expect((await server.call('GET', '/api/companies/geocode?lng=66&lat=1', undefined, admin)).status).toBe(502)
  })
})
