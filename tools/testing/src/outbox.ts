/** The mails a test server wrote to DATA_DIR/outbox (no SMTP_URL), decoded. */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

export interface Mail {
  file: string
  to: string
  subject: string
  text: string
}

const decode = (raw: string, file: string): Mail => {
  const unix = raw.replace(/\r\n/g, '\n')
  const split = unix.indexOf('\n\n')
  const head = unix.slice(0, split).replace(/\n[ \t]+/g, ' ')
  let text = unix.slice(split + 2)
  const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  const encoding = header('Content-Transfer-Encoding')
  if (/quoted-printable/i.test(encoding))
    text = Buffer.from(
      text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  else if (/base64/i.test(encoding)) text = Buffer.from(text, 'base64').toString('utf8')
  return { file, to: header('To'), subject: header('Subject'), text }
}

/** Every mail in the outbox, oldest first. */
export const outbox = async (server: { config: { dataDir: string } }): Promise<Mail[]> => {
  const dir = path.join(server.config.dataDir, 'outbox')
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort()
  return Promise.all(files.map(async (file) => decode(await readFile(path.join(dir, file), 'utf8'), file)))
}

/** The mails to an address (in any letter case), oldest first. */
export const mailsTo = async (server: { config: { dataDir: string } }, to: string) =>
  (await outbox(server)).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()))

/** The link in a mail that starts with `${publicUrl}${prefix}`, e.g. '/changePassword/'. */
export const linkToken = (mail: Mail, prefix: string) => {
  const match = new RegExp(`${prefix.replace(/[/]/g, '\\/')}([A-Za-z0-9_-]+)`).exec(mail.text)
  if (!match) throw new Error(`No ${prefix} link in: ${mail.text}`)
  return match[1]!
}

/** For mails sent without waiting (a reset request answers first): polls until `count` mails to the address are there. */
export const waitForMails = async (server: { config: { dataDir: string } }, to: string, count: number) => {
  for (let i = 0; i < 100; i++) {
    const mails = await mailsTo(server, to)
    if (mails.length >= count) return mails
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`No ${count} mails to ${to} in the outbox`)
}
