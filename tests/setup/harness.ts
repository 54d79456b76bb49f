// Starts the whole casino for a test file: the reference casino API on a real database
// (PGlite in a temp folder, or a fresh PostgreSQL schema) and the web app's production build,
// each on its own loopback port, talking real HTTP to each other.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCasinoApi, type CasinoApiOptions } from '#casino-api/src/server.ts'
import { createWebApp, type WebAppOptions } from '#server/app.ts'
import { appCode } from '#casino-api/tests/authenticator.ts'

export type TestDatabase = { name: 'pglite' } | { name: 'postgres'; databaseUrl: string }

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL
  return [{ name: 'pglite' }, ...(url ? [{ name: 'postgres' as const, databaseUrl: url }] : [])]
}

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef0123456789'
/** The game providers' key of every test site: tests stake through the provider wallet with it. */
export const TEST_PROVIDER_SECRET = 'test-provider-secret-0123456789abcdef0123456789'

export async function startTestSite(
  opts: {
    database?: TestDatabase
    seedDemo?: boolean
    adminPassword?: string
    api?: Partial<CasinoApiOptions>
    web?: Partial<WebAppOptions>
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'casino-site-'))
  const database = opts.database ?? { name: 'pglite' }
  // The web app's port must be known before the casino API writes links into e-mails.
  const web = createWebApp({
    mode: 'production',
    sessionSecrets: [TEST_SESSION_SECRET],
    cookieSecure: false,
    trustProxy: ['loopback'],
    logLevel: 'silent',
    // Generous: on a busy machine a geolocation call may take seconds, and a missed access check
    // refuses logins (fail closed). The outage tests set their own.
    accessCheckTimeoutMs: 15_000,
    ...opts.web,
  })
  const server = web.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  web.attachRealtime(server)
  const webUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // As in production (PUBLIC_URL): the site's origin never comes from a request's Host header.
  web.setPublicUrl(webUrl)

  // The casino API's clock, which tests move forward (lockouts, slowdowns) instead of sleeping.
  let clockOffset = 0
  const api = await startCasinoApi({
    port: 0,
    dataDir,
    webUrl,
    logger: false,
    seedDemo: opts.seedDemo ?? false,
    adminPassword: opts.adminPassword,
    now: () => new Date(Date.now() + clockOffset),
    providerSecret: TEST_PROVIDER_SECRET,
    // Slots spin as fast as the tests ask, unless a test sets the minimum round duration (slot-art.test.ts).
    slotMinRoundMs: 0,
    ...(database.name === 'postgres'
      ? { databaseUrl: database.databaseUrl, schema: `t_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true }
      : {}),
    ...opts.api,
  })
  web.setUpstream(api.url)
  web.setProvider(api.providerUrl)

  return {
    webUrl,
    apiUrl: api.url,
    api,
    dataDir,
    /** Moves the casino API's clock forward. */
    advance(ms: number) {
      clockOffset += ms
    },
    /** The casino API's clock. */
    now: () => new Date(Date.now() + clockOffset),
    /** Points the web app at another casino API address (a fault-injecting proxy in front of `apiUrl`). */
    setUpstream(url: string) {
      web.setUpstream(url)
    },
    /**
     * The newest e-mail to `address`, decoded, and the first link in it to a page of the web app,
     * once the casino API's queued e-mails are written (they are sent by a job after the answer).
     */
    async lastMailTo(address: string) {
      await api.mailSettled()
      return lastMailTo(join(dataDir, 'mail'), address, webUrl)
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections?.()
      await api.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
export type TestSite = Awaited<ReturnType<typeof startTestSite>>

export function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
}

export function lastMailTo(mailDir: string, address: string, webUrl: string) {
  const files = readdirSync(mailDir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => join(mailDir, f))
    .map((f) => ({ f, text: decodeQuotedPrintable(readFileSync(f, 'utf8')), t: statSync(f).mtimeMs }))
    .filter((m) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(m.text))
    .sort((a, b) => b.t - a.t || b.f.localeCompare(a.f))
  const mail = files[0]
  if (!mail) throw new Error(`no e-mail to ${address}`)
  const link = mail.text.match(new RegExp(`${webUrl.replace(/[.]/g, '\\.')}[^\\s"<>]+`))?.[0]
  return { text: mail.text, link }
}

/** A unique player for a test, valid for registration (adult, all confirmations). */
export function newPlayer(overrides: Record<string, string> = {}) {
  const id = randomBytes(4).toString('hex')
  const password = `Secret-${id}-pw`
  return {
    username: `player_${id}`,
    password,
    confirmPassword: password,
    email: `player.${id}@example.com`,
    phone: `+34 6${Number.parseInt(id, 16).toString().padStart(8, '0').slice(0, 8)}`,
    gender: 'female',
    birthday: '1990-05-17',
    firstName: 'Lucía',
    lastName: 'García',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'ES',
    language: 'es',
    currency: 'EUR',
    ageConfirmed: 'on',
    termsAccepted: 'on',
    currencyConfirmed: 'on',
    ...overrides,
  }
}

/** The authenticator key of each site's administrator, once loggedInAdmin turned two-factor authentication on. */
const adminSecrets = new Map<string, string>()
export function adminSecretOf(siteUrl: string) {
  const secret = adminSecrets.get(new URL(siteUrl).origin)
  if (!secret) throw new Error(`no administrator with two-factor authentication on ${siteUrl}`)
  return secret
}

/**
 * The seeded administrator logged in as the site asks at the first log-in: the first password
 * changed to `next`, then two-factor authentication turned on (ADR 0066), without which /admin
 * stays closed. Its key is kept for later log-ins (adminSecretOf).
 */
export async function loggedInAdmin(
  site: Pick<TestSite, 'webUrl'>,
  BrowserClass: typeof import('./http.ts').Browser,
  first: string,
  next: string,
) {
  const admin = new BrowserClass(site.webUrl)
  await admin.post('/login', { username: 'admin', password: first })
  await admin.post('/user-management/change-password', { oldPassword: first, newPassword: next, confirmPassword: next })
  adminSecrets.set(new URL(site.webUrl).origin, await turnOnTwoFactorOnSite(admin, next))
  return admin
}

/** Two-factor authentication turned on through the Security tab (JavaScript off); answers the key. */
export async function turnOnTwoFactorOnSite(b: import('./http.ts').Browser, password: string) {
  await b.post('/user-management/security', { intent: 'start', password })
  const page = await b.get('/user-management/security')
  const key = /<code[^>]*>([A-Z2-7 ]{32,})<\/code>/.exec(page.html)?.[1]
  if (!key) throw new Error('the Security tab shows no key')
  const secret = key.replaceAll(' ', '')
  const on = await b.post('/user-management/security', { intent: 'confirm', code: await appCode(secret) })
  if (on.status !== 200) throw new Error(`two-factor authentication not turned on: ${on.status}`)
  return secret
}

/** A log-in through the site's form (JavaScript off) of an account with two-factor authentication. */
export async function logInWithCode(
  b: import('./http.ts').Browser,
  username: string,
  password: string,
  secret: string,
) {
  const asked = await b.post('/login', { username, password })
  if (!asked.url.endsWith('/login/code')) throw new Error(`the log-in asked for no code: ${asked.url}`)
  return b.post('/login/code', { code: await appCode(secret) })
}

/**
 * A no-deposit bonus code of `euros` (ADR 0053), made through the administrator's form by `admin`
 * (loggedInAdmin); answers the page's status.
 */
export async function createBonusCode(admin: import('./http.ts').Browser, code: string, euros: string) {
  const created = await admin.post('/admin/promo-codes', {
    code,
    bonusType: 'bonus_code',
    amount: euros,
    maxUses: '10',
    validFrom: '',
    validUntil: '',
  })
  return created.status
}

/**
 * A player registered and activated through the site (a browser without JavaScript), never logged
 * in: their first log-in is the test's (a later one from another browser is told as a new device).
 */
export async function activatedPlayer(site: TestSite, BrowserClass: typeof import('./http.ts').Browser) {
  const player = newPlayer()
  const b = new BrowserClass(site.webUrl)
  await b.post('/register', player)
  const { link } = await site.lastMailTo(player.email)
  if (!link) throw new Error('no activation link')
  await b.post(new URL(link).pathname, {})
  return { player, b }
}

export async function loggedInPlayer(site: TestSite, BrowserClass: typeof import('./http.ts').Browser) {
  const { player, b } = await activatedPlayer(site, BrowserClass)
  const home = await b.post('/login', { username: player.username, password: player.password })
  if (home.url !== `${site.webUrl}/`) throw new Error(`log-in failed: ${home.url}`)
  return { player, b }
}

/**
 * Stakes `turnover` cents of the player's real money through the provider wallet, each stake won
 * back, as a game would: the deposit's wagering is then met and the balance is unchanged.
 */
export async function wagerAsProvider(site: TestSite, username: string, turnover: number, stake = turnover) {
  for (let staked = 0; staked < turnover; staked += stake) await playAsProvider(site, username, { stake, win: stake })
}

/**
 * One round through the provider wallet: a bet of `stake` cents, then its win (a catalogue slot
 * by default, sent by the built-in provider; another provider's game with that provider's key).
 */
export async function playAsProvider(
  site: TestSite,
  username: string,
  {
    stake,
    win,
    gameId = 'golden-sevens',
    key = TEST_PROVIDER_SECRET,
  }: { stake: number; win: number; gameId?: string; key?: string },
) {
  const found = (await site.api.db.execute(sql`SELECT id FROM players WHERE username = ${username}`)) as unknown as {
    rows: { id: string }[]
  }
  const playerId = found.rows[0]?.id
  if (!playerId) throw new Error(`no player ${username}`)
  const round = { playerId, currency: 'EUR', roundId: `r-${randomBytes(8).toString('hex')}`, gameId }
  for (const [call, amount] of [
    ['bet', stake],
    ['win', win],
  ] as const) {
    const res = await fetch(`${site.apiUrl}/provider/wallet/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-provider-key': key },
      body: JSON.stringify({ ...round, transactionId: `t-${randomBytes(8).toString('hex')}`, amount }),
    })
    if (res.status !== 200) throw new Error(`provider ${call}: ${res.status}`)
  }
}

/** A withdrawal by bank transfer as its form sends it, but for the form's actionKey and the amount. */
export const BANK_WITHDRAWAL = {
  method: 'bank_transfer',
  iban: 'ES91 2100 0418 4502 0005 1332',
  beneficiaryName: 'Lucía García',
  swift: 'CAIXESBBXXX',
  bankName: 'CaixaBank',
  zipCode: '28013',
  address: 'Calle Mayor 1',
}

/** Deposits `amount` (e.g. '20.00') by card without 3-D Secure, through the deposit page's form. */
export async function depositByCard(b: import('./http.ts').Browser, amount: string) {
  const form = await b.get('/en/user-management/deposit?method=moto')
  return b.post('/en/user-management/deposit?method=moto', {
    method: 'moto',
    actionKey: form.html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? '',
    holderName: 'Lucía García',
    cardNumber: '4242424242424242',
    month: '12',
    year: '2099',
    cvv2: '123',
    amount,
  })
}
