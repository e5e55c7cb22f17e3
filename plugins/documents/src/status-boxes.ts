/**
 * The project dashboard's document status boxes (spec part2 §2 "Dashboard status boxes"),
 * through the kit's `projectStatusBoxes`: the projects plugin's GET /dashboard?projectId=
 * asks once its project scope has checked VIEW on the project, and VIEW shows every
 * document of a project, so the project's boxes count them all. Counted in SQL: one
 * aggregate pass over the project's documents (each with its three control ticks, a
 * unique-index lookup each) and one statement for the caller's own marks.
 *
 * The spec names the boxes only; what each counts (a decision):
 * - totalDocuments: every document; inProgress and archived: by state (they add up to it).
 * - forControl: in progress, "edited" ticked, "controlled" not yet; forApproval: in
 *   progress, "controlled" ticked, "approved by" not yet (part1 §3-§4's control process).
 * - overdue: not issued (no actual issue date) and its planned issue day is over.
 * - plannedNextWeek, planned10Days, planned30Days, planned60Days (part1 §9's windows): not
 *   issued, planned for today or one of the next 7, 10, 30 or 60 days (each window holds
 *   the shorter ones; an overdue document is in none).
 * - readyToBeSent: archived (its revision passed edited, controlled and approved) and not issued.
 * - sentToCustomer: issued, neither returned (actual return date) nor approved (approved
 *   date) yet; returnedWithComments: returned, not approved; approvedByCustomer: approved.
 * - Personal: favourite (the caller's marks), recent (the project's documents the caller
 *   opened, at most the Recent tab's RECENT_DOCUMENTS_MAX, so the figure is that tab's total
 *   for the project) and checkedOut (the project's files the caller holds checked out: a
 *   file, not a document, is what is checked out).
 *
 * Days are kept as the epoch milliseconds of the local midnight they begin at (the
 * browser's, whichever zone it is in), so the windows are reckoned from now: a day is over
 * once 24 hours have passed since it began, and is within N days while it begins no later
 * than N × 24 hours from now. No zone is assumed, and no date function of either database.
 */
import type { AppParams, Application, ProjectStatusBoxes } from '@app/plugin-kit'
import { currentUser, moduleEnabled } from '@app/plugin-kit'
import type { PERSONAL_BOXES, STATUS_BOXES } from '@app/plugin-projects/shared'
import type { Knex } from 'knex'
import { RECENT_DOCUMENTS_MAX } from './services/documents/documents.schema'

export const DAY_MS = 24 * 60 * 60 * 1000

/** The planned-issue windows in days, by box. */
export const PLANNED_WINDOWS = { plannedNextWeek: 7, planned10Days: 10, planned30Days: 30, planned60Days: 60 } as const

type Box = (typeof STATUS_BOXES)[number] | (typeof PERSONAL_BOXES)[number]

/** Each project box as a condition on one document (`f`, and its ticks `edited`, `controlled`, `approved`), with its bindings. */
const projectBoxes = (now: number): [Box, string, Knex.Value[]][] => {
  const notIssued = 'f.actual_issue_date is null'
  const plannedWithin = (days: number): [string, Knex.Value[]] => [
    `${notIssued} and f.planned_issue_date > ? and f.planned_issue_date <= ?`,
    [now - DAY_MS, now + days * DAY_MS],
  ]
  return [
    ['inProgress', 'f.state = ?', ['IN_PROGRESS']],
    ['forControl', 'f.state = ? and edited.id is not null and controlled.id is null', ['IN_PROGRESS']],
    ['forApproval', 'f.state = ? and controlled.id is not null and approved.id is null', ['IN_PROGRESS']],
    ['archived', 'f.state = ?', ['ARCHIVED']],
    ['overdue', `${notIssued} and f.planned_issue_date <= ?`, [now - DAY_MS]],
    ...Object.entries(PLANNED_WINDOWS).map(([box, days]): [Box, string, Knex.Value[]] => [box as Box, ...plannedWithin(days)]),
    ['readyToBeSent', `f.state = ? and ${notIssued}`, ['ARCHIVED']],
    ['sentToCustomer', 'f.actual_issue_date is not null and f.actual_return_date is null and f.approved_date is null', []],
    ['returnedWithComments', 'f.actual_return_date is not null and f.approved_date is null', []],
    ['approvedByCustomer', 'f.approved_date is not null', []],
  ]
}

/** The boxes of one project, in one aggregate query over its documents. */
const countProject = async (knex: Knex, accountId: number, projectId: number, now: number): Promise<Partial<Record<Box, number>>> => {
  const boxes = projectBoxes(now)
  const tick = (alias: string, role: string) => (on: Knex.JoinClause) => on.on(`${alias}.folder_id`, '=', 'f.id').andOnVal(`${alias}.role`, '=', role)
  const row: Record<string, unknown> | undefined = await knex('folders as f')
    // At most one tick of each role per document (unique on folder and role): no row doubles.
    .leftJoin('folder_controls as edited', tick('edited', 'EDIT'))
    .leftJoin('folder_controls as controlled', tick('controlled', 'CONTROL'))
    .leftJoin('folder_controls as approved', tick('approved', 'APPROVE'))
    .where({ 'f.account_id': accountId, 'f.project_id': projectId })
    .first(
      knex.raw(
        ['count(*) as ??', ...boxes.map(([, condition]) => `sum(case when ${condition} then 1 else 0 end) as ??`)].join(', '),
        ['totalDocuments', ...boxes.flatMap(([box, , bindings]) => [...bindings, box])],
      ),
    )
  // MySQL sums are decimals (strings), and null over no rows.
  return Object.fromEntries(['totalDocuments', ...boxes.map(([box]) => box)].map((box) => [box, Number(row?.[box] ?? 0)]))
}

/** The caller's own boxes in the project: their favourite marks, the documents they opened and the files they hold checked out, in one statement. */
const countPersonal = async (knex: Knex, accountId: number, userId: number, projectId: number): Promise<Partial<Record<Box, number>>> => {
  const marks = (table: 'folder_favorites' | 'folder_visits') =>
    knex(`${table} as mark`)
      .join('folders as f', 'f.id', 'mark.folder_id')
      .where({ 'mark.user_id': userId, 'mark.account_id': accountId, 'f.project_id': projectId })
      .count('*')
  const checkedOut = knex('folder_files as ff').where({ 'ff.locked': true, 'ff.locked_by': userId, 'ff.account_id': accountId, 'ff.project_id': projectId }).count('*')
  const [row] = await knex.select({ favourite: marks('folder_favorites'), recent: marks('folder_visits'), checkedOut })
  return {
    favourite: Number(row?.favourite ?? 0),
    recent: Math.min(Number(row?.recent ?? 0), RECENT_DOCUMENTS_MAX),
    checkedOut: Number(row?.checkedOut ?? 0),
  }
}

export const documentStatusBoxes: ProjectStatusBoxes = {
  async boxes(app: Application, params: AppParams, projectId: number) {
    // An account with the documents module off has no document figures: the boxes keep their empty state.
    if (params.user && !moduleEnabled(params.user, 'document')) return {}
    const knex = app.get('knex')
    const accountId = params.tenant?.accountId ?? currentUser(params).accountId
    const [project, personal] = await Promise.all([
      countProject(knex, accountId, projectId, Date.now()),
      params.user ? countPersonal(knex, accountId, params.user.id, projectId) : {},
    ])
    return { ...project, ...personal }
  },
}
