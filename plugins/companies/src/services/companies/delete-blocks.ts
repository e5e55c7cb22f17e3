/** The companies plugin's own delete blockers, and the check the delete runs over every plugin's. */
import type { DeleteBlock } from './companies.schema'
import { type Application, BLOCK_LIST_LIMIT, type BlockedCompany, type CompanyDeleteBlocker, companyDeleteBlockers } from '@app/plugin-kit'

/** A parent company keeps its children: "is parent of" (spec part1 §8). */
export const childCompanies: CompanyDeleteBlocker = {
  find: async (app, company) =>
    (
      await app
        .get('knex')('companies')
        .where({ account_id: company.accountId, parent_id: company.id })
        .orderBy('name')
        .limit(BLOCK_LIST_LIMIT)
        .pluck('name')
    ).map((item: string) => ({ reason: 'is parent of', item })),
}

/**
 * Not in the spec: a company with users assigned (their membership names it) is kept,
 * so nobody is left pointing at a company that no longer exists.
 */
export const assignedUsers: CompanyDeleteBlocker = {
  find: async (app, company) =>
    (await app.get('core').usernamesInCompany(company.accountId, company.id, BLOCK_LIST_LIMIT)).map((item) => ({ reason: 'has users', item })),
}

export const companyDeleteBlocks = async (app: Application, company: BlockedCompany): Promise<DeleteBlock[]> =>
  (await Promise.all([childCompanies, assignedUsers, ...app.get('extensions').all(companyDeleteBlockers)].map((blocker) => blocker.find(app, company)))).flat()
