/**
 * What keeps a company from being deleted (spec part1 §8). Each module whose rows
 * point at companies adds its own check in its plugin's `setup`, importing only
 * `@app/plugin-companies/shared`:
 *
 *   registerCompanyDeleteBlocker({
 *     find: async (knex: Knex, company) =>
 *       (await knex('projects').where({ account_id: company.accountId, company_id: company.id }).limit(10).pluck('name'))
 *         .map((item) => ({ reason: 'is linked to', item })),
 *   })
 *
 * Browser-safe: the server's knex is typed loosely here, the checks type it themselves.
 */
import type { DeleteBlock } from './services/companies/companies.schema'

export interface BlockedCompany {
  id: number
  accountId: number
  name: string
}

export interface CompanyDeleteBlocker {
  /** The items in the way, at most BLOCK_LIST_LIMIT of each kind; `knex` is the server's Knex. */
  find(knex: unknown, company: BlockedCompany): Promise<DeleteBlock[]>
}

/** How many items of one kind a refusal names: enough to act on, small for a big account. */
export const BLOCK_LIST_LIMIT = 10

const blockers = new Set<CompanyDeleteBlocker>()

/** Adds a check; adding the same one twice (two test servers in one process) keeps one. */
export const registerCompanyDeleteBlocker = (blocker: CompanyDeleteBlocker) => {
  blockers.add(blocker)
}

export const registeredCompanyDeleteBlockers = (): readonly CompanyDeleteBlocker[] => [...blockers]
