import type { Company, CompanyData } from '@app/plugin-companies/shared'
import { ApiError, localeChanged } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { createCompanyFx, fetchCompanyChoicesFx, geocodeFx } from '../../api'
import { notifyFx } from '../../notify'
import { addForm, addOpened, openCompanyFx, pointOf } from './model'

const company = { id: 7, name: 'Lapland Lumber Oy' } as Company

const setup = (create: (data: CompanyData) => Promise<Company>) => {
  const created: CompanyData[] = []
  const opened: number[] = []
  const notices: string[] = []
  const scope = fork({
    handlers: [
      [fetchCompanyChoicesFx, async () => ({ total: 1, limit: 500, skip: 0, data: [{ id: 3, name: 'Nordic Steel Oy' }] })],
      [geocodeFx, async () => ({ result: { address: 'Kirkkokatu 3', zip: '90100', city: 'Oulu', country: 'FI' } })],
      [createCompanyFx, async (data: CompanyData) => {
        created.push(data)
        return create(data)
      }],
      [openCompanyFx, (id: number) => void opened.push(id)],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, created, opened, notices }
}

describe('new company', () => {
  test('a point in the query must be two decimals in range', () => {
    expect(pointOf({ lng: '25.5', lat: '65' })).toEqual({ lng: 25.5, lat: 65 })
    expect(pointOf({ lng: '200', lat: '65' })).toBeNull()
    expect(pointOf({ lng: null, lat: '65' })).toBeNull()
    expect(pointOf({ lng: 'x', lat: '1' })).toBeNull()
  })

  test('lng and lat fill the coordinates and the looked-up address', async () => {
    const { scope } = setup(async () => company)
    await allSettled(addOpened, { scope, params: { lng: '25.47', lat: '65.01' } })
    expect(scope.getState(addForm.$values)).toMatchObject({
      longitude: '25.47',
      latitude: '65.01',
      address: 'Kirkkokatu 3',
      zip: '90100',
      city: 'Oulu',
      country: 'FI',
    })
  })

  test('a saved company opens with a success toast; empty texts are sent as null', async () => {
    const { scope, created, opened, notices } = setup(async () => company)
    await allSettled(addOpened, { scope, params: { lng: null, lat: null } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'name', value: 'Lapland Lumber Oy' } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'latitude', value: '66.5' } })
    await allSettled(addForm.submitted, { scope })
    expect(created).toEqual([expect.objectContaining({ name: 'Lapland Lumber Oy', latitude: 66.5, longitude: null, city: null, parentId: null })])
    expect(opened).toEqual([7])
    expect(notices).toEqual(['toast.created'])
  })

  test('in Finnish a latitude is typed with a decimal comma and sent as a number', async () => {
    const { scope, created } = setup(async () => company)
    await allSettled(localeChanged, { scope, params: 'fi-FI' })
    await allSettled(addOpened, { scope, params: { lng: null, lat: null } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'name', value: 'Oulun Teräs Oy' } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'latitude', value: '65,01' } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'longitude', value: '25.47' } })
    await allSettled(addForm.submitted, { scope })
    expect(scope.getState(addForm.$errors)).toEqual({})
    expect(created).toEqual([expect.objectContaining({ latitude: 65.01, longitude: 25.47 })])
  })

  test('in English a comma is not a decimal sign: the form says so and sends nothing', async () => {
    const { scope, created } = setup(async () => company)
    await allSettled(addOpened, { scope, params: { lng: null, lat: null } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'name', value: 'Oulu Steel Ltd' } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'latitude', value: '65,01' } })
    await allSettled(addForm.submitted, { scope })
    expect(scope.getState(addForm.$errors).latitude).toEqual({ key: 'validation.decimal' })
    expect(created).toEqual([])
  })

  test('the name is required and latitude stays within -90..90 before anything is sent', async () => {
    const { scope, created } = setup(async () => company)
    await allSettled(addOpened, { scope, params: { lng: null, lat: null } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'latitude', value: '91' } })
    await allSettled(addForm.submitted, { scope })
    expect(created).toEqual([])
    const errors = scope.getState(addForm.$errors)
    expect(errors.name?.key).toBeTruthy()
    expect(errors.latitude?.values).toEqual({ max: 90 })
  })

  test('a failed save says the company could not be saved and keeps the form', async () => {
    const { scope, opened, notices } = setup(async () => {
      throw new ApiError('Validation failed', 400, { name: 'This field is required' })
    })
    await allSettled(addOpened, { scope, params: { lng: null, lat: null } })
    await allSettled(addForm.fieldChanged, { scope, params: { name: 'name', value: 'X Oy' } })
    await allSettled(addForm.submitted, { scope })
    expect(opened).toEqual([])
    expect(notices).toEqual(['toast.saveFailed'])
    expect(scope.getState(addForm.$values).name).toBe('X Oy')
  })
})
