import { eq } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'
import { players, settings } from '../src/db/schema.ts'
import { pruneSpentRows } from '../src/maintenance.ts'
import { setSetting } from '../src/site/settings.ts'
import { ADMIN_PASSWORD, activePlayer, backends, login, useApis, type TestApi, loginAnswer } from './helpers.ts'

const api = useApis()

// Each test logs in from addresses of its own (through the trusted loopback proxy), so that
// the per-ip lockout of one test does not leak into another.
let lastIp = 0
const freshIp = () => {
  lastIp += 1
  return `198.18.${lastIp >> 8}.${lastIp & 255}`
}

test.for(backends)('a wrong password and an unknown username get the same answer [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const ip = freshIp()
  const wrong = await a.fail('login', { username: params.username, password: 'wrong-password' }, 400, { ip })
  expect(wrong).toMatchObject({ code: 'wrong_credentials', message: 'Wrong username or password.' })
  expect(wrong.fields).toBeUndefined()
  const unknown = await a.fail('login', { username: 'nobody_here', password: 'wrong-password' }, 400, { ip })
  expect({ ...unknown, headers: undefined }).toEqual({ ...wrong, headers: undefined })
  expect((await a.fail('login', { username: '', password: '' }, 400, { ip })).fields).toEqual({
    username: ['field_required'],
    password: ['field_required'],
  })
})

test.for(backends)(
  'failures from untrusted clients slow the account down with a growing wait [%s]',
  async (backend) => {
    const a = api(backend)
    const { params } = await activePlayer(a)
    for (let i = 0; i < 4; i++) {
      expect(
        (await a.fail('login', { username: params.username, password: `wrong-${i}` }, 400, { ip: freshIp() })).code,
      ).toBe('wrong_credentials')
    }
    const fifth = await a.fail('login', { username: params.username, password: 'wrong-5' }, 429, { ip: freshIp() })
    expect(fifth).toMatchObject({
      code: 'account_slowed',
      message: 'Too many wrong passwords for this account. Try again in 1 s or reset your password.',
      args: [1],
      retryAfterSeconds: 1,
    })
    expect(fifth.headers.get('retry-after')).toBe('1')
    // During the wait even the right password is not looked at, from any address.
    expect(
      (await a.fail('login', { username: params.username, password: params.password }, 429, { ip: freshIp() })).code,
    ).toBe('account_slowed')

    // Each further failure doubles the wait...
    const waits: number[] = []
    let wait = 1
    for (let i = 0; i < 11; i++) {
      a.advance(wait * 1000)
      const next = await a.fail('login', { username: params.username, password: 'still-wrong' }, 429, { ip: freshIp() })
      wait = next.retryAfterSeconds ?? 0
      expect(next.headers.get('retry-after')).toBe(String(wait))
      waits.push(wait)
      if (wait >= 120) expect(next).toMatchObject({ code: 'account_locked', args: [Math.ceil(wait / 60)] })
    }
    // ...up to 15 minutes.
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900])

    // A try during the wait is refused with what is left, and does not make the wait longer.
    a.advance(600_000)
    const during = await a.fail('login', { username: params.username, password: 'wrong' }, 429, { ip: freshIp() })
    expect(during).toMatchObject({
      code: 'account_locked',
      message: 'Too many failed log-ins for this account. Try again in 5 minutes or reset your password.',
    })
    // 300 s, less the real time the calls took.
    expect(during.retryAfterSeconds).toBeGreaterThan(290)
    expect(during.retryAfterSeconds).toBeLessThanOrEqual(300)
    a.advance(300_000)
    await login(a, params.username, params.password, { ip: freshIp() })
  },
)

