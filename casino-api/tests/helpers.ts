/**
 * Test harness: a real casino API per test file and backend (PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set, each API in a schema of its own that is dropped at the end), a clock
 * tests can move, and typed calls whose answers are checked against the contract.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { z } from 'zod'
import { calls, ErrorBody, servedByProvider, type CallName, type Calls, type ParamsIn } from '../contract/index.ts'
import { extractLink, readLatestMail } from '../src/mail/mail-box.ts'
import { startCasinoApi, type CasinoApi, type CasinoApiOptions } from '../src/server.ts'
import { checkLedger } from '../src/wallet/check.ts'
import { providerRecords } from '../../provider/server/reconcile.ts'
import { appCode } from './authenticator.ts'

// The limits come from vitest.config.ts (generous: these tests start databases, and the suite
// must pass on a busy machine); a tighter one here failed under CPU load.

export type Backend = 'pglite' | 'postgres'
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export const WEB_URL = 'http://web.test'
export const ADMIN_PASSWORD = 'admin-password-for-tests'
export const PROVIDER_SECRET = 'provider-secret-for-tests-0123456789'
/** The options of a call made by the game provider's server. */
export const AS_PROVIDER = { headers: { 'x-provider-key': PROVIDER_SECRET } }
/** Cheap argon2 for tests only; production keeps OWASP's parameters. */
export const FAST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 }
/** Test files register many players from one address; rate-limits.test.ts sets low limits of its own. */
const roomy = { perIp: { points: 10_000, durationSeconds: 60 }, perAccount: { points: 10_000, durationSeconds: 60 } }
export const ROOMY_RATE_LIMITS = {
  usernameCheck: roomy,
  registration: roomy,
  passwordReset: roomy,
  promoCodeAttempts: roomy,
}

export type CallOptions = { token?: string; ip?: string; headers?: Record<string, string> }
export type Answer = { status: number; body: unknown; headers: Headers }

export type TestApi = CasinoApi & {
  backend: Backend
  dataDir: string
  /** Moves the API's clock forward. */
  advance(ms: number): void
  /** The API's clock. */
  now(): Date
  call(name: CallName, params?: unknown, options?: CallOptions): Promise<Answer>
  /** A call that must succeed; its answer parsed with the call's answer schema. */
  ok<K extends CallName>(
    name: K,
    params: ParamsIn<Calls[K]>,
    options?: CallOptions,
  ): Promise<z.output<Calls[K]['answer']>>
  /** A call that must fail with `status`; its ErrorBody. */
  fail(
    name: CallName,
    params: unknown,
    status: number,
    options?: CallOptions,
  ): Promise<ErrorBody['error'] & { headers: Headers }>
  fetch(path: string, init?: RequestInit): Promise<Response>
}

/**
 * Starts one API per backend before the file's tests and closes them after. The getter gives
 * the API of a backend.
 */
export function useApis(options: Partial<CasinoApiOptions> = {}) {
  const apis = new Map<Backend, TestApi>()
  beforeAll(async () => {
    for (const backend of backends) apis.set(backend, await startTestApi(backend, options))
  })
  afterAll(async () => {
    await Promise.all([...apis.values()].map((api) => api.close()))
  })
  return (backend: Backend) => {
    const api = apis.get(backend)
    if (!api) throw new Error(`no API for ${backend}`)
    return api
  }
}

