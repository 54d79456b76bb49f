// The casino API and a PostgreSQL that is not there yet, or goes away: it waits for a database
// that comes up within DATABASE_CONNECT_TIMEOUT_MS (containers start in any order), gives up
// with one clear line after it, and its outbox relay logs an outage once rather than a few
// lines a second. The database is reached through a TCP forwarder the test opens and closes.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'pg'
import { expect, test } from 'vitest'
import { freePort, runApiUntilExit, startApiProcess } from './api-process.ts'
import { tcpDoor } from './tcp-door.ts'

test('a database never reachable: exit 1 after DATABASE_CONNECT_TIMEOUT_MS with one clear line', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-nodb-'))
  try {
    const started = Date.now()
    const { code, output } = await runApiUntilExit({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/casino`,
      DATABASE_CONNECT_TIMEOUT_MS: '3000',
    })
    expect(code).toBe(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000)
    expect(output).toMatch(
      /Casino API: the database is unreachable \(connect ECONNREFUSED .*\); retrying for up to 3000 ms/,
    )
    expect(output).toMatch(
      /Casino API: could not start: the database is unreachable after \d+ attempts in 3 s \(DATABASE_CONNECT_TIMEOUT_MS\)/,
    )
    expect(output).not.toMatch(/^\s+at /m)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}, 60_000)

test.skipIf(!process.env.TEST_DATABASE_URL)(
  'a database that comes up within the window is waited for; an outage is logged once by the relay',
  async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!)
    const port = await freePort()
    const door = tcpDoor(target, port)
    const proxied = new URL(target)
    proxied.port = String(port)
    const schema = `test_${randomBytes(6).toString('hex')}`
    const applicationName = `casino-api-${schema}`
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-latedb-'))
    const check = new Pool({ connectionString: target.href })
    try {
      // The database comes up once the API has found it unreachable, and a second later.
      const opening = (async () => {
        const log = join(dataDir, 'api.log')
        while (!(existsSync(log) && readFileSync(log, 'utf8').includes('the database is unreachable')))
          await new Promise((resolve) => setTimeout(resolve, 100))
        await new Promise((resolve) => setTimeout(resolve, 1000))
        await door.up()
      })()
      const api = await startApiProcess(
        {
          DATABASE_URL: proxied.href,
          DATABASE_SCHEMA: schema,
          DATABASE_CONNECT_TIMEOUT_MS: '60000',
          DATABASE_APPLICATION_NAME: applicationName,
          DATABASE_POOL_SIZE: '3',
          LIVE_TABLES: 'false',
        },
        dataDir,
      )
      try {
        await opening
        expect(api.output()).toContain('the database is unreachable (connect ECONNREFUSED')
        expect(api.output()).not.toContain('could not start')
        expect((await fetch(`${api.url}/readyz`)).status).toBe(200)
        const { rows } = await check.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
          [applicationName],
        )
        expect(rows[0]!.n).toBeGreaterThan(0)
        // The pool, and two LISTEN connections: the player events and the embedded provider's live tables.
        expect(rows[0]!.n).toBeLessThanOrEqual(3 + 2)

        // Three seconds without a database: the relay tries several times a second.
        await door.down()
        await new Promise((resolve) => setTimeout(resolve, 3000))
        await door.up()
        const deadline = Date.now() + 30_000
        while (!api.output().includes('realtime relay working again') && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100))
        const relayLines = api
          .output()
          .split('\n')
          .filter((line) => line.includes('realtime relay'))
        expect(relayLines).toHaveLength(2)
        expect(relayLines[0]).toContain('realtime relay failed')
        expect(relayLines[1]).toContain('realtime relay working again')
      } finally {
        await api.stop('SIGTERM')
      }
    } finally {
      await door.down().catch(() => {})
      await check.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      await check.end()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
  240_000,
)