test.for(backends)('a locked account still lets its trusted device in [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const { deviceToken } = await loginAnswer(
    a,
    { username: params.username, password: params.password },
    { ip: freshIp() },
  )
  expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
  await slowDown(a, params.username, 15 * 60_000)

  // The attacker, even with the right password, waits 15 minutes; the player's device does not.
  expect(
    (await a.fail('login', { username: params.username, password: params.password }, 429, { ip: freshIp() }))
      .retryAfterSeconds,
  ).toBeGreaterThan(890)
  const trusted = await loginAnswer(
    a,
    { username: params.username, password: params.password, deviceToken },
    { ip: freshIp() },
  )
  expect((await a.ok('player', {}, { token: trusted.accessToken })).username).toBe(params.username)
  // The device gets a new token; the old one is spent.
  expect(trusted.deviceToken).not.toBe(deviceToken)
  expect(
    (
      await a.fail('login', { username: params.username, password: params.password, deviceToken }, 429, {
        ip: freshIp(),
      })
    ).code,
  ).toBe('account_locked')
  // The player's log-in does not reset the attacker's wait.
  expect(
    (await a.fail('login', { username: params.username, password: params.password }, 429, { ip: freshIp() })).code,
  ).toBe('account_locked')
  await loginAnswer(
    a,
    { username: params.username, password: params.password, deviceToken: trusted.deviceToken },
    { ip: freshIp() },
  )
})

test.for(backends)('a device token of another account, or a made-up one, does not help [%s]', async (backend) => {
  const a = api(backend)
  const other = await activePlayer(a)
  const { deviceToken } = await loginAnswer(
    a,
    { username: other.params.username, password: other.params.password },
    { ip: freshIp() },
  )
  const { params } = await activePlayer(a)
  await slowDown(a, params.username, 60_000)
  for (const token of [deviceToken, 'A'.repeat(43), 'not a token']) {
    expect(
      (
        await a.fail('login', { username: params.username, password: params.password, deviceToken: token }, 429, {
          ip: freshIp(),
        })
      ).code,
    ).toBe('account_slowed')
  }
  // The other account's token still works for its own account.
  await loginAnswer(
    a,
    { username: other.params.username, password: other.params.password, deviceToken },
    { ip: freshIp() },
  )
})

test.for(backends)(
  'failures from a trusted device count against that device only, and lock it out [%s]',
  async (backend) => {
    const a = api(backend)
    const { params } = await activePlayer(a)
    const phone = (await loginAnswer(a, { username: params.username, password: params.password }, { ip: freshIp() }))
      .deviceToken
    const laptop = (await loginAnswer(a, { username: params.username, password: params.password }, { ip: freshIp() }))
      .deviceToken
    const ip = freshIp()
    for (let i = 0; i < 5; i++) {
      expect(
        (await a.fail('login', { username: params.username, password: `typo-${i}`, deviceToken: phone }, 400, { ip }))
          .code,
      ).toBe('wrong_credentials')
    }
    // The account is not slowed down by them: an untrusted client still gets its free tries.
    for (let i = 0; i < 4; i++)
      await a.fail('login', { username: params.username, password: 'wrong' }, 400, { ip: freshIp() })
    // The fifth untrusted failure starts the wait; the phone, out of tries, now waits like anyone...
    await a.fail('login', { username: params.username, password: 'wrong' }, 429, { ip: freshIp() })
    expect(
      (await a.fail('login', { username: params.username, password: params.password, deviceToken: phone }, 429, { ip }))
        .code,
    ).toBe('account_slowed')
    // ...while the laptop, another device of the account, gets in.
    await loginAnswer(
      a,
      { username: params.username, password: params.password, deviceToken: laptop },
      { ip: freshIp() },
    )
  },
)

test.for(backends)(
  'wrong current passwords on change-password count against the session, which is signed out at the fifth [%s]',
  async (backend) => {
    const a = api(backend)
    const { params, token } = await activePlayer(a)
    const ip = freshIp()
    for (let i = 0; i < 4; i++)
      expect((await a.fail('update_player_password', change(`guess-${i}`), 400, { token, ip })).code).toBe(
        'old_password_wrong',
      )
    // The account is not slowed down by them: the player logs in from anywhere...
    const other = await login(a, params.username, params.password, { ip: freshIp() })
    // ...and the fifth wrong guess of the session ends it.
    expect((await a.fail('update_player_password', change('guess-5'), 401, { token, ip })).code).toBe(
      'signed_out_password_attempts',
    )
    expect((await a.fail('player', {}, 401, { token })).code).toBe('unauthorized')
    // Another session of the player has its own count.
    await a.ok('update_player_password', change(params.password), { token: other, ip })
  },
)

