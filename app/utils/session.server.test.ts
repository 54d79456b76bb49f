import { afterEach, expect, test } from 'vitest'
import { resetEnv } from './env.server.ts'
import {
  ABSOLUTE_TIMEOUT_SECONDS,
  commitSession,
  destroySession,
  getSession,
  IDLE_TIMEOUT_SECONDS,
  newSession,
  openSession,
  seal,
  unseal,
} from './session.server.ts'

const OLD = 'old-secret-0123456789abcdef0123456789abcdef'
const NEW = 'new-secret-0123456789abcdef0123456789abcdef'
const now = () => Math.floor(Date.now() / 1000)
const valueOf = (setCookie: string) => setCookie.split(';')[0]!.split('=').slice(1).join('=')

const savedEnv = { ...process.env }
afterEach(() => {
  process.env = { ...savedEnv }
  resetEnv()
})

async function sealed(data: { token?: string }, secrets = [NEW]) {
  const session = newSession()
  if (data.token) session.set('token', data.token)
  return valueOf(await commitSession(session, { secrets }))
}

test('a sealed session opens with its secret and keeps its data', async () => {
  const value = await sealed({ token: 'tok_abcdefghijklmnopqrstuvwxyz' })
  const session = openSession(value, [NEW])
  expect(session.isNew).toBe(false)
  expect(session.get('token')).toBe('tok_abcdefghijklmnopqrstuvwxyz')
})

test('the cookie is ciphertext: the token cannot be read from it', async () => {
  const value = await sealed({ token: 'tok_abcdefghijklmnopqrstuvwxyz' })
  expect(value).not.toContain('tok_')
  expect(Buffer.from(value.slice(3), 'base64url').toString('latin1')).not.toContain('tok_')
})

test('a tampered cookie opens as an empty session', async () => {
  const value = await sealed({ token: 'tok_abcdefghijklmnopqrstuvwxyz' })
  const i = 20
  const flipped = value.slice(0, i) + (value[i] === 'A' ? 'B' : 'A') + value.slice(i + 1)
  const session = openSession(flipped, [NEW])
  expect(session.isNew).toBe(true)
  expect(session.get('token')).toBeUndefined()
  expect(openSession('garbage', [NEW]).isNew).toBe(true)
  expect(openSession(value.slice(0, 30), [NEW]).isNew).toBe(true)
})

test('a session idle for more than 30 minutes is empty', async () => {
  const value = await sealed({ token: 'tok_abcdefghijklmnopqrstuvwxyz' })
  expect(openSession(value, [NEW], now() + IDLE_TIMEOUT_SECONDS - 5).get('token')).toBeDefined()
  expect(openSession(value, [NEW], now() + IDLE_TIMEOUT_SECONDS + 5).isNew).toBe(true)
})

test('a session older than 12 hours is empty even while active', () => {
  const t = now()
  const old = seal({ v: 1, c: t - ABSOLUTE_TIMEOUT_SECONDS - 5, a: t - 10, d: { token: 'tok' }, f: {} }, NEW)
  expect(openSession(old, [NEW], t).isNew).toBe(true)
  const young = seal({ v: 1, c: t - ABSOLUTE_TIMEOUT_SECONDS + 60, a: t - 10, d: { token: 'tok' }, f: {} }, NEW)
  expect(openSession(young, [NEW], t).get('token')).toBe('tok')
})

test('rotation: the old secret still opens, the new one seals', async () => {
  const byOld = await sealed({ token: 'tok_rotate' }, [OLD])
  const opened = openSession(byOld, [NEW, OLD])
  expect(opened.get('token')).toBe('tok_rotate')
  expect(opened.sealedWithOldSecret).toBe(true)
  const resealed = valueOf(await commitSession(opened, { secrets: [NEW, OLD] }))
  expect(unseal(resealed, [NEW])).not.toBeNull()
  expect(unseal(resealed, [OLD])).toBeNull()
  // A secret that was dropped no longer opens anything.
  expect(openSession(byOld, [NEW]).isNew).toBe(true)
})

test('flash values are read once', async () => {
  const session = newSession()
  session.flash('toast', { type: 'success', code: 'logged_out' })
  const reopened = openSession(valueOf(await commitSession(session, { secrets: [NEW] })), [NEW])
  expect(reopened.takeFlash('toast')).toEqual({ type: 'success', code: 'logged_out' })
  expect(reopened.takeFlash('toast')).toBeUndefined()
  expect(reopened.dirty).toBe(true)
})

test('production cookie: __Host- prefix, Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
  process.env.NODE_ENV = 'production'
  process.env.SESSION_SECRET = NEW
  process.env.PUBLIC_URL = 'https://casino.example'
  resetEnv()
  const cookie = await commitSession(newSession())
  expect(cookie).toMatch(/^__Host-casino=v1\./)
  expect(cookie).toMatch(/; Secure/)
  expect(cookie).toMatch(/; HttpOnly/)
  expect(cookie).toMatch(/; SameSite=Lax/)
  expect(cookie).toMatch(/; Path=\//)
  expect(cookie).not.toMatch(/Domain=/i)
  expect(await destroySession()).toMatch(/^__Host-casino=; Max-Age=0/)
})

test('development cookie: plain name, not Secure (plain http), still HttpOnly and Lax', async () => {
  process.env.NODE_ENV = 'development'
  delete process.env.SESSION_SECRET
  delete process.env.COOKIE_SECURE
  resetEnv()
  const cookie = await commitSession(newSession())
  expect(cookie).toMatch(/^casino=v1\./)
  expect(cookie).not.toMatch(/Secure/)
  expect(cookie).toMatch(/; HttpOnly/)
  expect(cookie).toMatch(/; SameSite=Lax/)
})

test('COOKIE_SECURE=false drops Secure in production (plain-http deployments)', async () => {
  process.env.NODE_ENV = 'production'
  process.env.SESSION_SECRET = NEW
  process.env.PUBLIC_URL = 'https://casino.example'
  process.env.COOKIE_SECURE = 'false'
  resetEnv()
  expect(await commitSession(newSession())).toMatch(/^casino=/)
})

test('getSession reads the cookie of a request', async () => {
  process.env.NODE_ENV = 'development'
  process.env.SESSION_SECRET = NEW
  resetEnv()
  const session = newSession()
  session.set('token', 'tok_from_request')
  const cookie = (await commitSession(session)).split(';')[0]!
  const request = new Request('http://localhost/', { headers: { Cookie: `lng=es; ${cookie}` } })
  expect((await getSession(request)).get('token')).toBe('tok_from_request')
  expect((await getSession(new Request('http://localhost/'))).isNew).toBe(true)
})
