/**
 * Extension points: how a later plugin gives core (or any earlier plugin) what only it
 * knows, without anyone reading its tables. A point is declared here, in the kit, with
 * its TypeScript shape; the owner of the data contributes in its `setup`
 * (`app.get('extensions').contribute(point, impl)`), and the asker takes `all(point)`:
 * none when the module is not installed, so nobody asks whether a table exists.
 */
import type { Knex } from 'knex'

/** A named point whose contributions have the shape T (the type lives only at compile time). */
export interface ExtensionPoint<T> {
  readonly name: string
  /** Never set: carries T so that contribute and all agree on the shape. */
  readonly shape?: T
}

export const defineExtension = <T>(name: string): ExtensionPoint<T> => ({ name })

/** The contributions of one app (`app.get('extensions')`). */
export class Extensions {
  private readonly byPoint = new Map<ExtensionPoint<unknown>, unknown[]>()

  contribute<T>(point: ExtensionPoint<T>, contribution: T): void {
    const list = this.byPoint.get(point) ?? []
    list.push(contribution)
    this.byPoint.set(point, list)
  }

  all<T>(point: ExtensionPoint<T>): readonly T[] {
    return (this.byPoint.get(point) ?? []) as T[]
  }
}

/**
 * The names of resources of one kind (COMPANY, PROJECT) that privileges point at, by id,
 * within one account: one batched query for all the ids asked. An id missing from the
 * answer names no resource of that account.
 */
export interface ResourceNames {
  resource: string
  names(accountId: number, ids: readonly number[]): Promise<Map<number, string>>
}
export const resourceNames = defineExtension<ResourceNames>('resourceNames')

/** The usual contribution: the owner's table has `id`, `account_id` and `name`. */
export const resourceNamesOf = (knex: Knex, resource: string, table: string): ResourceNames => ({
  resource,
  names: async (accountId, ids) =>
    new Map((await knex(table).where('account_id', accountId).whereIn('id', ids).select('id', 'name')).map((r) => [Number(r.id), r.name as string])),
})

/**
 * The files an account holds, for the accounts list (sorted and paged in SQL): the owner of
 * the files table gives correlated subqueries on the account id column it is handed
 * (`a.id`). Without a contributor every account has 0 files.
 */
export interface AccountFiles {
  countSql(knex: Knex, accountIdColumn: string): Knex.Raw
  bytesSql(knex: Knex, accountIdColumn: string): Knex.Raw
}
export const accountFiles = defineExtension<AccountFiles>('accountFiles')

/**
 * A home page tile that counts a list: the tile's field of /dashboard/info and the path of
 * the list's service, asked as the caller for no rows (so its flags and module apply).
 */
export interface DashboardCount {
  tile: string
  listPath: string
  /** The query the list's page opens with, so the tile's figure is the total that page shows. */
  query?: Record<string, unknown>
}
export const dashboardCounts = defineExtension<DashboardCount>('dashboardCounts')

/** A member of an account as other plugins see them (the person and their membership). */
export interface Member {
  userId: number
  username: string
  firstName: string
  lastName: string
  acronym: string
  enabled: boolean
  anonymous: boolean
  roleId: number | null
  companyId: number | null
}

/** Which members of an account a page lists, by last name, first name, id. */
export interface MemberQuery {
  /** Contained in the e-mail or a name, whatever the case. */
  filter?: string
  /** Only the members of this company. */
  companyId?: number
  /** Anonymised members too (default false). */
  anonymous?: boolean
  /** Only members holding a grant on this resource, themselves or through their role; each row then tells the highest. */
  grantOn?: { resource: string; resourceId: number }
  limit: number
  skip: number
}

/** A grant on one resource, as the holder's own or through their role (or a named privilege). */
export interface ResourceGrant {
  own: boolean
  action: string
}

/**
 * What core (which owns accounts, memberships and privileges) answers other plugins, so
 * that none reads or writes its tables (`app.get('core')`, set in core's configure).
 * Server-side calls: the caller has checked who may ask.
 */
export interface CoreCalls {
  accountExists(accountId: number): Promise<boolean>
  /** The account's country (ISO code), if it gave one. */
  accountCountry(accountId: number): Promise<string | null>
  members(accountId: number, query: MemberQuery): Promise<{ total: number; data: (Member & { action?: string })[] }>
  /** One member, by id or by their e-mail (exactly, whatever the case). */
  member(accountId: number, by: { userId: number } | { username: string }): Promise<Member | undefined>
  /** The e-mails of a company's members, alphabetically, at most `limit`. */
  usernamesInCompany(accountId: number, companyId: number, limit: number): Promise<string[]>
  /** Puts a member into a company, or out of every company (null). */
  setCompanyOf(accountId: number, userId: number, companyId: number | null): Promise<void>
  /** The grants of the member, their own and their role's, in their current account. */
  grantsOf(user: { accountId: number; id: number; roleId: number | null }): Promise<{ name: string | null; resource: string; resourceId: number | null; action: string }[]>
  /** The member's grants on one resource, their own and their role's. */
  grantsOn(accountId: number, member: Member, resource: string, resourceId: number): Promise<ResourceGrant[]>
  /**
   * Gives (or changes the action of) the member's own grant on one resource, or takes it
   * away, through core's privilege services as `caller`: every check of theirs applies.
   */
  changeGrant(
    change: 'add-or-modify-action' | 'remove',
    caller: import('./types').AuthUser,
    userId: number,
    grant: { resource: import('./shared').PrivilegeResource; resourceId: number; action: import('./shared').PrivilegeAction },
  ): Promise<unknown>
  /** Takes every grant on a resource away (it is being deleted). */
  removeGrantsOn(accountId: number, resource: string, resourceId: number): Promise<void>
  /** Points the member's resource-wide grant of this resource and action at one resource (demo seed). */
  narrowGrant(accountId: number, userId: number, grant: { resource: string; action: string; resourceId: number }): Promise<void>
}

/** A company about to be deleted, as its delete blockers see it. */
export interface BlockedCompany {
  id: number
  accountId: number
  name: string
}

/**
 * What keeps a company from being deleted (spec part1 §8): each plugin whose rows point at
 * companies contributes a check over its own tables, answering the items in the way (at
 * most BLOCK_LIST_LIMIT of its kind), e.g. `{ reason: 'is linked to', item: 'P-1 Bridge' }`.
 */
export interface CompanyDeleteBlocker {
  find(app: import('./types').Application, company: BlockedCompany): Promise<{ reason: string; item: string }[]>
}
export const companyDeleteBlockers = defineExtension<CompanyDeleteBlocker>('companyDeleteBlockers')

/** How many items of one kind a refusal names: enough to act on, small for a big account. */
export const BLOCK_LIST_LIMIT = 10
