/**
 * The bench data set, inserted straight with knex in batches: BENCH_ACCOUNTS accounts
 * (100), each with the demo accounts' modules, an Administrators role, one account
 * admin and BENCH_ROWS companies (1,000). Every bench user has the same password,
 * hashed once.
 */
import { cityKey, searchKey } from '@app/plugin-companies'
import { hashPassword, memberKeys } from '@app/plugin-core'
import { FILE_WORDS, FOLDER_WORDS, fileNameKey, folderSearchKey, folderWordRows, recountFileUsage } from '@app/plugin-documents'
import { wordRows } from '@app/plugin-kit'
import type { Knex } from 'knex'

export const BENCH_PASSWORD = 'bench-password-1234'
export const benchUser = (i: number) => `bench-admin-${String(i).padStart(3, '0')}@bench.test`
const accountNo = (i: number) => `BENCH-${String(i).padStart(3, '0')}`

const CITIES = [
  ['Helsinki', 'FI'],
  ['Oslo', 'NO'],
  ['Stockholm', 'SE'],
  ['Gdańsk', 'PL'],
  ['Tallinn', 'EE'],
] as const

export interface SeedCounts {
  accounts: number
  users: number
  accountUsers: number
  accountModules: number
  companies: number
  benchAccounts: number
  rowsPerAccount: number
  seconds: number
}

const count = async (knex: Knex, table: string) => Number((await knex(table).count({ n: '*' }).first())?.n ?? 0)

export const seedBench = async (knex: Knex, accounts: number, rowsPerAccount: number): Promise<SeedCounts> => {
  const started = Date.now()
  const now = new Date().toISOString()
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  // The demo accounts' modules (the defaults of a new account); at least core.
  const demoModules = await knex('account_modules as m')
    .join('accounts as a', 'a.id', 'm.account_id')
    .where('a.account_no', 'DEMO-ENG')
    .select('m.module_id as moduleId', 'm.enabled as enabled')
  const modules = demoModules.length ? demoModules.map((m) => ({ id: m.moduleId as string, enabled: Boolean(m.enabled) })) : [{ id: 'core', enabled: true }]

  const numbers = Array.from({ length: accounts }, (_, k) => k + 1)
  await knex.transaction(async (trx) => {
    await trx.batchInsert(
      'accounts',
      numbers.map((i) => ({
        account_no: accountNo(i),
        company: `Bench Account ${String(i).padStart(3, '0')}`,
        city: CITIES[i % CITIES.length]![0],
        country: CITIES[i % CITIES.length]![1],
        email: `office-${i}@bench.test`,
        enabled: true,
        trial: false,
        created_at: now,
      })),
      500,
    )
    const accountRows = await trx('accounts').where('account_no', 'like', 'BENCH-%').select('id', 'account_no')
    const accountId = new Map(accountRows.map((r) => [r.account_no as string, Number(r.id)]))
    const idOf = (i: number) => accountId.get(accountNo(i))!

    await trx.batchInsert(
      'account_modules',
      numbers.flatMap((i) => modules.map((m) => ({ account_id: idOf(i), module_id: m.id, enabled: m.enabled }))),
      500,
    )
    await trx.batchInsert(
      'roles',
      numbers.map((i) => ({ account_id: idOf(i), name: 'Administrators', security_group: 'ADMIN', created_at: now })),
      500,
    )
    const roleRows = await trx('roles').whereIn('account_id', [...accountId.values()]).select('id', 'account_id')
    const roleOf = new Map(roleRows.map((r) => [Number(r.account_id), Number(r.id)]))

    await trx.batchInsert(
      'users',
      numbers.map((i) => ({
        username: benchUser(i),
        password_hash: passwordHash,
        first_name: 'Bench',
        last_name: `Admin ${i}`,
        acronym: `BA${i}`,
        language: 'ENGLISH',
        enabled: true,
        created_at: now,
      })),
      500,
    )
    const userRows = await trx('users').where('username', 'like', 'bench-admin-%').select('id', 'username', 'first_name', 'last_name', 'acronym')
    const userOf = new Map(userRows.map((r) => [r.username as string, r]))
    await trx.batchInsert(
      'account_users',
      numbers.map((i) => ({
        account_id: idOf(i),
        user_id: Number(userOf.get(benchUser(i))!.id),
        role_id: roleOf.get(idOf(i)) ?? null,
        access_level: 'ACCOUNT_ADMIN',
        enabled: true,
        created_at: now,
        ...memberKeys(userOf.get(benchUser(i))!),
      })),
      500,
    )

    for (const i of numbers) {
      const id = idOf(i)
      const rows = Array.from({ length: rowsPerAccount }, (_, r) => {
        const [city, country] = CITIES[(i + r) % CITIES.length]!
        const name = `Company ${String(r + 1).padStart(4, '0')} of account ${i}`
        const number = `C-${i}-${r + 1}`
        return {
          account_id: id,
          name,
          number,
          search_key: searchKey(name, number),
          city_key: cityKey(city),
          address: `${r + 1} Bench Street`,
          city,
          zip: String(10000 + r),
          country,
          contact_email: `contact-${r + 1}@company-${i}.test`,
          contact_person: `Contact Person ${r + 1}`,
          contact_phone: '+358 40 123 4567',
          skymap_enabled: false,
          created_at: now,
        }
      })
      await trx.batchInsert('companies', rows, 500)
    }
  })

  return {
    accounts: await count(knex, 'accounts'),
    users: await count(knex, 'users'),
    accountUsers: await count(knex, 'account_users'),
    accountModules: await count(knex, 'account_modules'),
    companies: await count(knex, 'companies'),
    benchAccounts: accounts,
    rowsPerAccount,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  }
}

