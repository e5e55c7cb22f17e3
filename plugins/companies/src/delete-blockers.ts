/**
 * What keeps a company from being deleted (spec part1 §8). Each module whose rows
 * point at companies adds its own check in its plugin's `setup`:
 *
 *   registerCompanyDeleteBlocker(async (knex, company) =>
 *     (await knex('projects').where({ company_id: company.id }).limit(10).pluck('name'))
 *       .map((item) => ({ reason: 'is linked to', item })))
 *
 * Types only from knex, so this file stays browser-safe for `./shared`.
 */
import type { Knex } from 'knex'
import type { DeleteBlock } from './services/companies/companies.schema'

export interface BlockedCompany {
  id: number
  accountId: number
  name: string
}

export type CompanyDeleteBlocker = (knex: Knex, company: BlockedCompany) => Promise<DeleteBlock[]>

/** How many items of one kind a refusal names: enough to act on, small for a big account. */
export const BLOCK_LIST_LIMIT = 10

const blockers = new Set<CompanyDeleteBlocker>()

/** Adds a check; adding the same function twice (two test servers in one process) keeps one. */
export const registerCompanyDeleteBlocker = (blocker: CompanyDeleteBlocker) => {
  blockers.add(blocker)
}

export const companyDeleteBlocks = async (knex: Knex, company: BlockedCompany): Promise<DeleteBlock[]> =>
  (await Promise.all([...blockers].map((blocker) => blocker(knex, company)))).flat()

/** A parent company keeps its children: "is parent of" (spec part1 §8). */
export const childCompanies: CompanyDeleteBlocker = async (knex, company) =>
  (await knex('companies').where({ account_id: company.accountId, parent_id: company.id }).orderBy('name').limit(BLOCK_LIST_LIMIT).pluck('name')).map(
    (item: string) => ({ reason: 'is parent of', item }),
  )

/**
 * Not in the spec: a company with users assigned (account_users.company_id) is kept,
 * so nobody is left pointing at a company that no longer exists.
 */
export const assignedUsers: CompanyDeleteBlocker = async (knex, company) =>
  (
    await knex('account_users as au')
      .join('users as u', 'u.id', 'au.user_id')
      .where({ 'au.account_id': company.accountId, 'au.company_id': company.id })
      .orderBy('u.username')
      .limit(BLOCK_LIST_LIMIT)
      .pluck('u.username')
  ).map((item: string) => ({ reason: 'has users', item }))
