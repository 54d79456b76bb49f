// The built-in game provider run on its own (`node provider/server/main.ts`, ADR 0049): a process
// of its own with its own pool on a PostgreSQL database of its own (not the casino's), its schema
// migrated by itself; the casino API (PROVIDER_URL) starts none, syncs its feed and launches its
// games over HTTP, a real round played at the provider's port moves the player's money through
// the wallet, and a live table's client is sent to the provider's public address for its socket.
import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { Client } from 'pg'
import { afterAll, expect, test } from 'vitest'
import { playerBalance } from '../src/wallet/ledger.ts'
import { freePort } from './api-process.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { LIVE_SOCKET_PATH } from '../contract/index.ts'
import { backends, ledgerReport, PROVIDER_SECRET, startTestApi, type TestApi } from './helpers.ts'

/** Runs the provider's main.ts with `env` over a clean environment; its exit and what it printed. */
function runProvider(env: Record<string, string>) {
  const child = spawn(process.execPath, ['provider/server/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

test('the provider alone refuses a wrong environment with exit 1, naming each variable, no stack trace', async () => {
  const missing = runProvider({})
  expect(await missing.exited).toBe(1)
  for (const name of ['PROVIDER_DATABASE_URL', 'PROVIDER_SECRET', 'CASINO_API_URL', 'WEB_URL'])
    expect(missing.output()).toContain(`${name}:`)
  const wrong = runProvider({
    PROVIDER_DATABASE_URL: 'mysql://db/casino',
    PROVIDER_DATABASE_SCHEMA: 'Provider; drop',
    PROVIDER_SECRET: 'short',
    CASINO_API_URL: 'casino-api:4000',
    WEB_URL: 'javascript:alert(1)',
    PROVIDER_PORT: '99999',
    PROVIDER_GAME_PREFIX: 'Two_',
  })
  expect(await wrong.exited).toBe(1)
  expect(wrong.output()).toContain('PROVIDER_DATABASE_URL: must be a URL like postgres://')
  expect(wrong.output()).toContain('PROVIDER_DATABASE_SCHEMA:')
  expect(wrong.output()).toContain('PROVIDER_SECRET: needs at least 32 characters')
  expect(wrong.output()).toContain('CASINO_API_URL: must be a URL like')
  expect(wrong.output()).toContain('WEB_URL: must be a URL like')
  expect(wrong.output()).toContain('PROVIDER_PORT:')
  expect(wrong.output()).toContain('PROVIDER_GAME_PREFIX: must be lower-case letters, digits and dashes')
  expect(missing.output() + wrong.output()).not.toMatch(/^\s+at /m)
})

for (const backend of backends.filter((b) => b === 'postgres')) {
  let api: TestApi | undefined
  let provider: ReturnType<typeof runProvider> | undefined
  // The provider's own database: another one on the same server than the casino's (test).
  const providerDatabase = new URL(process.env.TEST_DATABASE_URL!)
  providerDatabase.pathname = '/postgres'
  const providerSchema = `test_${randomBytes(6).toString('hex')}_provider`
  afterAll(async () => {
    await api?.close()
    provider?.child.kill('SIGTERM')
    if (provider) expect(await provider.exited).toBe(0)
    const client = new Client({ connectionString: providerDatabase.href })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${providerSchema} CASCADE`)
    await client.end()
  })

  test(`${backend}: a real round at the provider run alone moves the player's money through the casino's wallet`, async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`
    const [apiPort, providerPort] = [await freePort(), await freePort()]
    provider = runProvider({
      PROVIDER_DATABASE_URL: providerDatabase.href,
      PROVIDER_DATABASE_SCHEMA: providerSchema,
      PROVIDER_PUBLIC_URL: 'https://games.casino.test',
      PROVIDER_SECRET,
      CASINO_API_URL: `http://127.0.0.1:${apiPort}`,
      WEB_URL: 'http://casino.test',
      PROVIDER_PORT: String(providerPort),
      LIVE_TABLES: 'false',
    })
    const providerUrl = `http://127.0.0.1:${providerPort}`
    await expect
      .poll(
        () =>
          fetch(`${providerUrl}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200)
    expect(provider.output()).toContain(`Game provider: listening at ${providerUrl}`)

    api = await startTestApi(backend, { port: apiPort, schema, providerUrl })
    expect(api.providerUrl).toBe(providerUrl)
    const a = api
    // The catalogue came from the provider's feed.
    expect((await a.ok('get_game', { gameId: 'dice', language: 'en' })).name).toBe('Dice')

    const { playerId, token } = await fundedPlayer(a, 10_00)
    const { url, session } = await launchGame(a, 'dice', 'real', token)
    // Its client is its own page, at its public address.
    expect(url.startsWith('https://games.casino.test/en/game-frame/')).toBe(true)
    const played = await a.ok(
      'game_play',
      { bet: { stake: 1_00, target: 5000, side: 'over' }, moveId: randomUUID() },
      asGame(session),
    )
    const after = 10_00 - 1_00 + (played.round.win ?? 0)
    expect(played.balance).toMatchObject({ amount: after, mode: 'real' })
    expect((await playerBalance(a.db, playerId, 'EUR')).total).toBe(after)
    // The round is the provider's record, which the casino's Bet History asks it for.
    const history = await a.ok('get_bet_list', { language: 'en' }, { token })
    expect(history.items).toMatchObject([{ gameId: 'dice', bet: 1_00, status: 'settled' }])
    const report = await ledgerReport(a)
    expect(report.violations).toEqual([])
    expect(report.postingSum).toBe(0)
    // A live table's client watches it at the provider's public address.
    const live = await a.ok('get_live_game_url', { gameId: 'live-roulette', mode: 'demo', language: 'en' })
    const table = await a.ok('get_live_table', {}, asGame(new URL(live.url).pathname.split('/').pop()!))
    expect(table.socket).toBe(`wss://games.casino.test${LIVE_SOCKET_PATH}`)
  })
}
