/**
 * Account users (spec part1 §7 "Account users"): the paged users list, the new-user
 * wizard's calls, editing, role and access level, anonymising, removing and the
 * Excel export. Toggles, language, password and username live in member.services.ts
 * and profile.services.ts.
 *
 * Company managers (canManageCompanyUsers without canManageUsers) reach only users
 * of the companies they manage.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, AuthUser, HookContext, ServiceDefinition } from '@app/plugin-kit'
import { TableService, assertValid, cached, callerFlags, currentUser, excelDownload, exportDate, keysetBatches, loadExcelTexts, nowIso, whereContains, withHeaders , routeId } from '@app/plugin-kit'
import { Field, MESSAGES, PRIVILEGE_ACTIONS, USER_ACCESS_LEVELS, type UserAccessLevel } from '@app/plugin-kit/shared'
import { type Static, type TObject, Type } from '@sinclair/typebox'
import type { Knex } from 'knex'
import { loadGrants } from '../access'
import { ACTING_MESSAGES, type Gift, assertMayActOn, assertMayGive, roleGroupOf } from '../acting'
import { memberKeys, refreshMemberKeys } from '../member-keys'
import { revokeUserSessions } from '../auth/sessions'
import { createUserToken } from '../user-tokens'
import type { AccountUser } from './accountusers.schema'
import { missingResource, namesOfResources } from '../resources'
import { inChunks } from '../chunks'

export const USER_MESSAGES = {
  emailTaken: 'Email is already registered',
  acronymTaken: 'Acronym is already in use',
  notFound: 'User not found',
  noEditAccess: ACTING_MESSAGES.noEditAccess,
  groupFailed: 'changing user group failed',
  selfAnonymise: 'You cannot anonymise yourself',
  alreadyAnonymous: 'The user is already anonymous',
  otherAccounts: 'The user belongs to other accounts: remove them from this account instead',
  selfRemove: 'You cannot remove yourself from the account',
  selfLevel: 'You cannot change your own access level',
  globalAdminOnly: ACTING_MESSAGES.globalAdminLevel,
} as const

/** A welcome link lives a week: a new user may not read mail every day. */
const WELCOME_TTL_MS = 7 * 24 * 3600_000
/** Each sortable field's column on the membership row; every one leads an index after account_id (migration 006). */
const SORTABLE = {
  username: 'au.username_key',
  firstName: 'au.first_name_key',
  lastName: 'au.last_name_key',
  acronym: 'au.acronym_key',
  createdAt: 'au.created_at',
  enabled: 'au.enabled',
} as const

const boolOf = (value: unknown, fallback: boolean) => (value === undefined ? fallback : value === true || value === 'true')

/** The companies the caller manages (COMPANY ADMINISTER, own or through the role). */
export const managedCompanies = async (knex: Knex, params: AppParams): Promise<number[]> => {
  const caller = currentUser(params)
  const grants = await loadGrants(knex, caller.accountId, caller.id, caller.roleId)
  return grants.filter((g) => g.resource === 'COMPANY' && g.action === 'ADMINISTER' && g.resourceId !== null).map((g) => g.resourceId!)
}

/**
 * The users query of one account: membership joined with the person and their role.
 * The company's name is its plugin's to tell (`withCompanyNames`), asked for the rows read.
 */
const accountUsersQuery = (app: Application, accountId: number): Knex.QueryBuilder =>
  app
    .get('knex')('account_users as au')
    .join('users as u', 'u.id', 'au.user_id')
    .where('au.account_id', accountId)
    .leftJoin('roles as r', 'r.id', 'au.role_id')
    .select(
      'u.id as id',
      'au.account_id as accountId',
      'u.username as username',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.acronym as acronym',
      'u.language as language',
      'u.two_factor_enabled as hasTwoFactor',
      'u.anonymous as anonymous',
      'au.role_id as roleId',
      'r.name as roleName',
      'r.security_group as securityGroup',
      'au.company_id as companyId',
      'au.access_level as accessLevel',
      'au.enabled as enabled',
      'au.removal_requested as removalRequested',
      'au.created_at as createdAt',
      'au.created_by as createdBy',
    )

/** The rows with the name of each one's company: one batched question to the companies plugin (null without it). */
const withCompanyNames = async (app: Application, accountId: number, rows: Record<string, any>[]): Promise<Record<string, any>[]> => {
  const names = await namesOfResources(app, accountId, 'COMPANY', rows.filter((r) => r.companyId !== null).map((r) => Number(r.companyId)))
  return rows.map((row) => ({ ...row, companyName: row.companyId === null ? null : (names.get(Number(row.companyId)) ?? null) }))
}

