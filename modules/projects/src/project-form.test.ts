import type { Project } from '@app/plugin-projects/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { dayToEpoch, epochToDay } from '@app/module-kit'
import { createProjectForm, toProjectData, toProjectValues } from './project-form'

const project: Project = {
  id: 4,
  accountId: 1,
  name: 'Harbour crane',
  symbol: 'P-1001',
  masterNumber: null,
  parentId: 2,
  managerId: 9,
  manager: { id: 9, firstName: 'Mia', lastName: 'Manager', username: 'mia@x.test' },
  companyId: 3,
  company: { id: 3, name: 'Nordic Steel Oy', number: 'C-1', country: 'FI' },
  startDate: dayToEpoch('2026-03-02'),
  endDate: null,
  deliveryDate: null,
  shipmentDate: null,
  inspectionDate: null,
  value: 1200.5,
  area: null,
  squareMeters: 350,
  geoPosition: { latitude: 65.01, longitude: 25.47, altitude: 12 },
  address: 'Satamatie 1',
  additionalInfo: null,
  endCompanyName: null,
  endCompanyAddress: null,
  endCompanyCountry: 'SE',
  endCompanyPlant: null,
  shouldNotifyBilling: null,
  isBillingNotified: false,
  skymapEnabled: false,
  skymapProjectId: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  createdBy: null,
  storageTotal: 0,
  lastVisited: null,
  accessLevel: { level: 'EDIT', view: true, download: true, edit: true, administer: false },
}

describe('the project form', () => {
  test('a saved project goes in and comes out as the same body', () => {
    const values = toProjectValues(project)
    expect(values).toMatchObject({ symbol: 'P-1001', companyId: '3', managerId: '9', parentId: '2', startDate: '2026-03-02', endDate: '', latitude: '65.01' })
    expect(toProjectData(values)).toEqual({
      name: 'Harbour crane',
      symbol: 'P-1001',
      companyId: 3,
      managerId: 9,
      parentId: 2,
      masterNumber: null,
      address: 'Satamatie 1',
      additionalInfo: null,
      endCompanyName: null,
      endCompanyAddress: null,
      endCompanyCountry: 'SE',
      endCompanyPlant: null,
      value: 1200.5,
      area: null,
      squareMeters: 350,
      startDate: project.startDate,
      endDate: null,
      deliveryDate: null,
      shipmentDate: null,
      inspectionDate: null,
      geoPosition: { latitude: 65.01, longitude: 25.47, altitude: 12 },
    })
  })

  test('cleared dates, selects and position are sent as null', () => {
    const values = { ...toProjectValues(project), startDate: '', managerId: '', latitude: '', longitude: '' }
    expect(toProjectData(values)).toMatchObject({ startDate: null, managerId: null, geoPosition: null })
  })

  test('a day is the local day it was chosen as, both ways', () => {
    expect(epochToDay(dayToEpoch('2026-12-31'))).toBe('2026-12-31')
    expect(dayToEpoch('')).toBeNull()
    expect(epochToDay(null)).toBe('')
  })

  test('name, number and client are required; the number at most 20; latitude within ±90; square metres a number', async () => {
    const form = createProjectForm(async () => {})
    const scope = fork()
    const change = (name: string, value: string) => allSettled(form.fieldChanged, { scope, params: { name, value } })
    await change('symbol', 'P'.repeat(21))
    await change('latitude', '91')
    await change('squareMeters', 'lots')
    await allSettled(form.submitted, { scope })
    const errors = scope.getState(form.$errors)
    expect(errors.name?.key).toBe('validation.required')
    expect(errors.companyId?.key).toBe('validation.required')
    expect(errors.symbol?.key).toBe('validation.maxLength')
    expect(errors.latitude).toBeTruthy()
    expect(errors.squareMeters).toBeTruthy()
  })

  test('a longitude without a latitude says both are needed', async () => {
    const form = createProjectForm(async () => {})
    const scope = fork()
    await allSettled(form.fieldChanged, { scope, params: { name: 'longitude', value: '25.5' } })
    await allSettled(form.submitted, { scope })
    expect(scope.getState(form.$errors).longitude?.key).toBe('projects:form.positionPair')
    expect(scope.getState(form.$errors).latitude).toBeUndefined()
  })
})