/**
 * The administration scale (issue: 20,000 users and 5,000 companies in one account):
 * bench account number `index` (the last: the list call's tokens use the first ones)
 * gets `users` more members and companies up to `companies`.
 */
export const seedScale = async (knex: Knex, index: number, users: number, companies: number) => {
  const started = Date.now()
  const now = new Date().toISOString()
  const account = await knex('accounts').where({ account_no: accountNo(index) }).first('id')
  const accountId = Number(account.id)
  for (let start = 0; start < users; start += 500) {
    const batch = Array.from({ length: Math.min(500, users - start) }, (_, k) => {
      const n = start + k + 1
      return {
        username: `scale-${n}@bench.test`,
        password_hash: null,
        first_name: `First${n % 997}`,
        last_name: `Last${n}`,
        acronym: `S${n}`,
        language: 'ENGLISH',
        enabled: true,
        created_at: now,
      }
    })
    await knex.transaction(async (trx) => {
      await trx('users').insert(batch)
      const people = await trx('users').whereIn('username', batch.map((u) => u.username)).select('id', 'username', 'first_name', 'last_name', 'acronym')
      await trx('account_users').insert(
        people.map((u) => ({ account_id: accountId, user_id: Number(u.id), access_level: 'ACCESS', enabled: true, created_at: now, ...memberKeys(u) })),
      )
    })
  }
  const have = Number((await knex('companies').where({ account_id: accountId }).count({ n: '*' }).first())?.n ?? 0)
  const more = Array.from({ length: Math.max(0, companies - have) }, (_, r) => {
    const [city, country] = CITIES[r % CITIES.length]!
    const name = `Scale Company ${String(r + 1).padStart(5, '0')}`
    const number = `S-${r + 1}`
    return { account_id: accountId, name, number, search_key: searchKey(name, number), city, city_key: cityKey(city), country, skymap_enabled: false, created_at: now }
  })
  await knex.batchInsert('companies', more, 500)
  return { accountId, users, companies: have + more.length, seconds: Math.round((Date.now() - started) / 100) / 10 }
}

/** The projects scale (issue 9): who signs in as the ordinary user holding a level on PROJECT_SCALE.held projects. */
export const projectsUser = 'bench-projects-user@bench.test'
export const PROJECT_SCALE = { projects: 5_000, users: 2_000, grantsPerUser: 100, held: 300, visits: 40 } as const
const PROJECT_ACTIONS = ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'] as const

/**
 * Bench account number `index` gets PROJECT_SCALE.projects projects (each with a client of
 * the account's companies, a manager, dates and a position), PROJECT_SCALE.users members
 * with PROJECT_SCALE.grantsPerUser project grants each (about 200,000 privilege rows),
 * one ordinary member (`projectsUser`, with the bench password) holding a level on
 * PROJECT_SCALE.held of them, and recent visits for them and the account's admin.
 */
