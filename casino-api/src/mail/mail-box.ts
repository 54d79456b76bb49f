/**
 * Reading the .eml files that the file mailer writes (mailer.ts): the newest message to an
 * address, and the link in it. Used by tests, and handy for trying the site without SMTP.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export type StoredMail = {
  file: string
  from: string
  to: string[]
  subject: string
  text: string
  html: string
}

/** The newest message to `to` in `${dataDir}/mail`, or null when there is none. */
export async function readLatestMail(dataDir: string, to: string): Promise<StoredMail | null> {
  const mailDir = join(dataDir, 'mail')
  let names: string[]
  try {
    names = await readdir(mailDir)
  } catch {
    return null
  }
  const wanted = to.trim().toLowerCase()
  for (const name of names
    .filter((n) => n.endsWith('.eml') && !n.startsWith('.'))
    .sort()
    .toReversed()) {
    const mail = parseMail(name, await readFile(join(mailDir, name), 'utf8'))
    if (mail.to.includes(wanted)) return mail
  }
  return null
}

/** The first http(s) link of the plain-text part whose path contains `pathPart`, or null. */
export function extractLink(mail: StoredMail, pathPart: string): string | null {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    if (new URL(match[0]).pathname.includes(pathPart)) return match[0]
  }
  return null
}

// ---- a small MIME reader, enough for what nodemailer writes --------------------------------

type Part = { headers: Map<string, string>; body: string }

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n')
  const end = normalized.indexOf('\n\n')
  const head = end === -1 ? normalized : normalized.slice(0, end)
  const body = end === -1 ? '' : normalized.slice(end + 2)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBody(part: Part) {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  return part.body
}

function decodeQuotedPrintable(s: string) {
  const bytes: number[] = []
  const soft = s.replace(/=\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(soft[i] as string, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

const addresses = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
    .filter(Boolean)

function collectBodies(part: Part, into: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1)
    for (const section of sections) {
      if (section.startsWith('--')) break
      collectBodies(splitPart(section.replace(/^\n/, '')), into)
    }
  } else if (type.toLowerCase().startsWith('text/html')) {
    into.html ||= decodeBody(part)
  } else if (type.toLowerCase().startsWith('text/plain')) {
    into.text ||= decodeBody(part)
  }
}

export function parseMail(file: string, raw: string): StoredMail {
  const message = splitPart(raw)
  const bodies = { text: '', html: '' }
  collectBodies(message, bodies)
  return {
    file,
    from: decodeHeader(message.headers.get('from') ?? ''),
    to: addresses(message.headers.get('to')),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: bodies.text.replace(/\n$/, ''),
    html: bodies.html,
  }
}
