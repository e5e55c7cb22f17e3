/**
 * A table service addressed by account in the path (`/…/:accountId/…`). The
 * tenant-scope hook has already answered 404 for another account's id; a global
 * admin (the cross-tenant flag) may address any existing account, so the account
 * is always taken from the route here, never from the body or the query.
 */
import type { AppParams, Application, HookContext } from '@app/plugin-kit'
import type { NextFunction } from '@feathersjs/feathers'
import { TableService, nowIso, validateBody } from '@app/plugin-kit'
import type { TObject } from '@sinclair/typebox'
import { Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'

export const routeAccountId = (params: AppParams | undefined): number => {
  const raw = params?.route?.accountId
  const id = Number(raw)
  if (!raw || !Number.isInteger(id) || id < 1) throw new NotFound(`No record found for id '${String(raw)}'`)
  return id
}

/** The route's account, after asking core that it exists (only a global admin can name another one). */
export const existingAccountId = async (app: Application, params: AppParams | undefined) => {
  const accountId = routeAccountId(params)
  if (params?.tenant?.accountId !== accountId && !(await app.get('core').accountExists(accountId)))
    throw new NotFound(`No record found for id '${accountId}'`)
  return accountId
}

const UNIQUE_VIOLATIONS = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE'])

export interface UniqueRule {
  field: string
  column: string
  message: string
}

/** A LIKE pattern matching the text anywhere. */
export const containing = (text: string) => `%${text}%`

export class AccountScopedService extends TableService {
  constructor(
    protected readonly app: Application,
    options: Omit<ConstructorParameters<typeof TableService>[0], 'Model'>,
    private readonly unique?: UniqueRule,
    /** Fields the `filter` text is matched against. */
    private readonly filterFields: string[] = [],
  ) {
    super({ ...options, Model: app.get('knex') })
  }

  protected get knex(): Knex {
    return this.Model as Knex
  }

  /** Params confined to the route's account, with `filter` turned into LIKE conditions. */
  protected async scoped(params?: AppParams): Promise<AppParams & { accountId: number }> {
    const accountId = await existingAccountId(this.app, params)
    const { filter, ...query } = (params?.query ?? {}) as Record<string, any>
    const text = typeof filter === 'string' ? filter.trim() : ''
    const matches = text && this.filterFields.length ? { $or: this.filterFields.map((f) => ({ [f]: { $like: containing(text) } })) } : {}
    return { ...params, query: { ...query, ...matches, accountId }, accountId }
  }

  /** 409 with the spec's duplicate message when another row of the account holds the value (any case). */
  protected async assertUnique(accountId: number, data: Record<string, unknown>, exceptId?: number) {
    const rule = this.unique
    const value = rule ? data[rule.field] : undefined
    if (!rule || typeof value !== 'string') return
    const clash = await this.knex(this.options.name)
      .where({ account_id: accountId })
      .whereRaw(`lower(${rule.column}) = ?`, [value.trim().toLowerCase()])
      .modify((q) => {
        if (exceptId) q.whereNot({ id: exceptId })
      })
      .first('id')
    if (clash) this.duplicate()
  }

  protected duplicate(): never {
    const rule = this.unique!
    throw new Conflict(rule.message, { errors: { [rule.field]: rule.message } })
  }

  /** Two racing writes both pass the check; the unique index stops the second, answered the same way. */
  protected async guard<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error: any) {
      if (this.unique && (UNIQUE_VIOLATIONS.has(error?.code) || UNIQUE_VIOLATIONS.has(error?.cause?.code))) this.duplicate()
      throw error
    }
  }

  override async _find(params?: AppParams): Promise<any> {
    return super._find(await this.scoped(params))
  }

  override async _get(id: any, params?: AppParams): Promise<any> {
    return super._get(id, await this.scoped(params))
  }

  override async _create(data: any, params?: AppParams): Promise<any> {
    const scoped = await this.scoped(params)
    await this.assertUnique(scoped.accountId, data)
    return this.guard(() => super._create({ ...data, accountId: scoped.accountId, createdAt: nowIso() }, scoped))
  }

  override async _patch(id: any, data: any, params?: AppParams): Promise<any> {
    const scoped = await this.scoped(params)
    await super._get(id, scoped)
    await this.assertUnique(scoped.accountId, data, Number(id))
    return this.guard(() => super._patch(id, data, scoped))
  }

  override async _remove(id: any, params?: AppParams): Promise<any> {
    return super._remove(id, await this.scoped(params))
  }
}

/**
 * Body validation for account-addressed services, run after the tenant scope: the
 * contract validates before the scope, so another account's id would answer 400
 * about the body instead of the 404 that every other caller of that id gets. The
 * account the scope stamps on the body is set again from the route by the service.
 */
export const validateAfterScope = (schemas: { data?: TObject; patch?: TObject }) => {
  const validate = validateBody(schemas)
  const unstamp = async (context: HookContext, next: NextFunction) => {
    const { data } = context
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const { accountId: _stamp, ...rest } = data as Record<string, unknown>
      context.data = rest
    }
    // A row that is not there (or is another account's) answers 404 before its body is judged.
    if (context.id !== undefined && context.id !== null) await (context.self as AccountScopedService)._get(context.id, context.params)
    return validate(context as any, next)
  }
  return { around: { all: [unstamp] } }
}