export async function startTestApi(backend: Backend, options: Partial<CasinoApiOptions> = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-api-test-'))
  let offset = 0
  const api = await startCasinoApi({
    port: 0,
    dataDir,
    webUrl: WEB_URL,
    adminPassword: ADMIN_PASSWORD,
    logger: false,
    passwordHashing: FAST_HASHING,
    rateLimits: ROOMY_RATE_LIMITS,
    providerSecret: PROVIDER_SECRET,
    now: () => new Date(Date.now() + offset),
    // The live table runs only where a test asks for it (live.test.ts), with short rounds.
    liveTables: false,
    // Slots spin as fast as the tests ask; the minimum round duration is tested on its own (slot-pace.test.ts).
    slotMinRoundMs: 0,
    ...(backend === 'postgres'
      ? {
          databaseUrl: process.env.TEST_DATABASE_URL,
          schema: `test_${randomBytes(6).toString('hex')}`,
          dropSchemaOnClose: true,
        }
      : {}),
    ...options,
  })

  const call = async (name: CallName, params: unknown = {}, o: CallOptions = {}): Promise<Answer> => {
    const def = calls[name]
    const headers: Record<string, string> = { ...o.headers }
    if (o.token) headers.authorization = `Bearer ${o.token}`
    if (o.ip) headers['x-forwarded-for'] = o.ip
    if (def.method === 'POST') headers['content-type'] ??= 'application/json'
    // The built-in provider's calls go to its own port, the casino's to the API's.
    const res = await fetch((servedByProvider(name) ? api.providerUrl : api.url) + def.path, {
      method: def.method,
      headers,
      body: def.method === 'POST' ? JSON.stringify(params) : undefined,
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
  }

  return {
    ...api,
    backend,
    dataDir,
    advance(ms) {
      offset += ms
    },
    now: () => new Date(Date.now() + offset),
    call,
    async ok(name, params, o) {
      const res = await call(name, params, o)
      expect(res.body, `${name} answered ${res.status}`).not.toHaveProperty('error')
      expect(res.status).toBe(200)
      return calls[name].answer.parse(res.body) as never
    },
    async fail(name, params, status, o) {
      const res = await call(name, params, o)
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      return { ...ErrorBody.parse(res.body).error, headers: res.headers }
    },
    fetch: (path, init) => fetch(api.url + path, init),
    async close() {
      await api.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * After every test of the file, the ledger's invariants are proved on each backend's whole
 * database (wallet/check.ts, as `npm run ledger:check` does).
 */
export function checkLedgerAfterEach(api: (backend: Backend) => TestApi) {
  afterEach(async () => {
    for (const backend of backends) {
      const report = await ledgerReport(api(backend))
      expect(report.violations, `ledger invariants on ${backend}`).toEqual([])
      expect(report.postingSum).toBe(0)
    }
  })
}

/** The ledger check of an API's database, with its embedded provider's rounds (wallet/check.ts). */
export const ledgerReport = (api: Pick<CasinoApi, 'db' | 'providerDb'>) =>
  checkLedger(api.db, providerRecords(api.providerDb))

// ---- players ----------------------------------------------------------------------------

let serial = 0
/** Valid registration params with a username, e-mail and phone no other test uses. */
export function newPlayer(overrides: Partial<ParamsIn<Calls['register_player']>> = {}) {
  serial += 1
  const tag = `${randomBytes(3).toString('hex')}${serial}`
  const phoneDigits = String(Number.parseInt(randomBytes(4).toString('hex'), 16))
    .padStart(10, '0')
    .slice(0, 9)
  return {
    username: `p_${tag}`,
    password: 'correct-horse-1',
    email: `${tag}@example.com`,
    phone: `+34 6${phoneDigits}`,
    gender: 'female' as const,
    birthday: '1990-04-01',
    firstName: 'Lucía',
    lastName: 'García',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'es',
    language: 'es' as const,
    currency: 'EUR' as const,
    newsletter: false,
    ageConfirmed: true,
    termsAccepted: true,
    currencyConfirmed: true,
    ...overrides,
  }
}

/** The token of the newest e-mailed link to `to` whose path contains `pathPart`. */
/** The editable contact fields of a profile update, for a player with this phone. */
export const contact = (p: { phone: string }) => ({
  phone: p.phone,
  address: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  country: 'es',
  language: 'es' as const,
  newsletter: false,
})

/** The newest e-mail to `to`, once the mails queued so far are written (they are jobs, sent after the answer). */
export async function latestMail(api: TestApi, to: string) {
  await api.mailSettled()
  return readLatestMail(api.dataDir, to)
}

export async function mailedToken(api: TestApi, to: string, pathPart: string) {
  const mail = await latestMail(api, to)
  expect(mail, `no e-mail to ${to}`).not.toBeNull()
  const link = extractLink(mail!, pathPart)
  expect(link, `no ${pathPart} link in the e-mail to ${to}`).not.toBeNull()
  return { mail: mail!, link: link!, token: new URL(link!).pathname.split('/').pop()! }
}

/** Registers, activates through the e-mailed link and logs in. */
export async function activePlayer(api: TestApi, overrides: Partial<ParamsIn<Calls['register_player']>> = {}) {
  const params = newPlayer(overrides)
  const { playerId } = await api.ok('register_player', params)
  const { token } = await mailedToken(api, params.email, '/activate/')
  await api.ok('activate_player', { token })
  const { accessToken } = await loginAnswer(api, { username: params.username, password: params.password })
  return { params, playerId, token: accessToken }
}

/** A log-in of an account without two-factor authentication: its token, not a challenge. */
export async function loginAnswer(api: TestApi, params: ParamsIn<Calls['login']>, options?: CallOptions) {
  const answer = await api.ok('login', params, options)
  if (!('accessToken' in answer)) throw new Error(`the log-in of ${params.username} asked for a code`)
  return answer
}

export const login = async (api: TestApi, username: string, password: string, options?: CallOptions) =>
  (await loginAnswer(api, { username, password }, options)).accessToken

/** The seeded admin's password once adminToken changed it. */
export const ADMIN_CHANGED_PASSWORD = 'admin-password-changed'
const adminTokens = new WeakMap<TestApi, string>()
const adminSecrets = new WeakMap<TestApi, string>()
/**
 * The seeded admin's token, made as an administrator must (once per test API): its first password
 * changed, then two-factor authentication turned on (ADR 0066), without which admin calls are refused.
 */
export async function adminToken(api: TestApi) {
  const known = adminTokens.get(api)
  if (known) return known
  const token = await login(api, 'admin', ADMIN_PASSWORD)
  await api.ok(
    'update_player_password',
    { oldPassword: ADMIN_PASSWORD, newPassword: ADMIN_CHANGED_PASSWORD },
    { token },
  )
  const { secret } = await turnOnTwoFactor(api, token, ADMIN_CHANGED_PASSWORD)
  adminSecrets.set(api, secret)
  adminTokens.set(api, token)
  return token
}

/** Another session of the seeded admin (after adminToken): the password, then the app's code. */
export async function adminLogin(api: TestApi, options?: CallOptions) {
  await adminToken(api)
  return loginWithCode(api, { username: 'admin', password: ADMIN_CHANGED_PASSWORD }, adminSecrets.get(api)!, options)
}

/** Two-factor authentication turned on for the session's account: its secret and recovery codes. */
export async function turnOnTwoFactor(api: TestApi, token: string, password: string) {
  const started = await api.ok('start_two_factor', { password }, { token })
  const secret = started.state.pending!.secret
  const on = await api.ok('confirm_two_factor', { code: await appCode(secret, { now: api.now }) }, { token })
  return { secret, recoveryCodes: on.recoveryCodes! }
}

/** A log-in of an account with two-factor authentication: the password, then a code of its app. */
export async function loginWithCode(
  api: TestApi,
  params: { username: string; password: string },
  secret: string,
  options?: CallOptions,
) {
  const first = await api.ok('login', params, options)
  if (!('challenge' in first)) throw new Error(`the log-in of ${params.username} asked for no code`)
  const code = await appCode(secret, { now: api.now })
  return (await api.ok('login_code', { challenge: first.challenge, code }, options)).accessToken
}