const toAccountUser = (row: any): AccountUser => ({
  ...row,
  id: Number(row.id),
  accountId: Number(row.accountId),
  roleId: row.roleId === null ? null : Number(row.roleId),
  companyId: row.companyId === null ? null : Number(row.companyId),
  createdBy: row.createdBy === null ? null : Number(row.createdBy),
  hasTwoFactor: Boolean(row.hasTwoFactor),
  anonymous: Boolean(row.anonymous),
  enabled: Boolean(row.enabled),
  removalRequested: Boolean(row.removalRequested),
})

/** One user of the caller's account, or 404 'User not found'. */
export const accountUser = async (app: Application, accountId: number, userId: number) => {
  const row = await accountUsersQuery(app, accountId).andWhere('u.id', userId).first()
  if (!row) throw new NotFound(USER_MESSAGES.notFound)
  return toAccountUser((await withCompanyNames(app, accountId, [row]))[0])
}

/** What a caller's call gives (a role, a company, privileges): core's one rule (acting.ts); server code is trusted. */
export const assertCallerMayGive = async (app: Application, params: AppParams, gift: Gift) => {
  if (params.provider) await assertMayGive(app.get('knex'), currentUser(params), gift)
}

export const listQuerySchema = Type.Object(
  {
    filter: Type.Optional(Type.String({ maxLength: 100 })),
    includeSystem: Type.Boolean({ default: false }),
    onlyEditable: Type.Boolean({ default: true }),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: -1, maximum: 1 }))),
  },
  { additionalProperties: false },
)


/**
 * The list's order: the asked fields, then the user id in the direction of the last one,
 * so that a page is one stretch of a list index read forwards or backwards.
 */
const listOrder = (sort: Record<string, number>) => {
  const order = Object.entries(sort).map(([field, direction]) => {
    const column = SORTABLE[field as keyof typeof SORTABLE]
    if (!column) throw new BadRequest('Validation failed', { errors: { $sort: `Cannot sort by ${field}` } })
    return { column, order: Number(direction) < 0 ? ('desc' as const) : ('asc' as const) }
  })
  return [...order, { column: 'au.user_id', order: order.at(-1)?.order ?? ('asc' as const) }]
}

/**
 * GET /accountusers/{accountId}: paged, filtered and sorted in SQL. The page's ids come
 * from the membership rows alone (their list indexes hold the order and every filter,
 * so even a deep page reads one index), then only those rows are joined with their
 * person, role and company. A page shorter than asked tells the total without counting.
 */
const usersList = (app: Application) => ({
  async find(params: AppParams) {
    const caller = currentUser(params)
    const knex = app.get('knex')
    const query = params.query ?? {}
    const limit = Math.min(Number(query.$limit ?? 50), 500)
    const skip = Number(query.$skip ?? 0)
    const listed = knex('account_users as au').where('au.account_id', caller.accountId)
    // System users are the platform's staff (global admins) present in every account they look after.
    if (!boolOf(query.includeSystem, false)) listed.andWhereNot('au.access_level', 'GLOBAL_ADMIN')
    // Anonymised users can no longer be edited.
    if (boolOf(query.onlyEditable, true)) listed.andWhere('au.user_anonymous', false)
    if (!(await callerFlags(app, params)).canManageUsers) listed.whereIn('au.company_id', await managedCompanies(knex, params))
    const filter = String(query.filter ?? '').trim()
    if (filter) whereContains(listed, ['au.user_search_key'], filter, { lowerCased: true })
    const order = listOrder((query.$sort ?? { lastName: 1 }) as Record<string, number>)

    const ids = limit === 0 ? [] : (await listed.clone().orderBy(order).limit(limit).offset(skip).pluck('au.user_id')).map(Number)
    const byId = new Map<number, AccountUser>()
    if (ids.length) {
      const rows = await accountUsersQuery(app, caller.accountId).whereIn('au.user_id', ids)
      for (const row of await withCompanyNames(app, caller.accountId, rows)) byId.set(Number(row.id), toAccountUser(row))
    }
    const pageTellsTotal = limit > 0 && ids.length < limit && (ids.length > 0 || skip === 0)
    const total = pageTellsTotal ? skip + ids.length : Number((await listed.clone().count({ total: '*' }).first())?.total ?? 0)
    return { total, limit, skip, data: ids.map((id) => byId.get(id)!) }
  },
})

