/**
 * Excel exports that stream: rows are read from the database in batches and written
 * to the answer as they come, so memory does not grow with the number of rows. Sheet
 * names and headers follow the caller's language.
 */
import { PassThrough } from 'node:stream'
import type { Knex } from 'knex'
import type { Locale } from './define-plugin'
import { FileDownload, drained } from './files'
import { type Language, calendarDay } from './shared'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface ExcelColumn {
  header: string
  key: string
  width?: number
  /** Holds days (`exportDay`): real date cells written DD.MM.YYYY, so a spreadsheet sorts them as dates. */
  date?: boolean
  /** Bold red where the row's value is not empty (an overdue mark). */
  alert?: boolean
}

/** Spec part1 §1: dates in exports read DD.MM.YYYY. */
export const EXPORT_DATE_FORMAT = 'dd.mm.yyyy'

/**
 * A stored date as the cell of a `date` column: the day of `calendarDay` in the caller's
 * time zone, at UTC midnight because Excel's date serials know no zone. Null leaves the cell empty.
 */
export const exportDay = (value: string | null | undefined, timeZone: string): Date | null => {
  const day = calendarDay(value, timeZone)
  return day ? new Date(Date.UTC(day.year, day.month - 1, day.day)) : null
}

/** An export's texts in one language: the sheet's name and each column's header by its key. */
export interface ExcelTexts {
  sheet: string
  columns: Record<string, string>
}

/** A user's language (users.language) and the interface locale its texts are in. */
const LOCALE_OF: Record<Language, Locale> = {
  ENGLISH: 'en-GB',
  FINNISH: 'fi-FI',
  NORWEGIAN: 'no-NO',
  POLISH: 'pl-PL',
  SWEDISH: 'se-SE',
}

/**
 * An export's texts in a user's language, English for any other: `byLocale` is a plugin's
 * `locales/` folder beside the export (en-GB.json and the four others, checked by
 * `npm run i18n:check`), imported by its index.ts.
 */
export const excelTexts =
  <T extends ExcelTexts>(byLocale: Record<Locale, T>) =>
  (language: string | undefined): Omit<T, 'columns'> & ExcelTexts =>
    byLocale[LOCALE_OF[language as Language]] ?? byLocale['en-GB']

/** The columns of an export with their headers in `texts` (the key where a text is missing). */
export const withHeaders = (columns: Omit<ExcelColumn, 'header'>[], texts: ExcelTexts): ExcelColumn[] =>
  columns.map((column) => ({ ...column, header: texts.columns[column.key] ?? column.key }))

/** exceljs (about 13 MB of memory once loaded) is loaded by the first export, not at start. */
let excel: Promise<typeof import('exceljs')> | undefined
const loadExcel = () => {
  excel ??= import('exceljs').then((module) => ((module as { default?: typeof import('exceljs') }).default ?? module) as typeof import('exceljs'))
  return excel
}

export interface ExcelOptions {
  /** Lines above the table (a document's number and title), the first one larger; a blank row parts them from the headers. */
  heading?: string[]
  /** Label and value, a row each under the heading. */
  facts?: [string, string][]
}

export interface ExcelSheet extends ExcelOptions {
  name: string
  columns: ExcelColumn[]
  rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>
}

const ALERT_FONT = { bold: true, color: { argb: 'FFB00020' } }

/** A workbook of one sheet a table, each written as its rows are read and sent as it is written. */
export const excelWorkbook = async (fileName: string, sheets: ExcelSheet[]) => {
  const ExcelJS = await loadExcel()
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const writeSheet = async ({ name, columns, rows, heading = [], facts = [] }: ExcelSheet) => {
    const worksheet = workbook.addWorksheet(name)
    const above = heading.length + facts.length > 0
    // Wide enough for the header in any language; with lines above, the headers are a row of their own below them.
    worksheet.columns = columns.map((c) => ({
      ...(above ? {} : { header: c.header }),
      key: c.key,
      width: Math.max(c.width ?? 12, c.header.length + 2),
      ...(c.date && { style: { numFmt: EXPORT_DATE_FORMAT } }),
    }))
    for (const [index, line] of heading.entries()) {
      const row = worksheet.addRow([line])
      row.font = { bold: true, size: index === 0 ? 14 : 11 }
      row.commit()
    }
    for (const [label, value] of facts) {
      const row = worksheet.addRow([label, value || null])
      row.getCell(1).font = { bold: true }
      row.commit()
    }
    if (above) worksheet.addRow([]).commit()
    const headers = above ? worksheet.addRow(columns.map((c) => c.header)) : worksheet.getRow(1)
    headers.font = { bold: true }
    headers.commit()
    const alerts = columns.filter((c) => c.alert)
    for await (const values of rows) {
      // The client left: nothing more is read.
      if (out.destroyed) return
      const row = worksheet.addRow(values)
      for (const column of alerts) if (values[column.key] !== null && values[column.key] !== undefined && values[column.key] !== '') row.getCell(column.key).font = ALERT_FONT
      row.commit()
      // Let the answer drain before reading more, so a slow client does not make rows pile up here.
      if (out.writableNeedDrain) await drained(out)
    }
    worksheet.commit()
  }
  const write = async () => {
    for (const sheet of sheets) await writeSheet(sheet)
    await workbook.commit()
  }
  write().catch((error) => out.destroy(error))
  return new FileDownload(out, fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`, XLSX_TYPE)
}

/** A workbook of one sheet. */
export const excelDownload = (fileName: string, sheet: string, columns: ExcelColumn[], rows: AsyncIterable<Record<string, unknown>>, options: ExcelOptions = {}) =>
  excelWorkbook(fileName, [{ name: sheet, columns, rows, ...options }])

/**
 * A big table in `column` order, `size` rows at a time, each batch starting after the
 * last key of the one before (no OFFSET, so every batch is an index range).
 */
export async function* keysetBatches<T extends Record<string, any>>(
  query: () => Knex.QueryBuilder,
  options: { size?: number; column?: string; key?: string } = {},
): AsyncGenerator<T> {
  const size = options.size ?? 1000
  const column = options.column ?? 'id'
  const key = options.key ?? column.split('.').pop()!
  let last: unknown
  for (;;) {
    const batch = query().orderBy(column).limit(size)
    if (last !== undefined) batch.where(column, '>', last as Knex.Value)
    const rows = (await batch) as T[]
    for (const row of rows) yield row
    if (rows.length < size) return
    last = rows[rows.length - 1]![key]
  }
}
