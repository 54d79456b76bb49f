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
import type { Queryable } from '../db/open.ts'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../files.ts'
import type { MailContent } from './texts.ts'

export type OutgoingMail = MailContent & { to: string; replyTo?: string }

export type Mailer = {
  /**
   * Sends one mail. `id` (the mail job's) is its Message-ID, and the file mailer's file name, so
   * a retried job rewrites the same file rather than adding a second.
   */
  send(mail: OutgoingMail, id?: { id: string; at: Date }): Promise<void>
  close(): void
}

let sequence = 0

/**
 * Sorts by time of queueing: UTC timestamp, then a per-process counter (or the job's id), then the
 * recipient.
 */
export function mailFileName(to: string, at = new Date(), jobId?: string) {
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  sequence = (sequence + 1) % 1_000_000
  const recipient = to
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_')
    .slice(0, 100)
  const unique = jobId
    ? jobId.replace(/[^a-z0-9-]/gi, '')
    : `${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}`
  return `${stamp}-${unique}-${recipient}.eml`
}

const messageId = (id: { id: string } | undefined, from: string) =>
  id ? { messageId: `<${id.id}@${from.replace(/^.*@|>.*$/g, '') || 'casino'}>` } : {}

export function createMailer(options: { smtpUrl?: string; mailDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl)
    return {
      async send(mail, id) {
        await transport.sendMail({ from: options.from, ...messageId(id, options.from), ...mail })
      },
      close: () => transport.close(),
    }
  }
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let ready: Promise<unknown> | undefined
  return {
    async send(mail, id) {
      ready ??= ensurePrivateDir(options.mailDir)
      await ready
      const info = await transport.sendMail({ from: options.from, ...messageId(id, options.from), ...mail })
      // Written under a temporary name first, so a reader never sees half a message.
      const name = mailFileName(mail.to, id?.at, id?.id)
      const message = info.message as Buffer
      await writeFile(join(options.mailDir, `.${name}.tmp`), message, { mode: PRIVATE_FILE_MODE })
      await rename(join(options.mailDir, `.${name}.tmp`), join(options.mailDir, name))
    },
    close: () => transport.close(),
  }
}

/**
 * Queues an e-mail (the 'mail' job, jobs.ts) in `tx`, the transaction of what it tells: it is sent
 * exactly when that is committed, after the answer, and retried with backoff while the mail
 * server refuses. A mail server that fails never turns the committed change into an error the
 * client would retry. Call sites kick the workers after the commit (the HTTP layer does after
 * every call that is not a GET).
 */
export async function queueMail(
  ctx: Pick<Context, 'jobs' | 'requestId'>,
  tx: Queryable,
  mail: OutgoingMail,
  kind: string,
) {
  await ctx.jobs.send('mail', { ...mail, kind }, { tx, requestId: ctx.requestId })
}
