/**
 * Mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to the outbox folder (readable by the server's user only)
 * and its subject logged, so every mail flow works on a machine with no mail server.
 * Its link (a password reset or welcome token) is logged only when `logLinks` is set,
 * in development: anyone who reads the log could otherwise use it.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Mailer } from './types'

export const createMailer = (options: { smtpUrl?: string; from: string; outboxDir: string; log?: (line: string) => void; logLinks?: boolean }): Mailer => {
  const log = options.log ?? ((line) => console.log(line))
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 })
      // The file name is ours (time and a random part), never anything the user typed.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 10)}.eml`
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer, { mode: 0o600 })
      log(`Mail to ${mail.to}: ${mail.subject}${mail.link && options.logLinks ? ` ${mail.link}` : ''} (outbox/${name})`)
    },
  }
}
