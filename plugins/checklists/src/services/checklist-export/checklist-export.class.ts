/**
 * A checklist as a file (issue 11: "Export of a checklist to PDF and to Excel"): its title,
 * status, description, responsible person and progress (x of y done, overdue), then its items
 * in their order (place, name, a tick when done, who ticked it and on which day, responsible
 * person, due date, an overdue mark), then its sub-checklists (title, status, progress).
 * Headers and labels are in the caller's language (./locales, English for any other); the
 * file is named after the checklist.
 *
 * Days follow the kit's rules for exports: the day an item was ticked (an instant) is the day
 * in the viewer's time zone (`timeZone` in the query, UTC without one); a due date is a
 * calendar day (kept as its midnight UTC, as the checklist screens send it) and is that day
 * wherever it is read. An item is overdue by the rule the checklist's overdue count uses
 * (not done, due before today in UTC), so the marks add up to the count above them.
 *
 * The workbook is written with exceljs's streaming writer and the PDF page by page, each sent
 * as it is written. A checklist holds at most CHECKLIST_LIMITS.items items and
 * CHECKLIST_LIMITS.children sub-checklists, so they are read at once, in two queries.
 */
import type { AppParams, Application, ExcelColumn, ExcelTexts, FileDownload, Member, PdfColumn, PdfTable } from '@app/plugin-kit'
import { calendarDay, currentUser, excelTexts, excelWorkbook, exportDay, formatMessage, knownTimeZone, pdfDownload, routeId } from '@app/plugin-kit'
import { NotFound } from '@feathersjs/errors'
import { ChecklistStore } from '../checklists/checklists.class'
import type { ChecklistItem, ChecklistStatus, ChecklistSummary } from '../checklists/checklists.schema'
import type { ChecklistExportQuery } from './checklist-export.schema'
import { byLocale } from './locales'

/** The exports' texts in one language (./locales). */
interface ChecklistExportTexts extends ExcelTexts {
  childSheet: string
  labels: Record<'status' | 'description' | 'responsible' | 'progress' | 'overdue' | 'children', string>
  statuses: Record<ChecklistStatus, string>
  /** "{done} of {total} done". */
  progress: string
  empty: string
}

const exportTexts = excelTexts<ChecklistExportTexts>(byLocale)

/** The tick of a done item. */
export const TICK = '✓'

/** The items' columns: Excel widths in characters, PDF widths in points (523 across an A4 page). */
const ITEM_COLUMNS = [
  { key: 'position', excelWidth: 6, width: 24, align: 'right' },
  { key: 'name', excelWidth: 40, width: 147 },
  { key: 'done', excelWidth: 8, width: 34, align: 'center' },
  { key: 'doneBy', excelWidth: 24, width: 74 },
  { key: 'doneAt', excelWidth: 12, width: 52, date: true },
  { key: 'responsible', excelWidth: 24, width: 74 },
  { key: 'dueDate', excelWidth: 12, width: 52, date: true },
  { key: 'overdue', excelWidth: 12, width: 66, alert: true },
] as const

/** The sub-checklists' columns. */
const CHILD_COLUMNS = [
  { key: 'position', excelWidth: 6, width: 24, align: 'right' },
  { key: 'title', excelWidth: 40, width: 255 },
  { key: 'status', excelWidth: 16, width: 80 },
  { key: 'progress', excelWidth: 20, width: 100 },
  { key: 'overdue', excelWidth: 12, width: 64, align: 'right' },
] as const

/** A file name from the checklist's title, as the other exports make theirs: no character a file system refuses, at most 150 before the extension. */
export const exportFileName = (title: string, extension: string) => `${title.trim().replace(/[\\/:*?"<>|]+/g, '_').slice(0, 150).trim() || 'checklist'}.${extension}`

const nameOf = (person: { firstName: string; lastName: string } | null) => (person ? `${person.firstName} ${person.lastName}`.trim() : '')

/** The start of today (UTC), epoch ms: the rule of the checklist's overdue count. */
const startOfToday = () => {
  const now = new Date()
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
}

/** A due date (its day's midnight UTC) as the bare day it stands for: the same day in any time zone. */
const dueDay = (due: number | null) => (due === null ? null : new Date(due).toISOString().slice(0, 10))

const pad = (n: number) => String(n).padStart(2, '0')
/** Spec part1 §1: dates in exports read DD.MM.YYYY. */
const dayText = (value: string | null, timeZone: string) => {
  const day = calendarDay(value, timeZone)
  return day ? `${pad(day.day)}.${pad(day.month)}.${day.year}` : ''
}

interface ExportContent {
  checklist: ChecklistSummary
  items: ChecklistItem[]
  children: ChecklistSummary[]
  timeZone: string
  texts: ChecklistExportTexts
}

/** GET /checklists/{id}/export.xlsx and …/export.pdf. */
export class ChecklistExportService {
  private readonly store: ChecklistStore

  constructor(app: Application) {
    this.store = new ChecklistStore(app)
  }