export const seedProjects = async (knex: Knex, index: number) => {
  const started = Date.now()
  const now = new Date().toISOString()
  const day = 86_400_000
  const epoch = Date.UTC(2026, 0, 1)
  const accountId = Number((await knex('accounts').where({ account_no: accountNo(index) }).first('id')).id)
  const admin = await knex('users').where({ username: benchUser(index) }).first('id')
  const companyIds = (await knex('companies').where({ account_id: accountId }).orderBy('id').limit(200).select('id')).map((c) => Number(c.id))
  const { projects, users, grantsPerUser, held, visits } = PROJECT_SCALE

  const rows = Array.from({ length: projects }, (_, p) => {
    const symbol = `PR-${String(p + 1).padStart(5, '0')}`
    const name = `Project ${['Harbour', 'Bridge', 'Tower', 'Plant', 'Depot'][p % 5]} ${p + 1}`
    const start = epoch + (p % 365) * day
    return {
      account_id: accountId,
      name,
      symbol,
      search_key: `${symbol} ${name}`.toLowerCase(),
      company_id: companyIds.length ? companyIds[p % companyIds.length] : null,
      manager_id: Number(admin.id),
      start_date: start,
      end_date: start + 180 * day,
      delivery_date: start + 150 * day,
      square_meters: 100 + (p % 900),
      latitude: 55 + (p % 1500) / 100,
      longitude: 5 + (p % 2500) / 100,
      created_at: now,
      created_by: Number(admin.id),
    }
  })
  await knex.batchInsert('projects', rows, 500)
  const projectIds = (await knex('projects').where({ account_id: accountId }).orderBy('id').select('id')).map((r) => Number(r.id))

  const passwordHash = await hashPassword(BENCH_PASSWORD)
  for (let start = 0; start < users; start += 500) {
    const batch = Array.from({ length: Math.min(500, users - start) }, (_, k) => {
      const n = start + k + 1
      return { username: `project-member-${n}@bench.test`, password_hash: null as string | null, first_name: `Member${n % 991}`, last_name: `Project${n}`, acronym: `PM${n}`, language: 'ENGLISH', enabled: true, created_at: now }
    })
    if (start === 0) batch[0] = { ...batch[0]!, username: projectsUser, password_hash: passwordHash }
    await knex.transaction(async (trx) => {
      await trx('users').insert(batch)
      const people = await trx('users').whereIn('username', batch.map((u) => u.username)).orderBy('id').select('id', 'username', 'first_name', 'last_name', 'acronym')
      await trx('account_users').insert(
        people.map((u) => ({ account_id: accountId, user_id: Number(u.id), access_level: 'ACCESS', enabled: true, created_at: now, ...memberKeys(u) })),
      )
      // Member n holds grantsPerUser projects spread over the account (the ordinary user: `held` of them).
      const grants = people.flatMap((u, k) => {
        const n = start + k
        const count = u.username === projectsUser ? held : grantsPerUser
        return Array.from({ length: count }, (_, g) => ({
          account_id: accountId,
          user_id: Number(u.id),
          name: null,
          resource: 'PROJECT',
          resource_id: projectIds[(n * 37 + g * Math.floor(projects / count)) % projects],
          action: PROJECT_ACTIONS[(n + g) % PROJECT_ACTIONS.length],
        }))
      })
      await trx.batchInsert('privileges', grants, 500)
    })
  }

  const user = await knex('users').where({ username: projectsUser }).first('id')
  const userGrants = (await knex('privileges').where({ account_id: accountId, user_id: user.id, resource: 'PROJECT' }).select('resource_id')).map((r) => Number(r.resource_id))
  const visitRows = [
    ...userGrants.slice(0, visits).map((projectId, k) => ({ account_id: accountId, user_id: Number(user.id), project_id: projectId, visited_at: Date.now() - k * 60_000 })),
    ...projectIds.slice(0, visits).map((projectId, k) => ({ account_id: accountId, user_id: Number(admin.id), project_id: projectId, visited_at: Date.now() - k * 60_000 })),
  ]
  await knex.batchInsert('project_visits', visitRows, 500)
  const privileges = Number((await knex('privileges').where({ account_id: accountId, resource: 'PROJECT' }).count({ n: '*' }).first())?.n ?? 0)
  return { accountId, projects: projectIds.length, users, privileges, held: userGrants.length, seconds: Math.round((Date.now() - started) / 100) / 10 }
}