const usernameQuerySchema = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 254 })),
    includeExternal: Type.Boolean({ default: false }),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
  },
  { additionalProperties: false },
)

const registered = async (knex: Knex, username: string) =>
  Boolean(await knex('users').whereRaw('lower(username) = ?', [username.trim().toLowerCase()]).first('id'))

/**
 * GET and HEAD /accountusers?username=: 404 when nobody has registered the e-mail (the
 * wizard's HEAD check), else the account's users whose e-mail contains it. External
 * users — members who belong to a company (suppliers, customers) — only with includeExternal.
 */
class UsersByName extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  override async find(params?: any): Promise<any> {
    const caller = currentUser(params)
    const username = String(params.query?.username ?? '')
    if (!username.trim()) return []
    if (!(await registered(this.app.get('knex'), username))) throw new NotFound(USER_MESSAGES.notFound)
    const q = accountUsersQuery(this.app, caller.accountId)
      .modify((q) => whereContains(q, ['au.username_key'], username.trim(), { lowerCased: true }))
      .andWhere('au.user_anonymous', false)
      .orderBy('au.username_key')
      .limit(20)
    if (!boolOf(params.query?.includeExternal, false)) q.whereNull('au.company_id')
    return (await withCompanyNames(this.app, caller.accountId, await q)).map((row: any) => ({ ...toAccountUser(row), userId: Number(row.id) }))
  }
}

/**
 * GET /accountusers/exists?username=: whether the e-mail is registered at all, and whether
 * its person is a member of the caller's account already (the wizard refuses only that:
 * a person registered elsewhere is added to the account).
 */
class UsernameExists extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  override async find(params?: any): Promise<any> {
    const username = String(params.query?.username ?? '').trim().toLowerCase().slice(0, 254)
    const knex = this.app.get('knex')
    const person = username ? await personByEmail(knex, username) : undefined
    return { exists: Boolean(person), member: Boolean(person) && (await isMemberOf(knex, currentUser(params).accountId, Number(person.id))) }
  }
}

/** GET /accountusers/user/{userId}: one user of the caller's account. */
class UserById extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  override async get(id: any, params?: any): Promise<any> {
    const userId = Number(id)
    if (!Number.isInteger(userId) || userId < 1) throw new NotFound(USER_MESSAGES.notFound)
    const user = await accountUser(this.app, currentUser(params).accountId, userId)
    if (!(await callerFlags(this.app, params)).canManageUsers) {
      const managed = await managedCompanies(this.app.get('knex'), params)
      if (user.companyId === null || !managed.includes(user.companyId)) throw new NotFound(USER_MESSAGES.notFound)
    }
    return user
  }
}

const privilegeItem = Type.Object(
  {
    resource: Field.enumOf(['PROJECT', 'COMPANY'] as const),
    resourceId: Field.id(),
    action: Field.enumOf(PRIVILEGE_ACTIONS, { errorMessage: MESSAGES.required }),
  },
  { additionalProperties: false },
)
const newUserFields = {
  email: Field.email(),
  repeatEmail: Type.Optional(Field.email()),
  firstName: Field.text({ minLength: 2, maxLength: 100 }),
  lastName: Field.text({ minLength: 2, maxLength: 100 }),
  acronym: Type.Optional(Field.text({ maxLength: 20 })),
  language: Type.Optional(Field.enumOf(['ENGLISH', 'FINNISH', 'NORWEGIAN', 'POLISH', 'SWEDISH'] as const)),
  roleId: Type.Optional(Field.id()),
  companyId: Type.Optional(Field.nullable(Field.id())),
}
export const emptyUserSchema = Type.Object(newUserFields, { additionalProperties: false })
export const newUserSchema = Type.Object(
  { ...newUserFields, privileges: Type.Optional(Type.Array(privilegeItem, { maxItems: 500 })) },
  { additionalProperties: false },
)

export const editUserSchema = Type.Object(
  {
    id: Field.id(),
    username: Field.email(),
    firstName: Field.text({ minLength: 3, maxLength: 100 }),
    lastName: Field.text({ minLength: 3, maxLength: 100 }),
    acronym: Field.text({ maxLength: 20 }),
    language: Type.Optional(Field.enumOf(['ENGLISH', 'FINNISH', 'NORWEGIAN', 'POLISH', 'SWEDISH'] as const)),
    companyId: Type.Optional(Field.nullable(Field.id())),
  },
  { additionalProperties: false },
)

