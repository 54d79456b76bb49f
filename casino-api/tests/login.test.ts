import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { players } from '../src/db/schema.ts'
import { setSetting } from '../src/settings.ts'
import { ADMIN_PASSWORD, activePlayer, backends, login, useApis } from './helpers.ts'

const api = useApis()

// Each test logs in from addresses of its own (through the trusted loopback proxy), so that
// the per-ip lockout of one test does not leak into another.
let lastOctet = 0
const freshIp = () => `203.0.113.${++lastOctet}`

test.for(backends)('a wrong password and an unknown username get the same answer [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const ip = freshIp()
  const wrong = await a.fail('login', { username: params.username, password: 'wrong-password' }, 400, { ip })
  expect(wrong).toMatchObject({ code: 'wrong_credentials', message: 'Wrong username or password.' })
  expect(wrong.fields).toBeUndefined()
  const unknown = await a.fail('login', { username: 'nobody_here', password: 'wrong-password' }, 400, { ip })
  expect({ ...unknown, headers: undefined }).toEqual({ ...wrong, headers: undefined })
  expect((await a.fail('login', { username: '', password: '' }, 400, { ip })).fields).toEqual({ username: ['field_required'], password: ['field_required'] })
})

test.for(backends)('five failures lock the account for 15 minutes [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const ip = freshIp()
  for (let i = 0; i < 4; i++) {
    expect((await a.fail('login', { username: params.username, password: `wrong-${i}` }, 400, { ip })).code).toBe('wrong_credentials')
  }
  const locked = await a.fail('login', { username: params.username, password: 'wrong-5' }, 429, { ip })
  expect(locked).toMatchObject({
    code: 'account_locked',
    message: 'Too many failed log-ins for this account. Try again in 15 minutes or reset your password.',
    args: [15],
    retryAfterSeconds: 900,
  })
  expect(locked.headers.get('retry-after')).toBe('900')

  // Locked even with the right password, from any address.
  expect((await a.fail('login', { username: params.username, password: params.password }, 429, { ip: freshIp() })).code).toBe('account_locked')
  a.advance(10 * 60_000)
  const later = await a.fail('login', { username: params.username, password: params.password }, 429, { ip })
  expect(later).toMatchObject({ args: [5], retryAfterSeconds: 300 })

  a.advance(5 * 60_000 + 1000)
  await login(a, params.username, params.password, { ip })
})

test.for(backends)('a successful log-in clears the failure counter [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const ip = freshIp()
  for (let i = 0; i < 4; i++) await a.fail('login', { username: params.username, password: 'wrong' }, 400, { ip })
  await login(a, params.username, params.password, { ip })
  for (let i = 0; i < 4; i++) await a.fail('login', { username: params.username, password: 'wrong' }, 400, { ip })
  await login(a, params.username, params.password, { ip })
})

test.for(backends)('unknown usernames lock like real ones, so the lock tells nothing [%s]', async (backend) => {
  const a = api(backend)
  const ip = freshIp()
  for (let i = 0; i < 4; i++) await a.fail('login', { username: 'ghost_player', password: 'x' }, 400, { ip })
  expect((await a.fail('login', { username: 'Ghost_Player', password: 'x' }, 429, { ip })).code).toBe('account_locked')
})

test.for(backends)('twenty failures from one address lock that address [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const ip = freshIp()
  // Different usernames, so that no account lock comes first.
  for (let i = 0; i < 19; i++) {
    expect((await a.fail('login', { username: `someone_${i}`, password: 'guess' }, 400, { ip })).code).toBe('wrong_credentials')
  }
  const locked = await a.fail('login', { username: 'someone_19', password: 'guess' }, 429, { ip })
  expect(locked).toMatchObject({ code: 'ip_locked', args: [15], retryAfterSeconds: 900 })
  expect(locked.message).toBe('Too many failed log-ins from your connection. Try again in 15 minutes.')
  expect((await a.fail('login', { username: params.username, password: params.password }, 429, { ip })).code).toBe('ip_locked')
  // The same player from elsewhere is fine.
  await login(a, params.username, params.password, { ip: freshIp() })
  a.advance(15 * 60_000 + 1000)
  await login(a, params.username, params.password, { ip })
})

test.for(backends)('closed and suspended accounts cannot log in [%s]', async (backend) => {
  const a = api(backend)
  const closed = await activePlayer(a)
  const suspended = await activePlayer(a)
  await a.db.update(players).set({ status: 'closed' }).where(eq(players.id, closed.playerId))
  await a.db.update(players).set({ status: 'suspended' }).where(eq(players.id, suspended.playerId))
  const ip = freshIp()
  expect(await a.fail('login', { username: closed.params.username, password: closed.params.password }, 403, { ip })).toMatchObject({
    code: 'account_closed',
    message: 'This account is closed. Please contact support.',
  })
  expect((await a.fail('login', { username: suspended.params.username, password: suspended.params.password }, 403, { ip })).code).toBe('account_closed')
  // Their live tokens stop working too.
  expect((await a.fail('player', {}, 401, { token: closed.token })).code).toBe('unauthorized')
  // A wrong password still gets the usual answer: the state is only told to the owner.
  expect((await a.fail('login', { username: closed.params.username, password: 'wrong' }, 400, { ip })).code).toBe('wrong_credentials')
})

test.for(backends)('with the site switched off players cannot log in, administrators can [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const now = new Date()
  await setSetting(a.db, 'siteAccess', false, now)
  try {
    const refused = await a.fail('login', { username: params.username, password: params.password }, 403, { ip: freshIp() })
    expect(refused).toMatchObject({ code: 'site_disabled', message: "You can't access the site." })
    await login(a, 'admin', ADMIN_PASSWORD, { ip: freshIp() })
  } finally {
    await setSetting(a.db, 'siteAccess', true, now)
  }
  await login(a, params.username, params.password, { ip: freshIp() })
})
