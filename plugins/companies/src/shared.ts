/** Browser-safe exports of the companies plugin. */
export * from './services/companies/companies.schema'
export { BLOCK_LIST_LIMIT, type BlockedCompany, type CompanyDeleteBlocker, registerCompanyDeleteBlocker } from './delete-blockers'