interface NewUser {
  email: string
  repeatEmail?: string
  firstName: string
  lastName: string
  acronym?: string
  language?: string
  roleId?: number
  companyId?: number | null
  privileges?: { resource: 'PROJECT' | 'COMPANY'; resourceId: number; action: string }[]
}

const fieldError = (field: string, message: string) => new BadRequest('Validation failed', { errors: { [field]: message } })

/**
 * Bodies of calls addressed by account are checked inside the method, after the tenancy
 * hook: another account's id answers 404 whatever the body.
 */
const valid = <T extends TObject>(schema: T, data: unknown): Static<T> => {
  // The tenancy hook stamps the caller's account on create and update bodies; the route already names it.
  const { accountId: _stamped, ...body } = (data ?? {}) as Record<string, unknown>
  assertValid(cached(schema, 'data'), body)
  return body as Static<T>
}

/** Acronyms are unique within an account whatever their case: one seek in the list's acronym index. */
const acronymTaken = async (knex: Knex, accountId: number, acronym: string, exceptUserId?: number) => {
  const q = knex('account_users').where({ account_id: accountId, acronym_key: acronym.toLowerCase() })
  if (exceptUserId) q.andWhereNot('user_id', exceptUserId)
  return Boolean(await q.first('user_id'))
}

/** Initials, then a number, until the account has no such acronym. */
const freeAcronym = async (knex: Knex, accountId: number, firstName: string, lastName: string) => {
  const initials = `${firstName.trim()[0] ?? ''}${lastName.trim().slice(0, 2)}`.toUpperCase()
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? initials : `${initials}${n + 1}`
    if (!(await acronymTaken(knex, accountId, candidate))) return candidate
  }
}

/** The rows a resource id must be in: projects and companies of the account, asked of their plugins (none without them). */
const assertResourcesOfAccount = async (app: Application, accountId: number, resource: string, ids: number[]) => {
  const missing = await missingResource(app, accountId, resource, ids)
  if (missing !== undefined) throw fieldError('privileges', `No ${resource.toLowerCase()} ${missing} in this account`)
}

/** The person registered with the e-mail, if anyone is. */
const personByEmail = (knex: Knex, email: string) =>
  knex('users').whereRaw('lower(username) = ?', [email]).first('id', 'username', 'first_name', 'last_name', 'acronym', 'anonymous')

const isMemberOf = async (knex: Knex, accountId: number, userId: number) =>
  Boolean(await knex('account_users').where({ account_id: accountId, user_id: userId }).first('id'))

const emailTaken = () => new Conflict(USER_MESSAGES.emailTaken, { errors: { email: USER_MESSAGES.emailTaken } })

/**
 * The wizard's submit and its plain variants. A new e-mail makes a new person with a
 * welcome link to choose their password; an e-mail someone has registered adds that
 * person to the caller's account instead (one identity, several memberships): their
 * names, acronym, language and password stay theirs, so the wizard's are not used, and
 * the mail tells them they were added. A member already (enabled or not), or an
 * anonymised person, answers 409.
 */
