import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { currentUser, saveOnPut } from '@app/plugin-kit'
import { CompaniesService } from './companies.class'
import { companyDataSchema, companyPatchSchema, companyQuerySchema, companySaveSchema, companySchema } from './companies.schema'
import { companiesMethods, companiesPath, newCompanyPath } from './companies.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [companiesPath]: CompaniesService
  }
}

/** PUT /companies saves (spec part1 §7): a body without id creates the company, one with an id changes it. */
export const companiesService: ServiceDefinition = {
  path: companiesPath,
  methods: [...companiesMethods],
  scope: { kind: 'tenant' },
  flags: {
    find: ['canSeeCompany'],
    get: ['canSeeCompany'],
    create: ['canManageCompany'],
    // A company's administrators edit it too: the service checks who may edit which company.
    patch: ['canManageCompany', 'canManageCompanyUsers'],
    // Then create's or patch's own flags, as the save turns into one of them.
    update: ['canManageCompany', 'canManageCompanyUsers'],
    remove: ['canManageCompany'],
  },
  schemas: { data: companyDataSchema, patch: companyPatchSchema, update: companySaveSchema, query: companyQuerySchema, result: companySchema },
  service: (app) => saveOnPut(app, companiesPath, new CompaniesService(app)),
}

/** GET /companies/new: the blank company the add form starts from (spec part1 §7). */
export const newCompanyService: ServiceDefinition = {
  path: newCompanyPath,
  methods: ['find'],
  scope: { kind: 'own-user', why: "The blank form of a new company, with the country of the caller's own current account." },
  flags: { find: ['canManageCompany'] },
  service: (app) => ({
    async find(params: AppParams) {
      return {
        name: '',
        number: null,
        country: await app.get('core').accountCountry(currentUser(params).accountId),
        parentId: null,
        latitude: null,
        longitude: null,
        skymapEnabled: false,
      }
    },
  }),
}
