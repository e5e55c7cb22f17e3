/**
 * The material list as a PDF (pdfkit): A4 landscape, the heading, then the table with its
 * header row again on every page. Written as the lines are read and sent as it is written:
 * each finished page leaves at once, and reading waits while the answer drains. The text is
 * set in DejaVu Sans, embedded (only the glyphs used), so every language's letters print
 * (Polish ł and ę, Norwegian ø: the PDF's standard fonts have none of them).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PassThrough } from 'node:stream'
import { FileDownload, drained } from '@app/plugin-kit'
import type { Language } from '@app/plugin-kit/shared'

export interface MaterialPdfColumn {
  key: string
  header: string
  /** Points (the table is 770 wide). */
  width: number
  align?: 'left' | 'right'
  /** A number written in the reader's language (decimal comma in Finnish), up to three decimals. */
  decimal?: boolean
  /** The name column: indented by the line's level, as an assembly reads. */
  indentByLevel?: boolean
}

export interface MaterialPdf {
  fileName: string
  /** The first line large (the document's number and title), the others below it. */
  heading: string[]
  /** Printed instead of the table's body when there are no lines. */
  empty: string
  language: Language | string
  columns: MaterialPdfColumn[]
  rows: AsyncIterable<Record<string, unknown>>
}

export const PDF_TYPE = 'application/pdf'

/** How numbers are written for each interface language. */
const NUMBER_LOCALES: Record<string, string> = { ENGLISH: 'en-GB', FINNISH: 'fi-FI', NORWEGIAN: 'nb-NO', POLISH: 'pl-PL', SWEDISH: 'sv-SE' }

const MARGIN = 36
const FONT_SIZE = 8
const PADDING = 2
const NUMBER_GAP = 6
const INDENT = 4
const MAX_INDENT_LEVELS = 8

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


export const materialPdf = async (pdf: MaterialPdf): Promise<FileDownload> => {
  const [PDFDocument, { regular, bold }] = await Promise.all([loadPdfKit(), loadFonts()])
  const numbers = new Intl.NumberFormat(NUMBER_LOCALES[pdf.language] ?? 'en-GB', { maximumFractionDigits: 3 })
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: pdf.heading.join(' – ') } })
  doc.registerFont('regular', regular)
  doc.registerFont('bold', bold)
  const out = new PassThrough()
  doc.pipe(out)

  const left = doc.page.margins.left
  const bottom = () => doc.page.height - doc.page.margins.bottom
  const tableWidth = pdf.columns.reduce((sum, column) => sum + column.width, 0)
  let y = doc.page.margins.top

  const cellText = (column: MaterialPdfColumn, row: Record<string, unknown>) => {
    const value = row[column.key]
    if (value === null || value === undefined) return ''
    return column.decimal && typeof value === 'number' ? numbers.format(value) : String(value)
  }
  const indentOf = (column: MaterialPdfColumn, row: Record<string, unknown>) =>
    column.indentByLevel ? Math.min(Number(row.level) || 0, MAX_INDENT_LEVELS) * INDENT : 0
  // A right-aligned number keeps a gap before the text of the next column.
  const cellOptions = (column: MaterialPdfColumn, indent = 0) => ({
    width: column.width - 2 * PADDING - indent - (column.align === 'right' ? NUMBER_GAP : 0),
    align: column.align ?? 'left',
  })
  /** One row of cells at y: as tall as its tallest cell; a rule under it. */
  const drawRow = (texts: string[], indents: number[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(FONT_SIZE)
    const height = Math.max(...pdf.columns.map((column, i) => doc.heightOfString(texts[i] || ' ', cellOptions(column, indents[i])))) + 2 * PADDING
    return {
      height,
      draw: () => {
        let x = left
        pdf.columns.forEach((column, i) => {
          if (texts[i]) doc.text(texts[i]!, x + PADDING + indents[i]!, y + PADDING, cellOptions(column, indents[i]))
          x += column.width
        })
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
  const header = () =>
    drawRow(
      pdf.columns.map((column) => column.header),
      pdf.columns.map(() => 0),
      'bold',
    ).draw()

  const write = async () => {
    pdf.heading.forEach((line, index) => {
      doc.font('bold').fontSize(index === 0 ? 14 : 11)
      doc.text(line, left, y, { width: tableWidth })
      y = doc.y + (index === pdf.heading.length - 1 ? 10 : 2)
    })
    header()
    let lines = 0
    for await (const row of pdf.rows) {
      if (out.destroyed) return
      const cells = drawRow(
        pdf.columns.map((column) => cellText(column, row)),
        pdf.columns.map((column) => indentOf(column, row)),
        'regular',
      )
      // A line that does not fit goes to the next page, under the headers again.
      if (y + cells.height > bottom()) {
        doc.addPage()
        y = doc.page.margins.top
        header()
        doc.font('regular').fontSize(FONT_SIZE)
      }
      cells.draw()
      lines += 1
      if (out.writableNeedDrain) await drained(out)
    }
    if (lines === 0) doc.font('regular').fontSize(10).text(pdf.empty, left, y + 8, { width: tableWidth })
    doc.end()
  }
  write().catch((error) => out.destroy(error))
  return new FileDownload(out, pdf.fileName, PDF_TYPE)
}