const createUser = (app: Application, schema: typeof newUserSchema | typeof emptyUserSchema) => ({
  async create(body: unknown, params: AppParams) {
    const data: NewUser = valid(schema, body)
    const caller = currentUser(params)
    const knex = app.get('knex')
    const email = data.email.trim().toLowerCase()
    if (data.repeatEmail !== undefined && data.repeatEmail.trim().toLowerCase() !== email) throw fieldError('repeatEmail', 'Emails doesnt match')
    const existing = await personByEmail(knex, email)
    if (existing && (existing.anonymous || (await isMemberOf(knex, caller.accountId, Number(existing.id))))) throw emailTaken()
    let roleId = data.roleId ?? null
    const roleGroup = roleId === null ? 'USER' : await roleGroupOf(knex, caller.accountId, roleId)
    if (roleGroup === 'missing') throw fieldError('roleId', USER_MESSAGES.groupFailed)
    // A company administrator makes ordinary users of its own companies, with grants on them only.
    await assertCallerMayGive(app, params, { roleGroup, companyId: data.companyId ?? null, grants: data.privileges ?? [] })
    const companyIds = [...(data.privileges ?? []).filter((p) => p.resource === 'COMPANY').map((p) => p.resourceId), ...(data.companyId ? [data.companyId] : [])]
    await assertResourcesOfAccount(app, caller.accountId, 'COMPANY', [...new Set(companyIds)])
    const projectIds = (data.privileges ?? []).filter((p) => p.resource === 'PROJECT').map((p) => p.resourceId)
    await assertResourcesOfAccount(app, caller.accountId, 'PROJECT', [...new Set(projectIds)])
    const acronym = existing ? existing.acronym : data.acronym?.trim().toUpperCase()
    if (acronym && (await acronymTaken(knex, caller.accountId, acronym)))
      throw new Conflict(USER_MESSAGES.acronymTaken, { errors: { acronym: USER_MESSAGES.acronymTaken } })
    roleId ??= (await knex('roles').where({ account_id: caller.accountId, security_group: 'USER' }).orderBy('id').first('id'))?.id ?? null

    let userId: number
    try {
      userId = await knex.transaction(async (trx) => {
        const now = nowIso()
        let person = existing
        if (!person) {
          const fields = {
            username: email,
            first_name: data.firstName.trim(),
            last_name: data.lastName.trim(),
            acronym: acronym || (await freeAcronym(trx, caller.accountId, data.firstName, data.lastName)),
          }
          const [id] = await trx('users').insert({ ...fields, password_hash: null, language: data.language ?? caller.language, enabled: true, created_at: now })
          person = { id, ...fields }
        }
        const id = Number(person.id)
        await trx('account_users').insert({
          account_id: caller.accountId,
          user_id: id,
          role_id: roleId,
          company_id: data.companyId ?? null,
          access_level: 'ACCESS',
          enabled: true,
          created_at: now,
          created_by: caller.id,
          ...memberKeys(person),
        })
        for (const p of data.privileges ?? [])
          await trx('privileges').insert({ account_id: caller.accountId, user_id: id, name: null, resource: p.resource, resource_id: p.resourceId, action: p.action })
        return id
      })
    } catch (error) {
      // Two wizards submitting the same e-mail at once: the unique indexes answer for the loser.
      const again = await personByEmail(knex, email)
      if (again && (!existing || (await isMemberOf(knex, caller.accountId, Number(again.id))))) throw emailTaken()
      // Anything else is logged once by the error handler, and answered as an outage (503) or an internal error.
      throw error
    }
    await (existing ? mailAdded(app, caller, email) : mailWelcome(app, caller, userId, email, data.firstName.trim()))
    return accountUser(app, caller.accountId, userId)
  },
})

const accountName = async (app: Application, accountId: number) =>
  (await app.get('knex')('accounts').where({ id: accountId }).first('company'))?.company ?? 'the service'

const send = (app: Application, mail: { to: string; subject: string; text: string; link: string }) =>
  app
    .get('mailer')
    .send(mail)
    .catch((error: unknown) => app.get('logger').error({ err: error }, 'Sending the welcome mail failed'))

/** A new person: a link to choose their password, alive a week. */
const mailWelcome = async (app: Application, caller: AuthUser, userId: number, email: string, firstName: string) => {
  const token = await createUserToken(app, userId, 'welcome', WELCOME_TTL_MS)
  const link = `${app.get('config').publicUrl}/welcomeNewUser/${token}`
  const account = await accountName(app, caller.accountId)
  const text = `Hello ${firstName},\n\n${caller.firstName} ${caller.lastName} has made you a user of ${account}. To choose your password and sign in, open this link within 7 days:\n\n${link}\n`
  await send(app, { to: email, subject: `Welcome to ${account}`, text, link })
}

/** A person who has an identity already: told where they were added; they sign in as before and switch account. */
const mailAdded = async (app: Application, caller: AuthUser, email: string) => {
  const link = `${app.get('config').publicUrl}/`
  const account = await accountName(app, caller.accountId)
  const text = `Hello,\n\n${caller.firstName} ${caller.lastName} has added you to ${account}. Sign in with your e-mail and password as before, then choose ${account} from the account menu:\n\n${link}\n`
  await send(app, { to: email, subject: `You were added to ${account}`, text, link })
}

/**
 * PUT /accountusers/{accountId}: the edit form. Who may act on the member is the
 * declared target (membership); changing their login e-mail is an identity act, and
 * their names, acronym or language (shared by all their accounts) a details act.
 */
