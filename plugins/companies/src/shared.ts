/** Browser-safe exports of the companies plugin. */
export * from './services/companies/companies.schema'