test.for(backends)(
  "failed log-ins by strangers do not slow down the logged-in player's own password change [%s]",
  async (backend) => {
    const a = api(backend)
    const { params, token } = await activePlayer(a)
    await slowDown(a, params.username, 60_000)
    expect(
      (await a.fail('login', { username: params.username, password: params.password }, 429, { ip: freshIp() })).code,
    ).toBe('account_slowed')
    await a.ok('update_player_password', change(params.password), { token, ip: freshIp() })
  },
)

test.for(backends)('an IPv6 client is locked by its /64, not address by address [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  lastIp += 1
  const prefix = `2001:db8:${lastIp.toString(16)}:1`
  for (let i = 0; i < 19; i++) {
    expect(
      (await a.fail('login', { username: `someone_${i}`, password: 'guess' }, 400, { ip: `${prefix}::${i + 1}` })).code,
    ).toBe('wrong_credentials')
  }
  expect(
    (await a.fail('login', { username: 'someone_19', password: 'guess' }, 429, { ip: `${prefix}:a:b:c:d` })).code,
  ).toBe('ip_locked')
  expect(
    (await a.fail('login', { username: params.username, password: params.password }, 429, { ip: `${prefix}::beef` }))
      .code,
  ).toBe('ip_locked')
  await login(a, params.username, params.password, { ip: `2001:db8:${lastIp.toString(16)}:2::1` })
})

const change = (oldPassword: string) => ({ oldPassword, newPassword: 'a-new-password-9' })

/** Wrong passwords from ever new addresses, waiting out each wait on the API's clock, until the account's wait reaches `ms`. */
async function slowDown(a: TestApi, username: string, ms: number) {
  for (let i = 0; i < 40; i++) {
    const res = await a.call('login', { username, password: `guess-${i}` }, { ip: freshIp() })
    if (res.status === 429) {
      const seconds = (res.body as { error: { retryAfterSeconds: number } }).error.retryAfterSeconds
      if (seconds * 1000 >= ms) return
      a.advance(seconds * 1000)
    } else {
      expect(res.status).toBe(400)
    }
  }
  throw new Error('the account never slowed down')
}

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
  expect((await a.fail('login', { username: 'Ghost_Player', password: 'x' }, 429, { ip })).code).toBe('account_slowed')
})

test.for(backends)('twenty failures from one address lock that address [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const ip = freshIp()
  // Different usernames, so that no account lock comes first.
  for (let i = 0; i < 19; i++) {
    expect((await a.fail('login', { username: `someone_${i}`, password: 'guess' }, 400, { ip })).code).toBe(
      'wrong_credentials',
    )
  }
  const locked = await a.fail('login', { username: 'someone_19', password: 'guess' }, 429, { ip })
  expect(locked).toMatchObject({ code: 'ip_locked', args: [15], retryAfterSeconds: 900 })
  expect(locked.message).toBe('Too many failed log-ins from your connection. Try again in 15 minutes.')
  expect((await a.fail('login', { username: params.username, password: params.password }, 429, { ip })).code).toBe(
    'ip_locked',
  )
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
  expect(
    await a.fail('login', { username: closed.params.username, password: closed.params.password }, 403, { ip }),
  ).toMatchObject({
    code: 'account_closed',
    message: 'This account is closed. Please contact support.',
  })
  expect(
    (await a.fail('login', { username: suspended.params.username, password: suspended.params.password }, 403, { ip }))
      .code,
  ).toBe('account_closed')
  // Their live tokens stop working too.
  expect((await a.fail('player', {}, 401, { token: closed.token })).code).toBe('unauthorized')
  // A wrong password still gets the usual answer: the state is only told to the owner.
  expect((await a.fail('login', { username: closed.params.username, password: 'wrong' }, 400, { ip })).code).toBe(
    'wrong_credentials',
  )
})

