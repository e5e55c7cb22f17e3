/**
 * A document's material list: its lines listed in their order, read, added (last),
 * changed and deleted under the document's project (VIEW to read, EDIT to change: the
 * scope has checked it and found the document in the caller's account). A line of another
 * document, or none, is 404; an archived document keeps its list as it is (409). Each
 * change is written with its change-log entry. The whole list also comes as an Excel
 * workbook or a PDF (DOWNLOAD), streamed in batches, headed by the document's number and
 * title, its column headers in the caller's language.
 */
import type { AppParams, Application, PdfColumn } from '@app/plugin-kit'
import { currentUser, excelDownload, excelTexts, nowIso, pdfDownload, validationError } from '@app/plugin-kit'
import { MESSAGES } from '@app/plugin-kit/shared'
import type { Knex } from 'knex'
import { DocumentRows } from '../../document-rows'
import { recordFolderEvent } from '../../events'
import { peopleOf } from '../../people'
import type { FolderEventType } from '../control/control.schema'
import { MATERIAL_LINE_LIMITS, MATERIAL_LINE_MESSAGES, MATERIAL_LINE_TEXTS, type MaterialLine, type MaterialLineData } from './material-lines.schema'
import { byLocale } from './locales'


/** Column of each text field. */
const COLUMNS: Record<(typeof MATERIAL_LINE_TEXTS)[number], string> = {
  item: 'item',
  partNumber: 'part_number',
  number: 'number',
  description: 'description',
  material: 'material',
  unit: 'unit',
  notes: 'notes',
}

/** A decimal kept with three places, as the column keeps it (so both databases store the same). */
const rounded = (value: number) => {
  const scale = 10 ** MATERIAL_LINE_LIMITS.decimals
  return Math.round(value * scale) / scale
}

const decimalOf = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A body as columns: texts trimmed (a blank one is none), a blank name refused, decimals rounded to three places. */
const columnsOf = (data: MaterialLineData) => {
  const name = data.name.trim()
  if (!name) throw validationError({ name: MESSAGES.required })
  const columns: Record<string, string | number | null> = {
    level: data.level ?? 0,
    quantity: rounded(data.quantity ?? 1),
    name,
    weight: data.weight === undefined || data.weight === null ? null : rounded(data.weight),
  }
  for (const field of MATERIAL_LINE_TEXTS) columns[COLUMNS[field]] = data[field]?.trim() || null
  return columns
}

/** Whether every column the body sets holds that value already. */
const sameAs = (row: Record<string, any>, columns: Record<string, string | number | null>) =>
  Object.entries(columns).every(([column, value]) =>
    column === 'quantity' || column === 'weight' || column === 'level' ? decimalOf(row[column]) === value : (row[column] ?? null) === value,
  )

/** The export's sheet name, column headers and empty-list line in the caller's language (./locales, English for others). */
const exportTexts = excelTexts(byLocale)

interface ExportColumn {
  key: string
  /** Characters. */
  excelWidth: number
  /** Points (770 across an A4 page, landscape). */
  width: number
  align?: 'right'
  /** A number written in the reader's language (decimal comma in Finnish), up to three decimals. */
  decimal?: boolean
  /** The name column: indented by the line's level, as an assembly reads. */
  indentByLevel?: boolean
}

/** The list's columns in both exports, in the spec's order. */
const EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'level', excelWidth: 7, width: 44, align: 'right' },
  { key: 'item', excelWidth: 8, width: 40 },
  { key: 'quantity', excelWidth: 10, width: 50, align: 'right', decimal: true },
  { key: 'partNumber', excelWidth: 18, width: 72 },
  { key: 'number', excelWidth: 14, width: 60 },
  { key: 'name', excelWidth: 32, width: 110, indentByLevel: true },
  { key: 'description', excelWidth: 40, width: 130 },
  { key: 'material', excelWidth: 16, width: 66 },
  { key: 'unit', excelWidth: 8, width: 56 },
  { key: 'weight', excelWidth: 12, width: 52, align: 'right', decimal: true },
  { key: 'notes', excelWidth: 32, width: 90 },
]

/** How numbers are written for each interface language. */
const NUMBER_LOCALES: Record<string, string> = { ENGLISH: 'en-GB', FINNISH: 'fi-FI', NORWEGIAN: 'nb-NO', POLISH: 'pl-PL', SWEDISH: 'sv-SE' }
/** An assembly's name is indented this many points a level, up to the eighth. */
const INDENT = 4
const MAX_INDENT_LEVELS = 8

