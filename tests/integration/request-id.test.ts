// One id per request across the halves: a player's page that fails because the casino API
// failed shows a short reference, and that reference finds the request's lines in the web
// server's log and the casino API's (each its own process, as in production). The API fails for
// real: its PostgreSQL goes away (a TCP door the test closes).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'pg'
import { expect, test } from 'vitest'
import { freePort, startApiProcess } from '#casino-api/tests/api-process.ts'
import { tcpDoor } from '#casino-api/tests/tcp-door.ts'
import { Browser, textOf } from '../setup/http.ts'
import { startWebProcess } from '../setup/web-process.ts'
import { waitFor } from '../setup/wait.ts'

/** The JSON log lines of a process's output. */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

test.skipIf(!process.env.TEST_DATABASE_URL)(
  "a page failing on the casino API's error shows a reference found in both halves' logs",
  async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!)
    const door = tcpDoor(target, await freePort())
    const proxied = new URL(target)
    proxied.port = String(door.port)
    const schema = `test_${randomBytes(6).toString('hex')}`
    const dataDir = await mkdtemp(join(tmpdir(), 'request-id-'))
    const check = new Pool({ connectionString: target.href })
    await door.up()
    try {
      const api = await startApiProcess(
        { DATABASE_URL: proxied.href, DATABASE_SCHEMA: schema, SEED_DEMO: 'true', LIVE_TABLES: 'false' },
        dataDir,
      )
      let stopWeb: (() => Promise<void>) | undefined
      try {
        const web = await startWebProcess({ CASINO_API_URL: api.url })
        stopWeb = web.stop
        const b = new Browser(web.site)
        expect((await b.post('/en/login', { username: 'demo', password: 'demo-player-2026' })).url).toBe(
          `${web.site}/en`,
        )
        await door.down()
        const page = await b.get('/en/user-management/transactions')
        expect(page.status).toBe(502)
        const requestId = page.headers.get('x-request-id')!
        const reference = /Reference: (\S+) /.exec(textOf(page.html))?.[1]
        expect(reference).toBe(requestId.slice(0, 8))

        const linesOf = (output: string, key: string) =>
          logLines(output).filter((line) => String(line[key]).startsWith(reference!))
        // The request's line is written once the answer is sent: it may reach the pipe just after.
        const web502 = await waitFor('the web request line', () => {
          const lines = linesOf(web.output(), 'requestId')
          return lines.some((line) => line.msg === 'request') ? lines : null
        })
        expect(web502.map((line) => line.msg)).toEqual(expect.arrayContaining(['casino API failed', 'request']))
        expect(web502.every((line) => line.requestId === requestId)).toBe(true)
        const apiLines = await waitFor('the casino API request line', () => {
          const lines = linesOf(api.output(), 'reqId')
          return lines.some((line) => line.msg === 'request completed') ? lines : null
        })
        expect(apiLines.every((line) => line.reqId === requestId)).toBe(true)
        // The API's own account of the failure, and its answer.
        expect(apiLines.map((line) => line.msg)).toEqual(expect.arrayContaining(['unexpected error']))
        const statuses = apiLines.map((line) => (line.res as { statusCode?: number } | undefined)?.statusCode ?? 0)
        expect(Math.max(...statuses)).toBeGreaterThanOrEqual(500)
      } finally {
        await stopWeb?.()
        await api.stop('SIGKILL')
      }
    } finally {
      await door.down().catch(() => {})
      await check.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await check.end()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
  300_000,
)