test.for(backends)('with the site switched off players cannot log in, administrators can [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  const now = new Date()
  await setSetting(a.db, 'siteAccess', false, now)
  try {
    const refused = await a.fail('login', { username: params.username, password: params.password }, 403, {
      ip: freshIp(),
    })
    expect(refused).toMatchObject({ code: 'site_disabled', message: "You can't access the site." })
    await login(a, 'admin', ADMIN_PASSWORD, { ip: freshIp() })
  } finally {
    await setSetting(a.db, 'siteAccess', true, now)
  }
  await login(a, params.username, params.password, { ip: freshIp() })
})

test.for(backends)(
  'a log-in reads the site settings once (geo-blocking and site access share them) [%s]',
  async (backend) => {
    const a = api(backend)
    const { params } = await activePlayer(a)
    const read: unknown[] = []
    const select = a.db.select.bind(a.db)
    const spy = vi.spyOn(a.db, 'select').mockImplementation(((...args: Parameters<typeof select>) => {
      const query = select(...args)
      const from = query.from.bind(query)
      return Object.assign(query, { from: (table: Parameters<typeof from>[0]) => (read.push(table), from(table)) })
    }) as typeof a.db.select)
    try {
      await login(a, params.username, params.password, { ip: freshIp() })
    } finally {
      spy.mockRestore()
    }
    expect(read.filter((table) => table === settings)).toHaveLength(1)
  },
)

test.for(backends)(
  "each log-in tells the one before it, and the profile the latest other than the asker's; a year on they are gone [%s]",
  async (backend) => {
    const a = api(backend)
    const { params } = await activePlayer(a)
    // activePlayer logged in once, from the test's own address (loopback: no country here).
    const first = await loginAnswer(a, { username: params.username, password: params.password }, { ip: '81.45.0.1' })
    expect(first.previousLogin).toMatchObject({ at: expect.any(String), countryCode: null })
    a.advance(60_000)
    const second = await loginAnswer(a, { username: params.username, password: params.password }, { ip: '8.8.8.8' })
    expect(second.previousLogin).toEqual({ at: expect.any(String), ip: '81.45.0.1', countryCode: 'ES' })
    // A refused try is no log-in: the next one still names the second.
    await a.fail('login', { username: params.username, password: 'wrong-password' }, 400, { ip: '8.8.4.4' })
    a.advance(60_000)
    const third = await loginAnswer(a, { username: params.username, password: params.password }, { ip: '198.18.200.1' })
    expect(third.previousLogin).toMatchObject({ ip: '8.8.8.8', countryCode: 'US' })
    expect(Date.parse(third.previousLogin!.at)).toBeGreaterThan(Date.parse(second.previousLogin!.at))

    // Each session is shown the latest log-in but its own: the newest sees the second, the
    // others the newest (an address no geo database places has no country).
    const otherOf = async (token: string) => (await a.ok('get_player_profile', {}, { token })).otherLogin
    expect(await otherOf(third.accessToken)).toMatchObject({ ip: '8.8.8.8', countryCode: 'US' })
    expect(await otherOf(first.accessToken)).toEqual({ at: expect.any(String), ip: '198.18.200.1', countryCode: null })
    // Another player's log-ins are not this one's.
    const other = await activePlayer(a)
    expect(await otherOf(other.token)).toBeNull()

    // Kept a year: after that the next log-in has none before it.
    const later = new Date(Date.now() + 366 * 24 * 3600_000)
    await pruneSpentRows(a.db, later)
    const again = await loginAnswer(a, { username: params.username, password: params.password }, { ip: '81.45.0.1' })
    expect(again.previousLogin).toBeNull()
  },
)