/** Lines read per query while an export streams. */
const EXPORT_BATCH = 500

/**
 * A file name from the document's number (its title when it has none): none of the characters
 * a file system refuses (numbers and titles hold no control characters: their schemas refuse them).
 */
export const exportFileName = (folder: { symbol: string | null; name: string }, title: string, extension: string) => {
  const base = `${(folder.symbol?.trim() || folder.name).replace(/[\\/:*?"<>|]+/g, '_').slice(0, 150)} ${title}`.trim()
  return `${base}.${extension}`
}

export class MaterialLinesService {
  private readonly knex: Knex

  private readonly rows: DocumentRows

  constructor(private readonly app: Application) {
    this.knex = app.get('knex')
    this.rows = new DocumentRows(this.knex, 'folder_material_lines', MATERIAL_LINE_MESSAGES.archived)
  }




  private async present(rows: Record<string, any>[], accountId: number): Promise<MaterialLine[]> {
    const person = await peopleOf(this.app, accountId, rows.flatMap((r) => [r.created_by, r.changed_by]))
    return rows.map((row) => ({
      id: Number(row.id),
      folderId: Number(row.folder_id),
      position: Number(row.position),
      level: Number(row.level),
      item: row.item,
      quantity: Number(row.quantity),
      partNumber: row.part_number,
      number: row.number,
      name: row.name,
      description: row.description,
      material: row.material,
      unit: row.unit,
      weight: decimalOf(row.weight),
      notes: row.notes,
      createdAt: row.created_at,
      createdBy: person(row.created_by),
      changedAt: row.changed_at,
      changedBy: person(row.changed_by),
    }))
  }

  private async shown(id: number, accountId: number) {
    const row = await this.knex('folder_material_lines').where({ id }).first()
    return (await this.present([row], accountId))[0]!
  }

  /** GET /folders/{folderId}/material-lines: a page of the document's lines, in their order. */
  async find(params: AppParams) {
    const folder = await this.rows.folder(params)
    const { total, limit, skip, rows } = await this.rows.page(folder, params, (query) => query.orderBy([{ column: 'position' }, { column: 'id' }]))
    return { total, limit, skip, data: await this.present(rows, Number(folder.account_id)) }
  }

  async get(id: unknown, params: AppParams): Promise<MaterialLine> {
    const folder = await this.rows.folder(params)
    const row = await this.rows.row(id, folder)
    return (await this.present([row], Number(folder.account_id)))[0]!
  }

  /** POST: a new line, after the last one. */
  async create(data: MaterialLineData, params: AppParams): Promise<MaterialLine> {
    const folder = await this.rows.changeableFolder(params)
    const columns = columnsOf(data)
    const caller = currentUser(params)
    const at = nowIso()
    const id = await this.knex.transaction(async (trx) => {
      const [last] = await trx('folder_material_lines').where({ folder_id: folder.id }).max({ position: 'position' })
      const position = last?.position === null || last?.position === undefined ? 1 : Number(last.position) + 1
      const [inserted] = await trx('folder_material_lines').insert(
        {
          account_id: folder.account_id,
          folder_id: folder.id,
          project_id: folder.project_id,
          position,
          ...columns,
          created_at: at,
          created_by: caller.id,
          changed_at: at,
          changed_by: caller.id,
        },
        ['id'],
      )
      await this.changed(trx, folder, caller.id, 'materialLineAdded', String(columns.name))
      return Number(typeof inserted === 'object' ? inserted.id : inserted)
    })
    // After the commit: SQLite's one connection is the transaction's until then.
    return this.shown(id, Number(folder.account_id))
  }

  /** PUT /folders/{folderId}/material-lines/{lineId}: the whole line again, in its place; the same values change nothing. */
  async update(id: unknown, data: MaterialLineData, params: AppParams): Promise<MaterialLine> {
    const folder = await this.rows.changeableFolder(params)
    const row = await this.rows.row(id, folder)
    const columns = columnsOf(data)
    if (sameAs(row, columns)) params.unchanged = true
    else {
      const caller = currentUser(params)
      await this.knex.transaction(async (trx) => {
        await trx('folder_material_lines')
          .where({ id: row.id })
          .update({ ...columns, changed_at: nowIso(), changed_by: caller.id })
        const subject = columns.name === row.name ? row.name : `${row.name} → ${columns.name}`
        await this.changed(trx, folder, caller.id, 'materialLineSaved', subject)
      })
    }
    return this.shown(Number(row.id), Number(folder.account_id))
  }

