/**
 * Company-specific rights on top of the menu flags: a company administrator
 * (COMPANY ADMINISTER on one company) edits that company and manages its users,
 * nothing more. Asks core's calls for the caller's grants, never its tables.
 */
import { Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, AuthUser, MenuFlags } from '@app/plugin-kit'
import { currentUser } from '@app/plugin-kit'
import type { Knex } from 'knex'

const DENIED = 'You do not have permission to do this'

/**
 * Whether the caller, or their role, holds COMPANY ADMINISTER on this company, or
 * one of the named privileges given (for this company or for every company).
 */
export const administersCompany = async (app: Application, user: AuthUser, companyId: number, named: string[] = []) =>
  (await app.get('core').grantsOf(user)).some(
    (g) =>
      g.resource === 'COMPANY' &&
      ((g.resourceId === companyId && g.action === 'ADMINISTER') || (g.name !== null && named.includes(g.name) && (g.resourceId === null || g.resourceId === companyId))),
  )

/** Named privileges that let a user manage company users (spec part1 §3). */
const COMPANY_USER_PRIVILEGES = ['ASSIGN_USER_TO_COMPANY', 'CREATE_NEW_COMPANY_USER']

/** The company of the caller's account named by `companyId`, or 404 exactly like a missing one. */
export const companyOfCaller = async (knex: Knex, user: AuthUser, companyId: number) => {
  const row = await knex('companies').where({ id: companyId, account_id: user.accountId }).first('id', 'name', 'account_id')
  if (!row) throw new NotFound(`No record found for id '${companyId}'`)
  return { id: Number(row.id), name: row.name as string, accountId: Number(row.account_id) }
}

/** A numeric `:companyId` of the path, or 404. */
export const routeCompanyId = (params: AppParams) => {
  const raw = params.route?.companyId
  const id = Number(raw)
  if (!raw || !Number.isInteger(id) || id < 1) throw new NotFound(`No record found for id '${String(raw)}'`)
  return id
}

export const flagsOfCaller = (app: Application, params: AppParams): Promise<MenuFlags> =>
  app.get('access').flags(currentUser(params))

/** Edits a company's own fields and logo: company managers, and that company's administrators. */
export const assertMayEditCompany = async (app: Application, params: AppParams, companyId: number) => {
  if (!params.provider) return
  const flags = await flagsOfCaller(app, params)
  if (flags.canManageCompany) return
  if (!(await administersCompany(app, currentUser(params), companyId))) throw new Forbidden(DENIED)
}

/** Assigns and removes a company's users: user managers, and that company's administrators. */
export const assertMayManageCompanyUsers = async (app: Application, params: AppParams, companyId: number) => {
  if (!params.provider) return
  const flags = await flagsOfCaller(app, params)
  if (flags.canManageUsers) return
  if (!flags.canManageCompanyUsers || !(await administersCompany(app, currentUser(params), companyId, COMPANY_USER_PRIVILEGES)))
    throw new Forbidden(DENIED)
}

/** The company named by the path, for a caller who may manage its users (404 or 403 otherwise). */
export const companyToManageUsersOf = async (app: Application, params: AppParams) => {
  const company = await companyOfCaller(app.get('knex'), currentUser(params), routeCompanyId(params))
  await assertMayManageCompanyUsers(app, params, company.id)
  return company
}
