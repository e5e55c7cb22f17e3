/**
 * A checklist as a PDF (pdfkit), A4 portrait: its title large, its status, description,
 * responsible person and progress, then its items as a table (the header row again on every
 * page, an overdue item's mark in red), then its sub-checklists as another. Sent as it is
 * written: each finished page leaves at once, and writing waits while the answer drains.
 * The text is set in DejaVu Sans, embedded (only the glyphs used), as the documents plugin's
 * material list is, so every language's letters print (Polish ł, Norwegian ø, the tick ✓:
 * the PDF's standard fonts have none of them).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PassThrough } from 'node:stream'
import { FileDownload, drained } from '@app/plugin-kit'

export const PDF_TYPE = 'application/pdf'

export interface PdfColumn {
  key: string
  header: string
  /** Points; the columns of a table add up to the page's width inside its margins (523). */
  width: number
  align?: 'left' | 'right' | 'center'
  /** Drawn in red when the row's value is not empty (an overdue mark). */
  alert?: boolean
}

export interface PdfTable {
  /** Printed above the table (none for the first). */
  heading?: string
  columns: PdfColumn[]
  rows: Record<string, string>[]
  /** Printed instead of the table's body when there are no rows. */
  empty?: string
}

export interface ChecklistPdf {
  fileName: string
  title: string
  /** Label and value, one line each under the title. */
  facts: [string, string][]
  tables: PdfTable[]
}

const MARGIN = 36
const FONT_SIZE = 8
const PADDING = 2
const ALERT = '#b00020'

const require = createRequire(import.meta.url)
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined
/** The fonts, read from the package once, at the first PDF. */
const loadFonts = () => {
  fonts ??= Promise.all([readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  )
  return fonts
}
/** pdfkit (with its font engine) is loaded by the first PDF, not at start. */
let pdfkit: Promise<typeof import('pdfkit')> | undefined
const loadPdfKit = () => {
  pdfkit ??= import('pdfkit').then((module) => ((module as { default?: typeof import('pdfkit') }).default ?? module) as typeof import('pdfkit'))
  return pdfkit
}


export const checklistPdf = async (pdf: ChecklistPdf): Promise<FileDownload> => {
  const [PDFDocument, { regular, bold }] = await Promise.all([loadPdfKit(), loadFonts()])
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: pdf.title } })
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
  const cellOptions = (column: PdfColumn) => ({ width: column.width - 2 * PADDING, align: column.align ?? 'left' })
  /** One row of cells at y: as tall as its tallest cell; a rule under it. */
  const rowOf = (columns: PdfColumn[], texts: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(FONT_SIZE)
    const height = Math.max(...columns.map((column, i) => doc.heightOfString(texts[i] || ' ', cellOptions(column)))) + 2 * PADDING
    return {
      height,
      draw: () => {
        doc.font(font).fontSize(FONT_SIZE)
        let x = left
        columns.forEach((column, i) => {
          if (texts[i]) doc.fillColor(column.alert && font === 'regular' ? ALERT : '#000000').text(texts[i]!, x + PADDING, y + PADDING, cellOptions(column))
          x += column.width
        })
        doc.fillColor('#000000')
        y += height
        doc
          .moveTo(left, y)
          .lineTo(left + width, y)
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
      // The heading stays with the table's header and first row.
      if (y + 60 > bottom()) newPage()
      line(spec.heading, 'bold', 11, 4)
    }
    const header = () => rowOf(spec.columns, spec.columns.map((column) => column.header), 'bold').draw()
    header()
    for (const row of spec.rows) {
      if (out.destroyed) return
      const cells = rowOf(
        spec.columns,
        spec.columns.map((column) => row[column.key] ?? ''),
        'regular',
      )
      // A row that does not fit goes to the next page, under the headers again.
      if (y + cells.height > bottom()) {
        newPage()
        header()
      }
      cells.draw()
      if (out.writableNeedDrain) await drained(out)
    }
    if (!spec.rows.length && spec.empty) line(spec.empty, 'regular', 10, 0)
    y += 16
  }

  const write = async () => {
    line(pdf.title, 'bold', 16, 8)
    for (const [label, value] of pdf.facts) {
      doc.font('bold').fontSize(10)
      const labelText = `${label}: `
      if (y + doc.heightOfString(`${labelText}${value}`, { width }) > bottom()) newPage()
      doc.text(labelText, left, y, { width, continued: true }).font('regular').text(value || '–')
      y = doc.y + 3
    }
    y += 10
    for (const spec of pdf.tables) await table(spec)
    doc.end()
  }
  write().catch((error) => out.destroy(error))
  return new FileDownload(out, pdf.fileName, PDF_TYPE)
}