  async remove(id: unknown, params: AppParams): Promise<MaterialLine> {
    const folder = await this.rows.changeableFolder(params)
    const row = await this.rows.row(id, folder)
    const [shown] = await this.present([row], Number(folder.account_id))
    await this.knex.transaction(async (trx) => {
      await trx('folder_material_lines').where({ id: row.id }).delete()
      await this.changed(trx, folder, currentUser(params).id, 'materialLineDeleted', row.name)
    })
    return shown!
  }

  /** Marks the document changed and logs the change, in the change's transaction. */
  private async changed(trx: Knex, folder: Record<string, any>, userId: number, type: FolderEventType, subject: string) {
    await trx('folders').where({ id: folder.id }).update({ changed_at: nowIso(), changed_by: userId })
    await recordFolderEvent(trx, { accountId: Number(folder.account_id), folderId: Number(folder.id), userId, type, subject })
  }

  /** The document's lines in their order, as the exports write them, EXPORT_BATCH at a time (each batch after the last one's place). */
  private async *exportRows(folder: Record<string, any>): AsyncGenerator<Record<string, unknown>> {
    let after: { position: number; id: number } | undefined
    for (;;) {
      const batch = this.knex('folder_material_lines')
        .where({ folder_id: folder.id, account_id: folder.account_id })
        .orderBy([{ column: 'position' }, { column: 'id' }])
        .limit(EXPORT_BATCH)
      if (after) {
        const { position, id } = after
        batch.where((q) => q.where('position', '>', position).orWhere((same) => same.where('position', position).where('id', '>', id)))
      }
      const rows: Record<string, any>[] = await batch.select('id', 'position', 'level', 'item', 'quantity', 'part_number', 'number', 'name', 'description', 'material', 'unit', 'weight', 'notes')
      for (const row of rows)
        yield {
          level: Number(row.level),
          item: row.item,
          quantity: Number(row.quantity),
          partNumber: row.part_number,
          number: row.number,
          name: row.name,
          description: row.description,
          material: row.material,
          unit: row.unit,
          weight: decimalOf(row.weight),
          notes: row.notes,
        }
      if (rows.length < EXPORT_BATCH) return
      const last = rows[rows.length - 1]!
      after = { position: Number(last.position), id: Number(last.id) }
    }
  }

  /** The heading of both exports: the document's number and title, then the list's name. */
  private headingOf(folder: Record<string, any>, title: string) {
    return [[folder.symbol, folder.name].filter((part) => typeof part === 'string' && part.trim()).join(' '), title]
  }

  /** GET /folders/{folderId}/material-lines/export.xlsx */
  async excel(params: AppParams) {
    const folder = await this.rows.folder(params)
    const texts = exportTexts(currentUser(params).language)
    const columns = EXPORT_COLUMNS.map((c) => ({ key: c.key, width: c.excelWidth, header: texts.columns[c.key] ?? c.key }))
    return excelDownload(exportFileName(folder, texts.sheet, 'xlsx'), texts.sheet, columns, this.exportRows(folder), { heading: this.headingOf(folder, texts.sheet) })
  }

  /** GET /folders/{folderId}/material-lines/export.pdf */
  async pdf(params: AppParams) {
    const folder = await this.rows.folder(params)
    const language = currentUser(params).language
    const texts = exportTexts(language)
    const numbers = new Intl.NumberFormat(NUMBER_LOCALES[language] ?? 'en-GB', { maximumFractionDigits: 3 })
    const columns: PdfColumn[] = EXPORT_COLUMNS.map((c) => ({
      key: c.key,
      header: texts.columns[c.key] ?? c.key,
      width: c.width,
      align: c.align,
      text: c.decimal ? (value) => (typeof value === 'number' ? numbers.format(value) : String(value ?? '')) : undefined,
      indent: c.indentByLevel ? (row) => Math.min(Number(row.level) || 0, MAX_INDENT_LEVELS) * INDENT : undefined,
    }))
    return pdfDownload({
      fileName: exportFileName(folder, texts.sheet, 'pdf'),
      landscape: true,
      heading: this.headingOf(folder, texts.sheet),
      tables: [{ columns, rows: this.exportRows(folder), empty: texts.empty }],
    })
  }
}