/** The documents scale (issue 10 "Benchmark"): documents per project and files per document (an average), by env. */
export const DOCUMENT_SCALE = { favourites: 200, visits: 200, filter: 'facade', search: 'facade' } as const
const DOCUMENT_TITLES = ['Floor plan', 'Section', 'Facade', 'Detail', 'Calculation', 'Specification', 'Manual', 'Report'] as const
const DOCUMENT_TYPES = [
  ['Drawing', 'BDRW'],
  ['Calculation', 'BCAL'],
  ['Specification', 'BSPC'],
  ['Manual', 'BMAN'],
  ['Report', 'BREP'],
] as const
const FILE_KINDS = [
  ['pdf', 'application/pdf'],
  ['dwg', 'application/acad'],
  ['ifc', 'application/x-step'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['jpg', 'image/jpeg'],
] as const

/**
 * The projects account's documents: `perProject` documents in each of its projects (numbers
 * `PR-00001-D001` …, titles of eight kinds, five document types, responsibles and authors
 * among the account's members, a third archived, planned dates from three months back to
 * three ahead, some issued, returned or approved), files averaging `filesPerDocument` each
 * (0 to twice the average; storage keys that name no stored bytes), control ticks on one
 * document in four, an archived revision (keeping one of its files) on one in ten, and
 * favourites and visits for the account's admin and the ordinary member, and the word
 * indexes of the numbers, titles and file names (the plugin's words.ts). Inserted straight
 * in batches, a transaction per 100 projects; the rows' ids are read back once per batch.
 */
export const seedDocuments = async (knex: Knex, index: number, perProject: number, filesPerDocument: number) => {
  const started = Date.now()
  const now = new Date().toISOString()
  const today = Date.now()
  const day = 86_400_000
  const accountId = Number((await knex('accounts').where({ account_no: accountNo(index) }).first('id')).id)
  const admin = Number((await knex('users').where({ username: benchUser(index) }).first('id')).id)
  const member = Number((await knex('users').where({ username: projectsUser }).first('id')).id)
  // The documents module on for the account (the demo accounts' modules may not name it).
  if (!(await knex('account_modules').where({ account_id: accountId, module_id: 'document' }).first('account_id')))
    await knex('account_modules').insert({ account_id: accountId, module_id: 'document', enabled: true })
  else await knex('account_modules').where({ account_id: accountId, module_id: 'document' }).update({ enabled: true })
  await knex.batchInsert(
    'setup_folder_types',
    DOCUMENT_TYPES.map(([name, type_id]) => ({ account_id: accountId, name, type_id, active: true, deletable: true, global: false, created_at: now })),
    50,
  )
  const typeIds = (await knex('setup_folder_types').where({ account_id: accountId, global: false }).orderBy('id').select('id')).map((r) => Number(r.id))
  const people = (
    await knex('account_users as au').join('users as u', 'u.id', 'au.user_id').where('au.account_id', accountId).orderBy('u.id').limit(60).select('u.id')
  ).map((r) => Number(r.id))
  const projects = await knex('projects').where({ account_id: accountId }).orderBy('id').select('id', 'symbol')
  const held = new Set(
    (await knex('privileges').where({ account_id: accountId, user_id: member, resource: 'PROJECT' }).select('resource_id')).map((r) => Number(r.resource_id)),
  )
  let documents = 0
  let files = 0
  let controls = 0
  let revisions = 0
  const perBatch = 100
  for (let first = 0; first < projects.length; first += perBatch) {
    const batch = projects.slice(first, first + perBatch)
    await knex.transaction(async (trx) => {
      const folders = batch.flatMap((project, p) =>
        Array.from({ length: perProject }, (_, d) => {
          const k = (first + p) * perProject + d
          const symbol = `${project.symbol}-D${String(d + 1).padStart(3, '0')}`
          const name = `${DOCUMENT_TITLES[k % DOCUMENT_TITLES.length]} ${1 + (d % 12)}`
          const archived = k % 3 === 0
          const planned = today - 90 * day + ((k * 7919) % 180) * day
          const issued = archived && k % 2 === 0 ? planned + 3 * day : null
          const returned = issued !== null && k % 4 === 0 ? issued + 10 * day : null
          const approved = returned !== null && k % 8 === 0 ? returned + 5 * day : null
          // The member is responsible for one in ten of the documents of their projects; the admin made one in twenty.
          const responsible = held.has(Number(project.id)) && d % 10 === 0 ? member : people[k % people.length]!
          return {
            account_id: accountId,
            project_id: Number(project.id),
            folder_type_id: typeIds[k % typeIds.length],
            responsible_id: responsible,
            name,
            symbol,
            search_key: folderSearchKey(symbol, name),
            state: archived ? 'ARCHIVED' : 'IN_PROGRESS',
            revision: k % 10 === 0 ? 'B' : 'A',
            planned_issue_date: planned,
            actual_issue_date: issued,
            actual_return_date: returned,
            approved_date: approved,
            has_bom: false,
            show_components: false,
            created_at: now,
            created_by: k % 20 === 0 ? admin : people[(k + 7) % people.length],
            changed_at: now,
            changed_by: admin,
          }
        }),
      )
      await trx.batchInsert('folders', folders, 500)
      documents += folders.length
      const ids = (
        await trx('folders')
          .whereIn('project_id', batch.map((p) => Number(p.id)))
          .orderBy('id')
          .select('id', 'project_id', 'symbol', 'name', 'state', 'responsible_id', 'created_by')
      ).map((r, k) => ({
        id: Number(r.id),
        projectId: Number(r.project_id),
        symbol: r.symbol as string,
        name: r.name as string,
        archived: r.state === 'ARCHIVED',
        responsibleId: r.responsible_id === null ? null : Number(r.responsible_id),
        createdBy: Number(r.created_by),
        k: first * perProject + k,
      }))
      await trx.batchInsert(FOLDER_WORDS.table, wordRows(FOLDER_WORDS, folderWordRows(ids.map((f) => ({ ...f, accountId })))), 500)

      // One in ten has an archived revision A (it is at B), keeping the first of its files.
      const revised = ids.filter((f) => f.k % 10 === 0)
      await trx.batchInsert(
        'folder_revisions',
        revised.map((f) => ({ account_id: accountId, folder_id: f.id, revision: 'A', archived_at: now, archived_by: admin, controls: '[]' })),
        500,
      )
      revisions += revised.length
      const revisionOf = new Map(
        revised.length
          ? (await trx('folder_revisions').whereIn('folder_id', revised.map((f) => f.id)).select('id', 'folder_id')).map((r) => [Number(r.folder_id), Number(r.id)])
          : [],
      )

      // Ticks on one in four of those in progress: edited; edited and controlled; all three.
      const ticks = ids
        .filter((f) => !f.archived && f.k % 4 !== 0)
        .flatMap((f) => (['EDIT', 'CONTROL', 'APPROVE'] as const).slice(0, f.k % 4).map((role) => ({ account_id: accountId, folder_id: f.id, role, user_id: people[f.k % people.length], done_on: today - (f.k % 30) * day })))
        .filter((_, n) => n % 3 === 0)
      await trx.batchInsert('folder_controls', ticks, 500)
      controls += ticks.length

      // 0 to twice the average files a document, averaging filesPerDocument.
      const spread = 2 * filesPerDocument + 1
      const fileRows = ids.flatMap((f) =>
        Array.from({ length: (f.k * 7) % spread }, (_, n) => {
          const [ext, mime] = FILE_KINDS[(f.k + n) % FILE_KINDS.length]!
          const name = `${f.symbol} ${f.name} sheet ${n + 1}.${ext}`
          return {
            account_id: accountId,
            project_id: f.projectId,
            folder_id: f.id,
            name,
            name_key: fileNameKey(name),
            storage_key: `bench/${f.id}/${n + 1}`,
            mime,
            size: 20_000 + ((f.k * 104_729 + n * 7_919) % 20_000_000),
            file_type: 'ATTACHMENT',
            locked: false,
            created_at: now,
            created_by: people[(f.k + n) % people.length],
            revision_id: n === 0 ? (revisionOf.get(f.id) ?? null) : null,
            conversion: 'NOT_STARTED',
          }
        }),
      )
      await trx.batchInsert('folder_files', fileRows, 500)
      files += fileRows.length
      const named = await trx('folder_files').whereIn('folder_id', ids.map((f) => f.id)).select('id', 'name')
      await trx.batchInsert(FILE_WORDS.table, wordRows(FILE_WORDS, named.map((f) => ({ id: Number(f.id), accountId, text: f.name as string }))), 500)
    })
  }
  // Inserted in bulk, past the plugin: its per-project usage rows are counted once at the end.
  await recountFileUsage(knex, accountId)

  // Favourites and visits: the admin's over the account, the member's in the projects they hold.
  const adminPicks = await knex('folders').where({ account_id: accountId }).whereRaw('id % 997 = 0').orderBy('id').limit(DOCUMENT_SCALE.visits).pluck('id')
  const memberPicks = await knex('folders')
    .where({ account_id: accountId })
    .whereIn('project_id', [...held])
    .whereRaw('id % 37 = 0')
    .orderBy('id')
    .limit(DOCUMENT_SCALE.visits)
    .pluck('id')
  const marks = (user: number, picks: unknown[]) => picks.map((id, n) => ({ account_id: accountId, user_id: user, folder_id: Number(id), n }))
  const picked = [...marks(admin, adminPicks), ...marks(member, memberPicks)]
  await knex.batchInsert(
    'folder_favorites',
    picked.filter((m) => m.n < DOCUMENT_SCALE.favourites && m.n % 2 === 0).map(({ n: _n, ...m }) => ({ ...m, created_at: now })),
    500,
  )
  await knex.batchInsert(
    'folder_visits',
    picked.map(({ n, ...m }) => ({ ...m, visited_at: new Date(today - n * 60_000).toISOString() })),
    500,
  )
  return {
    accountId,
    documents,
    files,
    controls,
    revisions,
    favourites: picked.filter((m) => m.n < DOCUMENT_SCALE.favourites && m.n % 2 === 0).length,
    visits: picked.length,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  }
}

/** The checklists scale (issue 11): checklists in one project of the projects account, and items in each. */
export const CHECKLIST_SCALE = { checklists: 2_000, items: 20 } as const
const CHECKLIST_STATUSES = ['OPEN', 'IN_PROGRESS', 'COMPLETE', 'OBSOLETE'] as const

/**
 * Issue 11 "Scale": `checklists` checklists with `items` items each in one project of the
 * projects account that the ordinary member views (a grant of VIEW or above), every fifth
 * with two sub-checklists' worth of its neighbours hung under it; statuses of all four kinds,
 * a third of the items ticked, due dates a month either side of today. Inserted straight, in
 * batches. Answers the project and a checklist to read.
 */
export const seedChecklists = async (knex: Knex, index: number, checklists: number, items: number) => {
  const started = Date.now()
  const now = new Date().toISOString()
  const day = 86_400_000
  const accountId = Number((await knex('accounts').where({ account_no: accountNo(index) }).first('id')).id)
  const admin = Number((await knex('users').where({ username: benchUser(index) }).first('id')).id)
  const member = Number((await knex('users').where({ username: projectsUser }).first('id')).id)
  const viewed = await knex('privileges')
    .where({ account_id: accountId, user_id: member, resource: 'PROJECT' })
    .whereIn('action', ['VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'])
    .orderBy('resource_id')
    .first('resource_id')
  const projectId = Number(viewed.resource_id)
  const rows = Array.from({ length: checklists }, (_, n) => ({
    account_id: accountId,
    project_id: projectId,
    parent_checklist_id: null,
    title: `Checklist ${['Inspection', 'Handover', 'Safety', 'Commissioning'][n % 4]} ${n + 1}`,
    description: 'Seeded for the bench',
    status: CHECKLIST_STATUSES[n % CHECKLIST_STATUSES.length],
    sort_order: n + 1,
    created_at: now,
    created_by: admin,
    changed_at: now,
    changed_by: admin,
  }))
  await knex.batchInsert('checklists', rows, 500)
  const ids = (await knex('checklists').where({ account_id: accountId, project_id: projectId }).orderBy('id').select('id')).map((r) => Number(r.id))
  // Every fifth checklist's next two hang under it: the top level keeps three in five.
  for (let n = 0; n + 2 < ids.length; n += 5)
    await knex('checklists').whereIn('id', [ids[n + 1]!, ids[n + 2]!]).update({ parent_checklist_id: ids[n]!, sort_order: knex.raw('sort_order - ?', [n + 1]) })
  for (let first = 0; first < ids.length; first += 100) {
    const itemRows = ids.slice(first, first + 100).flatMap((checklistId, c) =>
      Array.from({ length: items }, (_, i) => {
        const k = (first + c) * items + i
        return {
          account_id: accountId,
          checklist_id: checklistId,
          name: `Item ${i + 1}`,
          sort_order: i + 1,
          done: k % 3 === 0,
          done_at: k % 3 === 0 ? now : null,
          done_by: k % 3 === 0 ? member : null,
          due_date: Date.now() + ((k % 61) - 30) * day,
          created_at: now,
          created_by: admin,
        }
      }),
    )
    await knex.batchInsert('checklist_items', itemRows, 500)
  }
  const [{ n }] = (await knex('checklists').where({ project_id: projectId }).whereNull('parent_checklist_id').count({ n: '*' })) as [{ n: number | string }]
  return { accountId, projectId, checklistId: ids[0]!, checklists: ids.length, topLevel: Number(n), items: ids.length * items, seconds: Math.round((Date.now() - started) / 100) / 10 }
}
