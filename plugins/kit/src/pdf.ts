/**
 * PDF answers (pdfkit): a heading, "label: value" facts, then tables whose header row comes
 * again on every page. Written as the rows are read and sent as it is written: each finished
 * page leaves at once, and writing waits while the answer drains. The text is set in DejaVu
 * Sans, embedded (only the glyphs used), so every language's letters print (Polish ł,
 * Norwegian ø, the tick ✓: the PDF's standard fonts have none of them). pdfkit and the fonts
 * are loaded by the first PDF, not at start.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PassThrough } from 'node:stream'
import { FileDownload, drained } from './files'

const PDF_TYPE = 'application/pdf'

type PdfRow = Record<string, unknown>

export interface PdfColumn {
  key: string
  header: string
  /** Points; a table's columns add up to the page's width inside its margins (A4: 523 portrait, 770 landscape). */
  width: number
  align?: 'left' | 'right' | 'center'
  /** Drawn in red where the row's text is not empty (an overdue mark). */
  alert?: boolean
  /** The cell's text; by default the value as it is, and nothing for none. */
  text?: (value: unknown) => string
  /** Points the row's cell is indented by (an assembly's level). */
  indent?: (row: PdfRow) => number
}

export interface PdfTable {
  /** Printed above the table, kept with its first rows. */
  heading?: string
  columns: PdfColumn[]
  rows: Iterable<PdfRow> | AsyncIterable<PdfRow>
  /** Printed instead of the table's body when it has no rows. */
  empty?: string
}

export interface PdfContent {
  fileName: string
  landscape?: boolean
  /** Lines at the top, the first large; together the PDF's title. */
  heading: string[]
  /** Label and value, a line each under the heading. */
  facts?: [string, string][]
  tables: PdfTable[]
}

const MARGIN = 36
const FONT_SIZE = 8
const PADDING = 2
/** Before the next column's text, after a number set to the right. */
const NUMBER_GAP = 6
const ALERT = '#b00020'

const require = createRequire(import.meta.url)
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined
const loadFonts = () => {
  fonts ??= Promise.all([readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  )
  return fonts
}
let pdfkit: Promise<typeof import('pdfkit')> | undefined
const loadPdfKit = () => {
  pdfkit ??= import('pdfkit').then((module) => ((module as { default?: typeof import('pdfkit') }).default ?? module) as typeof import('pdfkit'))
  return pdfkit
}

const textOf = (column: PdfColumn, row: PdfRow) => {
  const value = row[column.key]
  if (column.text) return column.text(value)
  return value === null || value === undefined ? '' : String(value)
}

export const pdfDownload = async (pdf: PdfContent): Promise<FileDownload> => {
  const [PDFDocument, { regular, bold }] = await Promise.all([loadPdfKit(), loadFonts()])
  const doc = new PDFDocument({ size: 'A4', layout: pdf.landscape ? 'landscape' : 'portrait', margin: MARGIN, info: { Title: pdf.heading.join(' – ') } })
  doc.registerFont('regular', regular)
  doc.registerFont('bold', bold)
  const out = new PassThrough()
  doc.pipe(out)

  const left = doc.page.margins.left
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right
  const bottom = () => doc.page.height - doc.page.margins.bottom
  let y = doc.page.margins.top

  const newPage = () => {
    doc.addPage()
    y = doc.page.margins.top
  }
  const cellOptions = (column: PdfColumn, indent: number) => ({
    width: column.width - 2 * PADDING - indent - (column.align === 'right' ? NUMBER_GAP : 0),
    align: column.align ?? 'left',
  })
  /** One row of cells at y: as tall as its tallest cell; a rule under it. */
  const rowOf = (columns: PdfColumn[], texts: string[], indents: number[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(FONT_SIZE)
    const height = Math.max(...columns.map((column, i) => doc.heightOfString(texts[i] || ' ', cellOptions(column, indents[i]!)))) + 2 * PADDING
    const tableWidth = columns.reduce((sum, column) => sum + column.width, 0)
    return {
      height,
      draw: () => {
        doc.font(font).fontSize(FONT_SIZE)
        let x = left
        columns.forEach((column, i) => {
          if (texts[i]) doc.fillColor(column.alert && font === 'regular' ? ALERT : '#000000').text(texts[i]!, x + PADDING + indents[i]!, y + PADDING, cellOptions(column, indents[i]!))
          x += column.width
        })
        doc.fillColor('#000000')
        y += height
        doc
          .moveTo(left, y)
          .lineTo(left + tableWidth, y)
          .lineWidth(font === 'bold' ? 0.8 : 0.3)
          .strokeColor(font === 'bold' ? '#333333' : '#bbbbbb')
          .stroke()
      },
    }
  }
  /** A line of text across the page, on the next page when it does not fit. */
  const line = (text: string, font: 'regular' | 'bold', size: number, gapAfter: number) => {
    doc.font(font).fontSize(size)
    if (y + doc.heightOfString(text, { width }) > bottom()) newPage()
    doc.text(text, left, y, { width })
    y = doc.y + gapAfter
  }

  const table = async (spec: PdfTable) => {
    if (spec.heading) {
      if (y + 60 > bottom()) newPage()
      line(spec.heading, 'bold', 11, 4)
    }
    const noIndents = spec.columns.map(() => 0)
    const header = () => rowOf(spec.columns, spec.columns.map((column) => column.header), noIndents, 'bold').draw()
    header()
    let rows = 0
    for await (const row of spec.rows) {
      if (out.destroyed) return
      const cells = rowOf(
        spec.columns,
        spec.columns.map((column) => textOf(column, row)),
        spec.columns.map((column) => column.indent?.(row) ?? 0),
        'regular',
      )
      // A row that does not fit goes to the next page, under the headers again.
      if (y + cells.height > bottom()) {
        newPage()
        header()
      }
      cells.draw()
      rows += 1
      if (out.writableNeedDrain) await drained(out)
    }
    if (!rows && spec.empty) {
      y += 6
      line(spec.empty, 'regular', 10, 0)
    }
    y += 16
  }

  const write = async () => {
    for (const [index, text] of pdf.heading.entries()) line(text, 'bold', index === 0 ? 16 : 11, index === pdf.heading.length - 1 ? 8 : 2)
    for (const [label, value] of pdf.facts ?? []) {
      doc.font('bold').fontSize(10)
      const labelText = `${label}: `
      if (y + doc.heightOfString(`${labelText}${value}`, { width }) > bottom()) newPage()
      doc.text(labelText, left, y, { width, continued: true }).font('regular').text(value || '–')
      y = doc.y + 3
    }
    if (pdf.facts?.length) y += 10
    for (const spec of pdf.tables) await table(spec)
    doc.end()
  }
  write().catch((error) => out.destroy(error))
  return new FileDownload(out, pdf.fileName, PDF_TYPE)
}
