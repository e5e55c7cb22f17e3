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
  /**
   * The name as a correlated subquery on the id column it is handed (`projects.company_id`),
   * so another plugin's list sorts by it in SQL without reading the owner's table.
   */
  nameSql?(idColumn: string): Knex.Raw
}
export const resourceNames = defineExtension<ResourceNames>('resourceNames')

/** The usual contribution: the owner's table has `id`, `account_id` and `name`. */
export const resourceNamesOf = (knex: Knex, resource: string, table: string): ResourceNames => ({
  resource,
  names: async (accountId, ids) =>
    new Map((await knex(table).where('account_id', accountId).whereIn('id', ids).select('id', 'name')).map((r) => [Number(r.id), r.name as string])),
  nameSql: (idColumn) => knex.raw(`(select lower(named.name) from ?? as named where named.id = ??)`, [table, idColumn]),
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
  /**
   * Only members holding a level on this project (of the account): by their own or their
   * role's grants on it, a grant on its client company (part1 §6: administer for its
   * administrators, view for its access), or as account admins; each row then tells the
   * level (`action`). The projects plugin names the client (`ProjectDirectory.clientOf`).
   */
  levelOn?: {
    projectId: number
    clientId: number | null
    /** Only members holding a grant on the project itself (their own or their role's). */
    holdersOnly?: boolean
    /** The level without the member's own grant on the project (what taking it away would leave). */
    exceptOwn?: boolean
    /** Only members holding at least this level (ACCESS unless said: any level). */
    minLevel?: import('./shared').AccessLevel
  }
  /** Only members whose membership is enabled. */
  enabledOnly?: boolean
  /** Only this member (with `grantOn` or `levelOn`: their row when they hold one). */
  userId?: number
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
  /**
   * The user of a live sign-in session, as a request with its token would be (401 once the
   * session is signed out, expired or its member disabled): a link made for one session
   * (a download) works only while that session does.
   */
  sessionUser(sessionId: string): Promise<import('./types').AuthUser>
  accountExists(accountId: number): Promise<boolean>
  /** The account's country (ISO code), if it gave one. */
  accountCountry(accountId: number): Promise<string | null>
  members(accountId: number, query: MemberQuery): Promise<{ total: number; data: (Member & { action?: string })[] }>
  /**
   * A person's name (last, first, lower-cased) as a correlated subquery on the user id
   * column handed in, so another plugin's list sorts by it in SQL (the projects' manager).
   */
  personNameSql(userIdColumn: string): Knex.Raw
  /** One member, by id or by their e-mail (exactly, whatever the case). */
  member(accountId: number, by: { userId: number } | { username: string }): Promise<Member | undefined>
  /** The members among these ids, in one query (authors, managers, who changed what); an id of no member is left out. */
  membersById(accountId: number, userIds: readonly number[]): Promise<Map<number, Member>>
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
  /**
   * Gives the member their own grant on a resource (or raises it to `action`), trusted:
   * whoever creates a project administers it, though they may not grant themselves.
   */
  giveGrant(accountId: number, userId: number, grant: { resource: string; resourceId: number; action: string }): Promise<void>
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

/** A project about to be deleted, or copied, as other plugins see it. */
export interface ProjectRef {
  id: number
  accountId: number
  symbol: string
  name: string
}

/**
 * What content keeps a project from being deleted (spec part2 §5 "A project with content
 * cannot be deleted"): each plugin whose rows belong to projects (documents, checklists,
 * Skyview) answers the items of its own tables in the way, at most BLOCK_LIST_LIMIT.
 */
export interface ProjectDeleteBlocker {
  find(app: import('./types').Application, project: ProjectRef): Promise<{ reason: string; item: string }[]>
}
export const projectDeleteBlockers = defineExtension<ProjectDeleteBlocker>('projectDeleteBlockers')

/** A document (the documents plugin's folder) about to be deleted, as its delete blockers see it. */
export interface DocumentRef {
  id: number
  accountId: number
  projectId: number
}

/**
 * What keeps a document from being deleted (spec part1 §8: "has comment by", "is linked
 * to", "is in document list", "has material" …) beyond its own files: each plugin whose
 * rows point at documents (comments; later links, document lists, materials) answers the
 * items of its own tables in the way, at most BLOCK_LIST_LIMIT.
 */
export interface DocumentDeleteBlocker {
  find(app: import('./types').Application, document: DocumentRef): Promise<{ reason: string; item: string }[]>
}
export const documentDeleteBlockers = defineExtension<DocumentDeleteBlocker>('documentDeleteBlockers')

/** An item a link joins, as the links' lists and refusals show it (spec part1 §3 "Link"; the document's "Used where"). */
export interface LinkedItem {
  id: number
  /** How lists name it: "D-100 - Floor plan", "P-12 - Harbour bridge". */
  label: string
  /** The browser route that opens it: `/project/7/documents/42`, `/project/7`. */
  route: string
  /** The project whose access governs it (a project's own id for a project). */
  projectId: number
}

/**
 * A kind of item links join (spec part1 §3 "Link between modules: from, fromId, to"):
 * `document`, `project`; later materials, quotations and buildings. The plugin that owns
 * the items contributes it; the links plugin reads only its own table and asks here what an
 * id names, and where it belongs, so nobody reads another plugin's table. Who may see an
 * item is the caller's level on its project (the kit's access resolver, as the project
 * scope asks it). A module nobody contributes is an unknown one (400).
 */
export interface LinkTarget {
  /** The name links use in paths and bodies. */
  module: string
  /** The tenant module that must be on for the account (its items are refused like its services when off). */
  tenantModule: import('./shared').TenantModule
  /** The account's items among `ids`, in one query; an id of no item of the account is left out. */
  find(app: import('./types').Application, accountId: number, ids: readonly number[]): Promise<Map<number, LinkedItem>>
  /**
   * The account's items as a subquery with the columns `id`, `account_id`, `project_id` and
   * `sort_key` (lower-cased, as lists sort them): a list of links joins it, so it is filtered
   * by project access (whereProjectAccess), counted and sorted in SQL.
   */
  items(knex: Knex, accountId: number): Knex.QueryBuilder
}
export const linkTargets = defineExtension<LinkTarget>('linkTargets')

/** One group of the /search page (spec part2 §2 "Search"): its hits, sorted by number and name, and their count. */
export interface SearchGroupResult {
  group: string
  total: number
  /** More hits than `total`: the count stopped there (kit `countUpTo`). */
  totalCapped?: boolean
  items: { id: number; title: string; href: string }[]
}

/**
 * A group of GET /search, contributed by the plugin that owns the rows (companies,
 * projects; later documents, materials …). Asked as the caller, so it lists only what the
 * caller may see; a group whose list the caller may not open answers undefined.
 */
export interface SearchProvider {
  group: string
  module: import('./shared').TenantModule
  search(app: import('./types').Application, params: import('./types').AppParams, text: string, limit: number): Promise<SearchGroupResult | undefined>
}
export const searchProviders = defineExtension<SearchProvider>('searchProviders')
/**
 * A group whose rows can run to hundreds of thousands (documents, files) counts its hits this
 * far: past it, "100+". The search page lists a group's first 20 and asks for more of the name
 * past that; it pages no further, so a larger count told the user nothing more, and counting to
 * 1,000 cost a member's search a quarter of its time (each passed row is tested for the text).
 */
export const SEARCH_COUNT_UP_TO = 100

/**
 * A figure of the home page or a project's dashboard that is not a list's total (the SQM
 * tile's square metres): its field of /dashboard/info, asked as the caller; undefined
 * leaves the field out.
 */
export interface DashboardFigure {
  tile: string
  /** The module the figure belongs to: left out for accounts that have it switched off. */
  module?: import('./shared').TenantModule
  value(app: import('./types').Application, params: import('./types').AppParams, projectId?: number): Promise<number | undefined>
}
export const dashboardFigures = defineExtension<DashboardFigure>('dashboardFigures')

/**
 * The status boxes of a project's dashboard (spec part2 §2 "Dashboard status boxes"),
 * contributed by the plugin that owns the counted rows (documents), computed in SQL. Boxes
 * nobody contributes show their empty state.
 */
export interface ProjectStatusBoxes {
  boxes(app: import('./types').Application, params: import('./types').AppParams, projectId: number): Promise<Record<string, number>>
}
export const projectStatusBoxes = defineExtension<ProjectStatusBoxes>('projectStatusBoxes')

/** A change to a project-scoped row, as the project event log records it (spec part2 §3 "Project event"). */
export interface ProjectChange {
  accountId: number
  projectId: number
  /** Who made it; null for background work. */
  userId: number | null
  /** The service's path and method, e.g. `checklists` `create`. */
  eventType: string
  eventName: string
  /** What changed, in a line (the row's name or number). */
  subject: string
}

/** Where project-scoped changes go: the projects plugin keeps the event log. */
export interface ProjectChangeLog {
  record(change: ProjectChange): Promise<void>
}
export const projectChangeLogs = defineExtension<ProjectChangeLog>('projectChangeLogs')

/**
 * A kind of thing comments attach to (spec part2 §3 "Comment": folder, project, company):
 * its owner says whether the caller may read the comments of one (and then may add), and
 * whether they administer it (then may edit or delete anyone's). A missing or foreign one
 * throws the same 404 as a missing comment.
 */
export interface CommentTarget {
  module: string
  access(app: import('./types').Application, params: import('./types').AppParams, moduleId: number): Promise<{ administer: boolean }>
  /** The project the thing belongs to, if any: its comments' changes then go to that project's event log. */
  projectOf?(app: import('./types').Application, accountId: number, moduleId: number): Promise<number | undefined>
}
export const commentTargets = defineExtension<CommentTarget>('commentTargets')

/** A folder (document) of a project as its document groups show it (spec part2 §3 "Folder/document on tiles"). */
export interface ProjectFolder {
  id: number
  name: string
  symbol: string | null
  /** The document type (setup's folder type) it is of: the group it shows in. */
  folderTypeId: number
  files: unknown[]
  urls: unknown[]
}

/**
 * The folders of a project, contributed by the plugin that owns them (documents), asked
 * as the caller (who holds at least VIEW on the project): GET /projects/{id}/foldertypes
 * groups them by type, /folders lists them, /ifcfiles lists the project's IFC files.
 * Until a plugin contributes, a project has none.
 */
export interface ProjectFolders {
  folders(app: import('./types').Application, params: import('./types').AppParams, projectId: number): Promise<ProjectFolder[]>
  ifcFiles(app: import('./types').Application, params: import('./types').AppParams, projectId: number): Promise<{ id: number; name: string }[]>
}
export const projectFolders = defineExtension<ProjectFolders>('projectFolders')

/**
 * The bytes of a project's files, for a project's `storageTotal` when a list or a read asks
 * for `stats`: the owner of the files (documents) gives a correlated subquery on the project
 * id column it is handed (`projects.id`), so the figure is read with the page. Without a
 * contributor every project holds 0 bytes.
 */
export interface ProjectFiles {
  bytesSql(knex: Knex, projectIdColumn: string): Knex.Raw
}
export const projectFiles = defineExtension<ProjectFiles>('projectFiles')
