/**
 * The projects of the demo accounts: positions for the home map, dates around today for
 * the timeline, square metres for the SQM tile, clients among the companies plugin's demo
 * companies (asked of its service by name: its seed runs first, as companies comes before
 * projects in api/src/plugins.ts), and levels for the demo users. Idempotent: an account
 * with projects is left as it is.
 */
import type { AppParams, SeedContext } from '@app/plugin-kit'
import { serviceAt } from '@app/plugin-kit'
import { companiesPath } from '@app/plugin-companies/shared'
import { searchKeyOf } from './project-rows'

const DAY = 86_400_000

interface DemoProject {
  key: string
  symbol: string
  name: string
  client: string
  manager?: string
  parent?: string
  position: [number, number]
  /** Days from the seed's day. */
  start: number
  end: number
  delivery?: number
  squareMeters: number
  value?: number
  address: string
}

const DEMO_PROJECTS: Record<'engineering' | 'sales', DemoProject[]> = {
  engineering: [
    { key: 'crane', symbol: 'P-1001', name: 'Harbour crane upgrade', client: 'Fjord Cranes AS', manager: 'manager@demo.test', position: [60.3913, 5.3221], start: -60, end: 120, delivery: 90, squareMeters: 1850, value: 2_400_000, address: 'Skoltegrunnskaien, Bergen' },
    { key: 'mill', symbol: 'P-1002', name: 'Steel mill extension', client: 'Nordic Steel Oy', manager: 'manager@demo.test', position: [65.0121, 25.4651], start: -200, end: 300, delivery: 250, squareMeters: 4200, value: 9_800_000, address: 'Teollisuustie 4, Oulu' },
    { key: 'roof', symbol: 'P-1002-1', name: 'Mill hall roof', client: 'Nordic Steel Oy', parent: 'mill', position: [65.0131, 25.4702], start: -30, end: 45, squareMeters: 950, address: 'Teollisuustie 4, Oulu' },
    { key: 'cables', symbol: 'P-1003', name: 'Cable plant retrofit', client: 'Baltic Cables Sp. z o.o.', position: [54.352, 18.6466], start: 14, end: 400, squareMeters: 3100, value: 5_150_000, address: 'ul. Stoczniowców 1, Gdańsk' },
  ],
  sales: [
    { key: 'quay', symbol: 'S-200', name: 'Quay logistics centre', client: 'Fjord Cranes AS', position: [59.9075, 10.7379], start: -10, end: 200, squareMeters: 2600, address: 'Sjursøya, Oslo' },
  ],
}

/** Levels of the demo users (their creator administers each project besides). */
const DEMO_LEVELS: { account: 'engineering' | 'sales'; project: string; username: string; action: string }[] = [
  { account: 'engineering', project: 'crane', username: 'user@demo.test', action: 'EDIT' },
  { account: 'engineering', project: 'cables', username: 'user@demo.test', action: 'VIEW' },
  { account: 'engineering', project: 'mill', username: 'consultant@demo.test', action: 'VIEW' },
  { account: 'sales', project: 'quay', username: 'consultant@demo.test', action: 'DOWNLOAD' },
]

/** The account's companies by name, from the companies plugin's service (server code, in the account). */
const companiesByName = async ({ app }: SeedContext, accountId: number) => {
  if (!app.get('plugins').some((p) => p.id === 'companies')) return new Map<string, number>()
  const service = serviceAt(app, companiesPath) as unknown as { find(params: AppParams): Promise<{ data: { id: number; name: string }[] }> }
  const page = await service.find({ tenant: { accountId }, query: { $limit: 500 } } as AppParams)
  return new Map(page.data.map((c) => [c.name, Number(c.id)]))
}

export const seedProjects = async (context: SeedContext) => {
  const { knex, app, ids, now } = context
  const today = Date.parse(now.slice(0, 10))
  for (const account of ['engineering', 'sales'] as const) {
    const accountId = ids[`account.${account}`]
    if (!accountId || (await knex('projects').where({ account_id: accountId }).first('id'))) continue
    const clients = await companiesByName(context, accountId)
    const admin = ids[account === 'engineering' ? 'user.admin@demo.test' : 'user.sales@demo.test'] ?? null
    const made = new Map<string, number>()
    for (const p of DEMO_PROJECTS[account]) {
      const creator = p.manager ? (ids[`user.${p.manager}`] ?? admin) : admin
      const [inserted] = await knex('projects').insert(
        {
          account_id: accountId,
          name: p.name,
          symbol: p.symbol,
          search_key: searchKeyOf(p.symbol, p.name),
          company_id: clients.get(p.client) ?? null,
          manager_id: p.manager ? (ids[`user.${p.manager}`] ?? null) : admin,
          parent_id: p.parent ? (made.get(p.parent) ?? null) : null,
          start_date: today + p.start * DAY,
          end_date: today + p.end * DAY,
          delivery_date: p.delivery === undefined ? null : today + p.delivery * DAY,
          square_meters: p.squareMeters,
          value: p.value ?? null,
          latitude: p.position[0],
          longitude: p.position[1],
          address: p.address,
          should_notify_billing: false,
          created_at: now,
          created_by: creator,
        },
        ['id'],
      )
      const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
      made.set(p.key, id)
      ids[`project.${account}.${p.key}`] = id
      // Whoever creates a project administers it.
      if (creator) await app.get('core').giveGrant(accountId, creator, { resource: 'PROJECT', resourceId: id, action: 'ADMINISTER' })
    }
    for (const level of DEMO_LEVELS.filter((l) => l.account === account)) {
      const userId = ids[`user.${level.username}`]
      const projectId = made.get(level.project)
      if (userId && projectId) await app.get('core').giveGrant(accountId, userId, { resource: 'PROJECT', resourceId: projectId, action: level.action })
    }
  }
}