  /** The checklist the path names, of the caller's account and the project the scope found; its items and sub-checklists in order. */
  private async content(params: AppParams<ChecklistExportQuery>): Promise<ExportContent> {
    const accountId = params.tenant?.accountId ?? params.user?.accountId
    const projectId = params.project?.id
    if (accountId === undefined || projectId === undefined) throw new NotFound('No such project')
    const row = await this.store.row(routeId(params, 'checklistId'), accountId, projectId)
    const knex = this.store.knex
    const order = [{ column: 'sort_order' }, { column: 'id' }]
    const [items, children] = await Promise.all([
      knex('checklist_items').where({ checklist_id: row.id }).orderBy(order),
      knex('checklists').where({ account_id: accountId, parent_checklist_id: row.id }).orderBy(order),
    ])
    const members: ReadonlyMap<number, Member> = await this.store.members(accountId, [
      row.responsible_user_id,
      ...items.flatMap((item: Record<string, unknown>) => [item.done_by, item.responsible_user_id]),
    ])
    const [checklist, ...childSummaries] = await this.store.summaries([row, ...children], accountId, members)
    return {
      checklist: checklist!,
      items: items.map((item: Record<string, unknown>) => this.store.item(item, members)),
      children: childSummaries,
      timeZone: knownTimeZone(params.query?.timeZone),
      texts: exportTexts(currentUser(params).language),
    }
  }

  private facts({ checklist, texts }: ExportContent): [string, string][] {
    return [
      [texts.labels.status, texts.statuses[checklist.status] ?? checklist.status],
      [texts.labels.description, checklist.description],
      [texts.labels.responsible, nameOf(checklist.responsibleUser)],
      [texts.labels.progress, formatMessage(texts.progress, { done: checklist.doneCount, total: checklist.itemCount })],
      [texts.labels.overdue, String(checklist.overdueCount)],
    ]
  }

  /** GET /checklists/{id}/export.xlsx: the checklist on its first sheet, its sub-checklists on a second. */
  async excel(params: AppParams<ChecklistExportQuery>): Promise<FileDownload> {
    const content = await this.content(params)
    const { checklist, texts, timeZone } = content
    const today = startOfToday()
    const columnsOf = (columns: readonly { key: string; excelWidth: number; date?: boolean; alert?: boolean }[]): ExcelColumn[] =>
      columns.map((c) => ({ key: c.key, header: texts.columns[c.key] ?? c.key, width: c.excelWidth, date: c.date, alert: c.alert }))
    return excelWorkbook(exportFileName(checklist.title, 'xlsx'), [
      {
        name: texts.sheet,
        heading: [checklist.title],
        facts: this.facts(content),
        columns: columnsOf(ITEM_COLUMNS),
        rows: content.items.map((item) => ({
          position: item.sortOrder,
          name: item.name,
          // An empty cell for what an item has not: no tick, nobody, no day.
          done: item.done ? TICK : null,
          doneBy: nameOf(item.doneBy) || null,
          doneAt: exportDay(item.doneAt, timeZone),
          responsible: nameOf(item.responsibleUser) || null,
          dueDate: exportDay(dueDay(item.dueDate), timeZone),
          overdue: !item.done && item.dueDate !== null && item.dueDate < today ? texts.labels.overdue : null,
        })),
      },
      {
        name: texts.childSheet,
        columns: columnsOf(CHILD_COLUMNS),
        rows: content.children.map((child) => ({
          position: child.sortOrder,
          title: child.title,
          status: texts.statuses[child.status] ?? child.status,
          progress: formatMessage(texts.progress, { done: child.doneCount, total: child.itemCount }),
          overdue: child.overdueCount,
        })),
      },
    ])
  }

  /** GET /checklists/{id}/export.pdf */
  async pdf(params: AppParams<ChecklistExportQuery>): Promise<FileDownload> {
    const content = await this.content(params)
    const { checklist, texts, timeZone } = content
    const today = startOfToday()
    const columnsOf = (columns: readonly { key: string; width: number; align?: PdfColumn['align']; alert?: boolean }[]): PdfColumn[] =>
      columns.map((c) => ({ key: c.key, width: c.width, align: c.align, alert: c.alert, header: texts.columns[c.key] ?? c.key }))
    const tables: PdfTable[] = [
      {
        columns: columnsOf(ITEM_COLUMNS),
        empty: texts.empty,
        rows: content.items.map((item) => ({
          position: String(item.sortOrder),
          name: item.name,
          done: item.done ? TICK : '',
          doneBy: nameOf(item.doneBy),
          doneAt: dayText(item.doneAt, timeZone),
          responsible: nameOf(item.responsibleUser),
          dueDate: dayText(dueDay(item.dueDate), timeZone),
          overdue: !item.done && item.dueDate !== null && item.dueDate < today ? texts.labels.overdue : '',
        })),
      },
    ]
    if (content.children.length)
      tables.push({
        heading: texts.labels.children,
        columns: columnsOf(CHILD_COLUMNS),
        rows: content.children.map((child) => ({
          position: String(child.sortOrder),
          title: child.title,
          status: texts.statuses[child.status] ?? child.status,
          progress: formatMessage(texts.progress, { done: child.doneCount, total: child.itemCount }),
          overdue: String(child.overdueCount),
        })),
      })
    return pdfDownload({ fileName: exportFileName(checklist.title, 'pdf'), heading: [checklist.title], facts: this.facts(content), tables })
  }
}
