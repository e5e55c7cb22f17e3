/**
 * The companies table behind /api/companies: paging, filters and sorts in SQL, the
 * parent rules, the Skyview toggle and the delete-blocked reasons.
 */
import { BadRequest, Conflict, Forbidden } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { TableService, currentUser, nowIso, rowPresenter } from '@app/plugin-kit'
import { assertMayEditCompany, flagsOfCaller } from '../../company-access'
import { cityKey, searchKey } from '../../migrations/002-company-search-logo'
import { companySchema } from './companies.schema'
import { companyDeleteBlocks } from './delete-blocks'

/**
 * The API's company: the row without the columns that stay on the server (the search keys
 * and where the logo is stored), with the logo's id.
 */
export const presentCompany = rowPresenter(['searchKey', 'cityKey', 'logoKey', 'logoType', 'logoName', 'logoSize'], {
  logoId: { from: 'logoKey', value: (logoKey) => (logoKey ? String(logoKey).split('/').pop() : null) },
})

const invalid = (field: string, message: string) => new BadRequest('Validation failed', { errors: { [field]: message } })

/**
 * What a list reads unless the call selects its own fields: the API's fields, and the
 * logo's key its id is made from. The search keys and the logo's file details stay in
 * the table (fewer columns to send and parse, on MariaDB most).
 */
const LISTED = Object.freeze([...Object.keys(companySchema.properties).filter((field) => field !== 'logoId'), 'logoKey'])

export const SKYVIEW_LOCKED = 'Skyview cannot be turned off for a company once it is on'
export const SKYVIEW_DENIED = 'Only a company manager can turn Skyview on'

export class CompaniesService extends TableService {
  constructor(private readonly app: Application) {
    super({
      Model: app.get('knex'),
      name: 'companies',
      result: companySchema,
      // The list's `filter` (name, number, city) and the search page's `q` (name, number), over the lower-cased search columns.
      search: {
        filter: { columns: ['companies.search_key', 'companies.city_key'], lowerCased: true },
        q: { columns: ['companies.search_key'], lowerCased: true },
      },
    })
  }

  /** `administered`: the ids a company administrator may give a new user (core's rule: COMPANY ADMINISTER, own or the role's). */
  private async administeredOnly(params?: any) {
    // The list call's hot path: without the key, the call goes on as it came.
    if (params?.query?.administered === undefined) return params
    const { administered, ...query } = params.query
    if (!administered || !params?.provider || (await flagsOfCaller(this.app, params)).canManageUsers) return { ...params, query }
    const grants = await this.app.get('core').grantsOf(currentUser(params))
    const ids = grants.filter((g) => g.resource === 'COMPANY' && g.action === 'ADMINISTER' && g.resourceId !== null).map((g) => g.resourceId!)
    return { ...params, query: { ...query, id: { $in: ids } } }
  }

  override async _find(given?: any) {
    const params = await this.administeredOnly(given)
    // A tie-breaker keeps pages stable when many companies share a city or a name. It runs
    // the way the first sort does, so the (account_id, column) index, which ends in the id,
    // serves a descending page by walking backwards instead of sorting the account's rows.
    const $sort = { ...(params?.query?.$sort ?? { name: 1 }) }
    $sort.id ??= Number(Object.values($sort)[0] ?? 1) < 0 ? -1 : 1
    const result = await super._find({ ...params, query: { ...params?.query, $sort, $select: params?.query?.$select ?? LISTED } })
    return Array.isArray(result) ? presentCompany.all(result) : { ...result, data: presentCompany.all(result.data) }
  }

  override async _get(id: any, params?: any) {
    return presentCompany(await super._get(id, params)) as any
  }

  /** The stored row with its internal columns, within the caller's account (404 otherwise). */
  private async storedRow(id: any, params?: any) {
    return (await super._get(id, params)) as Record<string, any>
  }

  /** Same account, not itself, and no cycle through its ancestors. */
  private async checkParent(parentId: number | null | undefined, id: number | null, params?: AppParams) {
    if (!parentId) return
    if (id !== null && parentId === id) throw invalid('parentId', 'A company cannot be its own parent')
    const accountId = params?.tenant?.accountId
    const where = (companyId: number) => ({ id: companyId, ...(accountId ? { account_id: accountId } : {}) })
    const parent = await this.Model('companies').where(where(parentId)).first('id', 'parent_id')
    if (!parent) throw invalid('parentId', 'The parent company does not exist')
    const seen = new Set<number>()
    for (let next = parent.parent_id as number | null; next && !seen.has(next); ) {
      if (next === id) throw invalid('parentId', 'A company cannot be a parent of its own parent')
      seen.add(next)
      next = (await this.Model('companies').where({ id: next }).first('parent_id'))?.parent_id ?? null
    }
  }

  /** Turning Skyview on needs a company manager (or the platform); turning it off is refused. */
  private async checkSkyview(wanted: boolean | undefined, current: boolean, params?: AppParams) {
    if (wanted === undefined || wanted === current) return
    if (!wanted) throw new Conflict(SKYVIEW_LOCKED, { errors: { skymapEnabled: SKYVIEW_LOCKED } })
    if (!params?.provider) return
    const flags = await flagsOfCaller(this.app, params)
    if (!flags.canManageAccounts && !flags.canManageCompany) throw new Forbidden(SKYVIEW_DENIED)
  }

  override async _create(data: any, params?: any) {
    await this.checkParent(data.parentId, null, params)
    await this.checkSkyview(data.skymapEnabled, false, params)
    const createdBy = params?.user ? currentUser(params).id : null
    const row = await super._create(
      {
        skymapEnabled: false,
        ...data,
        country: data.country || null,
        searchKey: searchKey(data.name, data.number),
        cityKey: cityKey(data.city),
        createdAt: nowIso(),
        createdBy,
      },
      params,
    )
    return presentCompany(row)
  }

  override async _patch(id: any, data: any, params?: any) {
    const current = await this.storedRow(id, params)
    await assertMayEditCompany(this.app, params ?? {}, Number(current.id))
    await this.checkParent(data.parentId, Number(current.id), params)
    await this.checkSkyview(data.skymapEnabled, Boolean(current.skymapEnabled), params)
    const changes = { ...data }
    if ('country' in changes) changes.country = changes.country || null
    if ('name' in data || 'number' in data) changes.searchKey = searchKey(data.name ?? current.name, 'number' in data ? data.number : current.number)
    if ('city' in data) changes.cityKey = cityKey(data.city)
    return presentCompany(await super._patch(id, changes, params))
  }

  override async _remove(id: any, params?: any) {
    const current = await this.storedRow(id, params)
    const company = { id: Number(current.id), accountId: Number(current.accountId), name: current.name as string }
    const blocks = await companyDeleteBlocks(this.app, company)
    if (blocks.length) throw new Conflict('The company cannot be deleted', { blocks })
    await this.app.get('core').removeGrantsOn(company.accountId, 'COMPANY', company.id)
    const removed = await super._remove(id, params)
    if (current.logoKey) await this.app.get('storage').remove(current.logoKey)
    return presentCompany(removed)
  }
}