const editUser = (app: Application) => ({
  async update(_id: null, body: unknown, params: AppParams) {
    const data = valid(editUserSchema, body)
    const caller = currentUser(params)
    const knex = app.get('knex')
    const target = await accountUser(app, caller.accountId, data.id)
    if (target.anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const username = data.username.trim().toLowerCase()
    const acronym = data.acronym.trim().toUpperCase()
    const details = { first_name: data.firstName.trim(), last_name: data.lastName.trim(), acronym, ...(data.language ? { language: data.language } : {}) }
    if (params.provider) {
      if (username !== target.username.toLowerCase()) {
        // The profile page asks for the current password; this form does not.
        if (data.id === caller.id) throw new Forbidden(USER_MESSAGES.noEditAccess)
        await assertMayActOn(knex, caller, data.id, 'identity')
      }
      const current = { first_name: target.firstName, last_name: target.lastName, acronym: target.acronym, language: target.language }
      if (Object.entries(details).some(([key, value]) => current[key as keyof typeof current] !== value)) await assertMayActOn(knex, caller, data.id, 'details')
      if (data.companyId !== undefined && data.companyId !== target.companyId) await assertCallerMayGive(app, params, { companyId: data.companyId })
    }
    if (await knex('users').whereRaw('lower(username) = ?', [username]).andWhereNot('id', data.id).first('id'))
      throw new Conflict(USER_MESSAGES.emailTaken, { errors: { username: USER_MESSAGES.emailTaken } })
    if (await acronymTaken(knex, caller.accountId, acronym, data.id))
      throw new Conflict(USER_MESSAGES.acronymTaken, { errors: { acronym: USER_MESSAGES.acronymTaken } })
    if (data.companyId !== undefined && data.companyId !== null) await assertResourcesOfAccount(app, caller.accountId, 'COMPANY', [data.companyId])
    await knex.transaction(async (trx) => {
      await trx('users')
        .where({ id: data.id })
        .update({ username, ...details })
      await refreshMemberKeys(trx, data.id)
      if (data.companyId !== undefined) await trx('account_users').where({ account_id: caller.accountId, user_id: data.id }).update({ company_id: data.companyId })
    })
    return accountUser(app, caller.accountId, data.id)
  },
})

/** POST /accountusers/{accountId}/securitygroups/{userId}/{groupId}: the user's role (the target is declared). */
const changeRole = (app: Application) => ({
  async create(_data: unknown, params: AppParams) {
    const caller = currentUser(params)
    const knex = app.get('knex')
    const userId = routeId(params, 'userId')
    await accountUser(app, caller.accountId, userId)
    const groupId = Number(params.route?.groupId)
    const roleGroup = Number.isInteger(groupId) ? await roleGroupOf(knex, caller.accountId, groupId) : 'missing'
    if (roleGroup === 'missing') throw fieldError('groupId', USER_MESSAGES.groupFailed)
    await assertCallerMayGive(app, params, { roleGroup })
    await knex('account_users').where({ account_id: caller.accountId, user_id: userId }).update({ role_id: groupId })
    return accountUser(app, caller.accountId, userId)
  },
})

/**
 * POST /accountusers/{accountId}/accesslevel/{userId}/{level} (the spec names no call):
 * ACCESS, SALES_ADMIN and ACCOUNT_ADMIN for settings or accounts managers; giving or
 * taking GLOBAL_ADMIN only for global admins (the rule: nobody else acts on one).
 */
const changeAccessLevel = (app: Application) => ({
  async create(_data: unknown, params: AppParams) {
    const caller = currentUser(params)
    const userId = routeId(params, 'userId')
    const level = String(params.route?.level) as UserAccessLevel
    if (!USER_ACCESS_LEVELS.includes(level)) throw fieldError('level', `Must be one of ${USER_ACCESS_LEVELS.join(', ')}`)
    await accountUser(app, caller.accountId, userId)
    if (userId === caller.id) throw new BadRequest(USER_MESSAGES.selfLevel)
    await assertCallerMayGive(app, params, { level })
    await app.get('knex')('account_users').where({ account_id: caller.accountId, user_id: userId }).update({ access_level: level })
    return accountUser(app, caller.accountId, userId)
  },
})

/** A TableService whose DELETE acts on the user in the path (DELETE /accountusers/{userId}/…) rather than on an id. */
abstract class UserPathRemoval extends TableService {
  constructor(protected readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  protected abstract act(userId: number, params: AppParams): Promise<unknown>
  override async remove(id: any, params?: any): Promise<any> {
    if (id !== null) throw new NotFound(`No record found for id '${String(id)}'`)
    return this.act(routeId(params, 'userId'), params)
  }
}

/** DELETE /accountusers/{userId}/anonymous: personal data replaced, sign-in impossible, tokens revoked. */
class AnonymiseUser extends UserPathRemoval {
  protected async act(userId: number, params: AppParams) {
    const caller = currentUser(params)
    const knex = this.app.get('knex')
    const target = await accountUser(this.app, caller.accountId, userId)
    if (userId === caller.id) throw new BadRequest(USER_MESSAGES.selfAnonymise)
    if (target.anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const elsewhere = await knex('account_users').where({ user_id: userId }).andWhereNot('account_id', caller.accountId).first('id')
    if (elsewhere) throw new Conflict(USER_MESSAGES.otherAccounts)
    await knex.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({
        username: `anonymous-${userId}@anonymous.invalid`,
        password_hash: null,
        first_name: 'Anonymous',
        last_name: 'User',
        acronym: `X${userId}`,
        two_factor_secret: null,
        two_factor_enabled: false,
        enabled: false,
        anonymous: true,
      })
      await trx('account_users').where({ user_id: userId }).update({ enabled: false, removal_requested: false })
      await refreshMemberKeys(trx, userId)
      await trx('user_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: nowIso() })
      await revokeUserSessions(trx, userId)
    })
    return accountUser(this.app, caller.accountId, userId)
  }
}

/** DELETE /accountusers/{userId}/remove: the user leaves the current account (their grants in it too). */
class RemoveMembership extends UserPathRemoval {
  protected async act(userId: number, params: AppParams) {
    const caller = currentUser(params)
    const knex = this.app.get('knex')
    const target = await accountUser(this.app, caller.accountId, userId)
    if (userId === caller.id) throw new BadRequest(USER_MESSAGES.selfRemove)
    await knex.transaction(async (trx) => {
      await trx('privileges').where({ account_id: caller.accountId, user_id: userId }).delete()
      await trx('account_users').where({ account_id: caller.accountId, user_id: userId }).delete()
      await trx('sessions').where({ user_id: userId, account_id: caller.accountId }).update({ revoked: true })
    })
    return target
  }
}

export const FILE_VIEWS = ['DEFAULT', 'FILE', 'CUSTOMER'] as const

/**
 * POST /accountusers/{userId}/file-view (body { type }) and /file-view/{type}: the
 * caller's own folder list view; without a type the first answers the current one.
 */
const fileView = (app: Application, typeFrom: 'body' | 'route') => ({
  async create(data: { type?: string } | undefined, params: AppParams) {
    const caller = currentUser(params)
    if (routeId(params, 'userId') !== caller.id) throw new Forbidden('You can only change your own file view')
    const knex = app.get('knex')
    const type = typeFrom === 'route' ? String(params.route?.type) : data?.type
    if (type !== undefined) {
      if (!FILE_VIEWS.includes(type as (typeof FILE_VIEWS)[number])) throw fieldError('type', `Must be one of ${FILE_VIEWS.join(', ')}`)
      await knex('users').where({ id: caller.id }).update({ file_view: type })
    }
    const row = await knex('users').where({ id: caller.id }).first('file_view')
    return { userId: caller.id, fileView: row.file_view }
  },
})

const mark = (value: unknown) => (value ? 'x' : '')

/** The export's sheet name and headers in the five languages. */
const exportTexts = loadExcelTexts(new URL('./accountusers.export-locales/', import.meta.url))

/** GET /accountusers/export: users.xlsx of the account, streamed in id order, headed in the caller's language. */
class ExportUsers extends TableService {
  constructor(private readonly app: Application) {
    super({ Model: app.get('knex'), name: 'account_users', id: 'user_id' })
  }
  override async find(params?: any): Promise<any> {
    const { accountId, language } = currentUser(params)
    const base = accountUsersQuery(this.app, accountId)
    const app = this.app
    async function* rows() {
      for await (const batch of inChunks(keysetBatches<any>(() => base.clone(), { column: 'au.user_id', key: 'id', size: 1000 }), 1000))
        for (const row of await withCompanyNames(app, accountId, batch))
        yield {
          acronym: row.acronym,
          company: row.companyName ?? '',
          username: row.username,
          firstName: row.firstName,
          lastName: row.lastName,
          createdAt: exportDate(row.createdAt),
          enabled: mark(row.enabled),
          hasTwoFactor: mark(row.hasTwoFactor),
          anonymous: mark(row.anonymous),
          removalRequested: mark(row.removalRequested),
        }
    }
    const texts = exportTexts(language)
    return excelDownload('users.xlsx', texts.sheet, withHeaders(EXPORT_COLUMNS, texts), rows())
  }
}

/** The spec's columns in its order; headers from accountusers.export-locales. */
const EXPORT_COLUMNS = [
  { key: 'acronym', width: 10 },
  { key: 'company', width: 30 },
  { key: 'username', width: 34 },
  { key: 'firstName', width: 18 },
  { key: 'lastName', width: 18 },
  { key: 'createdAt', width: 14 },
  { key: 'enabled' },
  { key: 'hasTwoFactor' },
  { key: 'anonymous' },
  { key: 'removalRequested' },
]

const USERS_READ = ['canManageUsers', 'canManageCompanyUsers'] as const

export const accountUserServices: ServiceDefinition[] = [
  {
    path: 'accountusers/:accountId',
    methods: ['find', 'create', 'update'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { find: [...USERS_READ], create: [...USERS_READ], update: [...USERS_READ] },
    schemas: { query: listQuerySchema },
    targets: { update: { action: 'membership', userFrom: (context: HookContext) => context.data?.id } },
    service: (app) => ({ ...usersList(app), ...createUser(app, emptyUserSchema), ...editUser(app) }),
  },
  {
    path: 'accountusers',
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: [...USERS_READ] },
    schemas: { query: usernameQuerySchema },
    service: (app) => new UsersByName(app),
  },
  {
    path: 'accountusers/exists',
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: [...USERS_READ] },
    // $limit as the users lists take it (the answer is one flag, so it changes nothing).
    schemas: { query: Type.Pick(usernameQuerySchema, ['username', '$limit'], { additionalProperties: false }) },
    service: (app) => new UsernameExists(app),
  },
  {
    path: 'accountusers/user',
    methods: ['get'],
    scope: { kind: 'tenant' },
    flags: { get: [...USERS_READ] },
    service: (app) => new UserById(app),
  },
  {
    path: 'accountusers/export',
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageAccounts', 'canManageSettings'] },
    service: (app) => new ExportUsers(app),
  },
  {
    path: 'accountusers/:accountId/createUserWithPrivileges',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: [...USERS_READ] },
    service: (app) => createUser(app, newUserSchema),
  },
  {
    path: 'accountusers/:accountId/createEmptyUser',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: [...USERS_READ] },
    service: (app) => createUser(app, emptyUserSchema),
  },
  {
    path: 'accountusers/:accountId/securitygroups/:userId/:groupId',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: ['canManageUsers'] },
    targets: { create: { action: 'membership', userFrom: 'userId' } },
    service: (app) => changeRole(app),
  },
  {
    path: 'accountusers/:accountId/accesslevel/:userId/:level',
    methods: ['create'],
    scope: { kind: 'tenant', routeParam: 'accountId' },
    flags: { create: ['canManageSettings', 'canManageAccounts'] },
    targets: { create: { action: 'membership', userFrom: 'userId' } },
    service: (app) => changeAccessLevel(app),
  },
  {
    path: 'accountusers/:userId/file-view/:type',
    methods: ['create'],
    scope: { kind: 'own-user', why: "Sets the caller's own folder list view." },
    service: (app) => fileView(app, 'route'),
  },
  {
    path: 'accountusers/:userId/file-view',
    methods: ['create'],
    scope: { kind: 'own-user', why: "Reads or sets the caller's own folder list view." },
    schemas: { data: Type.Object({ type: Type.Optional(Type.String({ maxLength: 10 })) }, { additionalProperties: false }) },
    service: (app) => fileView(app, 'body'),
  },
  {
    path: 'accountusers/:userId/anonymous',
    methods: ['remove'],
    scope: { kind: 'tenant' },
    flags: { remove: ['canManageUsers'] },
    targets: { remove: { action: 'anonymise', userFrom: 'userId' } },
    service: (app) => new AnonymiseUser(app),
  },
  {
    path: 'accountusers/:userId/remove',
    methods: ['remove'],
    scope: { kind: 'tenant' },
    flags: { remove: ['canManageUsers'] },
    targets: { remove: { action: 'membership', userFrom: 'userId' } },
    service: (app) => new RemoveMembership(app),
  },
]
