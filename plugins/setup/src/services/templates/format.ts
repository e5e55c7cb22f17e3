/**
 * A template's format is checked twice: by the name's extension and by the file's
 * first bytes, so a renamed file of another kind is refused. The Office formats are
 * ZIP packages (PK\x03\x04); PDF starts with %PDF-.
 */
import { TEMPLATE_EXTENSIONS } from './templates.schema'

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const PDF = Buffer.from('%PDF-', 'latin1')

export const extensionOf = (filename: string) => {
  const dot = filename.lastIndexOf('.')
  return dot < 0 ? '' : filename.slice(dot).toLowerCase()
}

export const isTemplateName = (filename: string) => (TEMPLATE_EXTENSIONS as readonly string[]).includes(extensionOf(filename))

/** The magic bytes the extension promises. */
export const signatureMatches = (filename: string, head: Buffer) => {
  const expected = extensionOf(filename) === '.pdf' ? PDF : ZIP
  return head.length >= expected.length && head.subarray(0, expected.length).equals(expected)
}


const MIME_TYPES: Record<string, string> = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.dotx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xltx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.pdf': 'application/pdf',
}

/** The type the download is sent with: from the checked extension, not from what the browser claimed. */
export const mimeTypeOf = (filename: string) => MIME_TYPES[extensionOf(filename)] ?? 'application/octet-stream'
