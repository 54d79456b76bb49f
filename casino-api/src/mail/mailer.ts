/**
 * Outgoing mail. With an SMTP URL, messages go to that server; without one they are written as
 * .eml files into the mail folder (`${dataDir}/mail`, 0700, files 0600: they hold live links),
 * which is what a single-machine install and the tests read (see mail-box.ts).
 */
import { randomBytes } from 'node:crypto'
import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Context } from '../context.ts'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../files.ts'
import type { MailContent } from './texts.ts'

export type OutgoingMail = MailContent & { to: string; replyTo?: string }

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

let sequence = 0

/** Sorts by time of writing: UTC timestamp, then a per-process counter, then the recipient. */
export function mailFileName(to: string, at = new Date()) {
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  sequence = (sequence + 1) % 1_000_000
  const recipient = to
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_')
    .slice(0, 100)
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}-${recipient}.eml`
}

export function createMailer(options: { smtpUrl?: string; mailDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail })
      },
      close: () => transport.close(),
    }
  }
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let ready: Promise<unknown> | undefined
  return {
    async send(mail) {
      ready ??= ensurePrivateDir(options.mailDir)
      await ready
      const info = await transport.sendMail({ from: options.from, ...mail })
      // Written under a temporary name first, so a reader never sees half a message.
      const name = mailFileName(mail.to)
      const message = info.message as Buffer
      await writeFile(join(options.mailDir, `.${name}.tmp`), message, { mode: PRIVATE_FILE_MODE })
      await rename(join(options.mailDir, `.${name}.tmp`), join(options.mailDir, name))
    },
    close: () => transport.close(),
  }
}

/**
 * Sends an e-mail about something already committed (an account, a link, a support message),
 * logging a failure instead of answering with it: a mail server that fails must not turn the
 * committed change into an error the client would retry (after a registration, the username is
 * taken by now). For a lost activation e-mail, a password reset also activates a pending account,
 * which is the way out.
 */
export async function sendOrLog(ctx: Pick<Context, 'mailer' | 'log'>, mail: OutgoingMail, kind: string) {
  try {
    await ctx.mailer.send(mail)
  } catch (error) {
    ctx.log.error({ kind, err: error instanceof Error ? error.message : String(error) }, 'could not send e-mail')
  }
}
