/**
 * The durable jobs (src/jobs/jobs.ts) against real parts: an SMTP server in the test (the
 * smtp-server package, a real SMTP conversation) that refuses and then accepts, an API restarted
 * on the same database with a mail still queued, and two API instances on one PostgreSQL running
 * a schedule.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { startApiProcess } from './api-process.ts'
import { backends, newPlayer, startTestApi, type Backend, type TestApi } from './helpers.ts'

type Received = { to: string[]; raw: string }

/** An SMTP server that answers 451 (try later) to the first `refusals` messages, then takes them. */
async function smtpServer(refusals: number) {
  const received: Received[] = []
  let refused = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refused < refusals) {
          refused += 1
          const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 })
          callback(error)
          return
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    refusals: () => refused,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

const closing: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closing.splice(0).toReversed()) await close()
})

async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!check() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100))
}

const activationMailsTo = (received: Received[], email: string) =>
  received.filter((m) => m.to.includes(email) && /\/activate\/[A-Za-z0-9_-]{43}/.test(m.raw.replace(/=\r?\n/g, '')))

describe.each(backends)('durable e-mail [%s]', (backend: Backend) => {
  it('an e-mail the mail server refuses twice arrives later, once', async () => {
    const smtp = await smtpServer(2)
    closing.push(smtp.close)
    const api = await startTestApi(backend, { smtpUrl: smtp.url })
    closing.push(api.close)

    const player = newPlayer()
    // The registration is answered at once: the mail server's refusals are the job's, not the player's.
    await api.ok('register_player', player)
    await waitFor(() => activationMailsTo(smtp.received, player.email).length > 0, 30_000)
    expect(smtp.refusals()).toBe(2)
    expect(activationMailsTo(smtp.received, player.email)).toHaveLength(1)
    // Delivered means done: nothing is sent again afterwards.
    await api.mailSettled()
    await new Promise((done) => setTimeout(done, 2500))
    expect(activationMailsTo(smtp.received, player.email)).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
  }, 60_000)

  it('a mail queued while the mail server is down survives a restart of the API and is sent by the next one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-jobs-'))
    closing.push(() => rm(dataDir, { recursive: true, force: true }))
    const schema = `test_${randomBytes(6).toString('hex')}`
    const sameDatabase = backend === 'postgres' ? { schema } : { dataDir }
    // Nothing listens on this port: every try fails to connect.
    const down = await smtpServer(0)
    await down.close()
    const first: TestApi = await startTestApi(backend, { smtpUrl: down.url, ...sameDatabase, dropSchemaOnClose: false })
    const player = newPlayer()
    await first.ok('register_player', player)
    await first.close()

    const smtp = await smtpServer(0)
    closing.push(smtp.close)
    const second = await startTestApi(backend, { smtpUrl: smtp.url, ...sameDatabase, dropSchemaOnClose: true })
    closing.push(second.close)
    // The queued mail is due again within its backoff (2 s, then 4 s...): the new instance sends it.
    await waitFor(() => activationMailsTo(smtp.received, player.email).length > 0, 30_000)
    expect(activationMailsTo(smtp.received, player.email)).toHaveLength(1)
  }, 90_000)
})

it("a mail's job carries the id of the request that queued it into the casino API's log", async () => {
  const smtp = await smtpServer(1)
  closing.push(smtp.close)
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-jobs-log-'))
  closing.push(() => rm(dataDir, { recursive: true, force: true }))
  const api = await startApiProcess({ SMTP_URL: smtp.url, LIVE_TABLES: 'false', LOG_LEVEL: 'info' }, dataDir)
  closing.push(() => api.stop('SIGTERM'))
  const requestId = `trace-${randomBytes(6).toString('hex')}`
  const player = newPlayer()
  const answer = await fetch(`${api.url}/front/register_player`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify(player),
  })
  expect(answer.status).toBe(200)
  await waitFor(() => activationMailsTo(smtp.received, player.email).length > 0, 30_000)
  await waitFor(() => api.output().includes('"job done"'), 5_000)
  const lines = api
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { reqId?: string; job?: string; msg?: string })
    .filter((line) => line.reqId === requestId)
  // The request's own line, the refused try and the delivery: one id from the call to the mail.
  expect(lines.some((l) => l.msg === 'request completed')).toBe(true)
  expect(lines.filter((l) => l.job === 'mail').map((l) => l.msg)).toEqual(['job failed, to be tried again', 'job done'])
}, 90_000)

describe.runIf(backends.includes('postgres'))('schedules across instances [postgres]', () => {
  it('two instances on one database run each minute of a schedule once', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`
    // 3-D Secure expiry runs every minute; each instance's cron pass looks every 5 s.
    const a = await startTestApi('postgres', { schema, dropSchemaOnClose: false })
    closing.push(a.close)
    const b = await startTestApi('postgres', { schema, dropSchemaOnClose: true })
    closing.push(b.close)
    const rows = async <T>(query: string) => ((await a.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows
    // pg-boss files each occurrence it finds due as one 'send-it' job under the occurrence's
    // minute (singleton_on), whichever instance's pass found it; that job sends the scheduled one.
    const occurrences = () =>
      rows<{ minute: string; n: number }>(
        `select singleton_on::text as minute, count(*)::int as n from "${schema}_jobs".job
         where name = '__pgboss__send-it' and data->>'name' = 'expire_challenges' group by singleton_on`,
      )
    const runs = () =>
      rows<{ state: string }>(`select state from "${schema}_jobs".job where name = 'expire_challenges'`)
    const deadline = Date.now() + 80_000
    while (!(await runs()).some((r) => r.state === 'completed') && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 500))
    // Both instances' passes keep finding the occurrence due for a minute: still one run of it.
    await new Promise((done) => setTimeout(done, 12_000))
    const [seen, ran] = [await occurrences(), await runs()]
    expect(ran.some((r) => r.state === 'completed')).toBe(true)
    for (const minute of seen) expect(minute.n, minute.minute).toBe(1)
    expect(ran).toHaveLength(seen.length)
  }, 120_000)
})
