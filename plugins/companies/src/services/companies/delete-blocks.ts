/** The companies plugin's own delete blockers, and the check the delete runs. */
import type { Knex } from 'knex'
import { BLOCK_LIST_LIMIT, type BlockedCompany, registerCompanyDeleteBlocker, registeredCompanyDeleteBlockers } from '../../delete-blockers'
import type { DeleteBlock } from './companies.schema'

/** A parent company keeps its children: "is parent of" (spec part1 §8). */
export const childCompanies = {
  find: async (knex: Knex, company: BlockedCompany) =>
    (
      await knex('companies')
        .where({ account_id: company.accountId, parent_id: company.id })
        .orderBy('name')
        .limit(BLOCK_LIST_LIMIT)
        .pluck('name')
    ).map((item: string) => ({ reason: 'is parent of', item })),
}

/**
 * Not in the spec: a company with users assigned (account_users.company_id) is kept,
 * so nobody is left pointing at a company that no longer exists.
 */
export const assignedUsers = {
  find: async (knex: Knex, company: BlockedCompany) =>
    (
      await knex('account_users as au')
        .join('users as u', 'u.id', 'au.user_id')
        .where({ 'au.account_id': company.accountId, 'au.company_id': company.id })
        .orderBy('u.username')
        .limit(BLOCK_LIST_LIMIT)
        .pluck('u.username')
    ).map((item: string) => ({ reason: 'has users', item })),
}

registerCompanyDeleteBlocker(childCompanies)
registerCompanyDeleteBlocker(assignedUsers)

export const companyDeleteBlocks = async (knex: Knex, company: BlockedCompany): Promise<DeleteBlock[]> =>
  (await Promise.all(registeredCompanyDeleteBlockers().map((blocker) => blocker.find(knex, company)))).flat()
