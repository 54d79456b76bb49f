import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { addressKey } from '../src/site/geo.ts'
import type { RateLimitOverrides } from '../src/rate-limits.ts'
import {
  adminToken,
  backends,
  mailedToken,
  newPlayer,
  startTestApi,
  useApis,
  type CallOptions,
  type TestApi,
  loginAnswer,
} from './helpers.ts'

// Low limits, so that a test reaches them in a few calls; the defaults are far above what a
// person does (rate-limits.ts).
const LIMITS: RateLimitOverrides = {
  usernameCheck: { perIp: { points: 3, durationSeconds: 60 }, perAccount: { points: 2, durationSeconds: 60 } },
  registration: { perIp: { points: 3, durationSeconds: 3600 }, perAccount: { points: 2, durationSeconds: 3600 } },
  passwordReset: { perIp: { points: 3, durationSeconds: 3600 }, perAccount: { points: 2, durationSeconds: 3600 } },
  activationResend: { perIp: { points: 3, durationSeconds: 3600 }, perAccount: { points: 2, durationSeconds: 3600 } },
  voucherRedemption: { perIp: { points: 4, durationSeconds: 3600 }, perAccount: { points: 3, durationSeconds: 3600 } },
  promoCodeAttempts: { perIp: { points: 3, durationSeconds: 3600 }, perAccount: { points: 2, durationSeconds: 3600 } },
}

const api = useApis({ rateLimits: LIMITS })

let lastIp = 0
const freshIp = () => {
  lastIp += 1
  return `198.19.${lastIp >> 8}.${lastIp & 255}`
}
const name = () => `n_${randomBytes(4).toString('hex')}`

/** A 429 with the code, its wait in the message, in the body and in Retry-After. */
async function expectLimited(
  a: TestApi,
  call: Parameters<TestApi['fail']>[0],
  params: unknown,
  ip: string,
  code: string,
  maxSeconds: number,
  options: CallOptions = {},
) {
  const refused = await a.fail(call, params, 429, { ...options, ip })
  expect(refused.code).toBe(code)
  expect(refused.retryAfterSeconds).toBeGreaterThan(0)
  expect(refused.retryAfterSeconds).toBeLessThanOrEqual(maxSeconds)
  expect(refused.headers.get('retry-after')).toBe(String(refused.retryAfterSeconds))
  expect(refused.message).toContain(String(refused.args?.[0]))
  return refused
}

test.for(backends)('the username check is limited per address and per username [%s]', async (backend) => {
  const a = api(backend)
  const ip = freshIp()
  for (let i = 0; i < 3; i++)
    expect(await a.ok('validate_player_name', { username: name() }, { ip })).toEqual({ available: true })
  const refused = await expectLimited(
    a,
    'validate_player_name',
    { username: name() },
    ip,
    'username_checks_limited',
    60,
  )
  expect(refused.message).toMatch(/^Too many username checks\. Try again in \d+ s\.$/)
  // Another address is not affected...
  const wanted = name()
  await a.ok('validate_player_name', { username: wanted }, { ip: freshIp() })
  await a.ok('validate_player_name', { username: wanted.toUpperCase() }, { ip: freshIp() })
  // ...but one username cannot be checked from ever new addresses.
  await expectLimited(a, 'validate_player_name', { username: wanted }, freshIp(), 'username_checks_limited', 60)
})

test.for(backends)('registration is limited per address and per username and e-mail [%s]', async (backend) => {
  const a = api(backend)
  const ip = freshIp()
  for (let i = 0; i < 3; i++) await a.ok('register_player', newPlayer(), { ip })
  const refused = await expectLimited(a, 'register_player', newPlayer(), ip, 'registrations_limited', 3600)
  expect(refused.message).toMatch(/^Too many sign-up attempts\. Try again in \d+ min\.$/)
  expect(refused.args).toEqual([60])

  // Probing whether an e-mail has an account, from ever new addresses: only the clashes count,
  // so the second probe is the account's last.
  const first = newPlayer()
  await a.ok('register_player', first, { ip: freshIp() })
  for (let i = 0; i < 2; i++)
    expect((await a.fail('register_player', newPlayer({ email: first.email }), 409, { ip: freshIp() })).code).toBe(
      'email_taken',
    )
  await expectLimited(a, 'register_player', newPlayer({ email: first.email }), freshIp(), 'registrations_limited', 3600)
})

test.for(backends)(
  'failed registrations naming a free e-mail do not block its owner from signing up [%s]',
  async (backend) => {
    const a = api(backend)
    const victim = newPlayer()
    // An attacker sends sign-ups with the victim's address that fail for another reason (a taken username).
    const taken = newPlayer()
    await a.ok('register_player', taken, { ip: freshIp() })
    for (let i = 0; i < 2; i++)
      await a.fail('register_player', newPlayer({ username: taken.username, email: victim.email }), 409, {
        ip: freshIp(),
      })
    await a.ok('register_player', victim, { ip: freshIp() })
  },
)

test.for(backends)('forgotten-password requests are limited per address and per account [%s]', async (backend) => {
  const a = api(backend)
  const ip = freshIp()
  for (let i = 0; i < 3; i++)
    await a.fail('reset_player_password', { username: name(), email: `${name()}@example.com` }, 400, { ip })
  const refused = await expectLimited(
    a,
    'reset_player_password',
    { username: name(), email: `${name()}@example.com` },
    ip,
    'reset_requests_limited',
    3600,
  )
  expect(refused.message).toMatch(/^Too many password reset requests\. Try again in \d+ min\.$/)

  const player = newPlayer()
  await a.ok('register_player', player, { ip: freshIp() })
  for (let i = 0; i < 2; i++)
    await a.ok(
      'reset_player_password',
      { username: player.username, email: player.email, language: 'es' },
      { ip: freshIp() },
    )
  await expectLimited(
    a,
    'reset_player_password',
    { username: player.username, email: player.email },
    freshIp(),
    'reset_requests_limited',
    3600,
  )
})

test.for(backends)(
  "requests naming a victim with a wrong e-mail (or a wrong username) do not use up the victim's reset mails [%s]",
  async (backend) => {
    const a = api(backend)
    const victim = newPlayer()
    await a.ok('register_player', victim, { ip: freshIp() })
    for (let i = 0; i < 3; i++) {
      await a.fail('reset_player_password', { username: victim.username, email: `${name()}@example.com` }, 400, {
        ip: freshIp(),
      })
      await a.fail('reset_player_password', { username: name(), email: victim.email }, 400, { ip: freshIp() })
    }
    await a.ok(
      'reset_player_password',
      { username: victim.username, email: victim.email, language: 'es' },
      { ip: freshIp() },
    )
  },
)

test.for(backends)('activation e-mails are limited per address and per name typed [%s]', async (backend) => {
  const a = api(backend)
  const ip = freshIp()
  for (let i = 0; i < 3; i++) await a.ok('resend_activation', { login: name() }, { ip })
  const refused = await expectLimited(a, 'resend_activation', { login: name() }, ip, 'activation_resends_limited', 3600)
  expect(refused.message).toMatch(/^Too many activation e-mails requested\. Try again in \d+ min\.$/)
  const login = name()
  for (let i = 0; i < 2; i++) await a.ok('resend_activation', { login }, { ip: freshIp() })
  await expectLimited(a, 'resend_activation', { login }, freshIp(), 'activation_resends_limited', 3600)
})

test.for(backends)(
  'an IPv6 client is counted by its /64, and an IPv4-mapped address as the IPv4 one [%s]',
  async (backend) => {
    const a = api(backend)
    lastIp += 1
    const prefix = `2001:db8:${lastIp.toString(16)}:7`
    for (let i = 1; i <= 3; i++) await a.ok('validate_player_name', { username: name() }, { ip: `${prefix}::${i}` })
    await expectLimited(
      a,
      'validate_player_name',
      { username: name() },
      `${prefix}:ffff:1:2:3`,
      'username_checks_limited',
      60,
    )
    // Another /64 is another client.
    await a.ok('validate_player_name', { username: name() }, { ip: `2001:db8:${lastIp.toString(16)}:8::1` })

    const v4 = freshIp()
    for (let i = 0; i < 3; i++)
      await a.ok('validate_player_name', { username: name() }, { ip: i % 2 ? `::ffff:${v4}` : v4 })
    await expectLimited(a, 'validate_player_name', { username: name() }, `::ffff:${v4}`, 'username_checks_limited', 60)
  },
)

const wrongCode = () => `WRONG${randomBytes(5).toString('hex').toUpperCase()}`

/** A logged-in player who signed up from an address of their own (sign-ups are limited here too). */
async function playerFrom(a: TestApi) {
  const params = newPlayer()
  await a.ok('register_player', params, { ip: freshIp() })
  await a.ok('activate_player', { token: (await mailedToken(a, params.email, '/activate/')).token })
  return (await loginAnswer(a, { username: params.username, password: params.password })).accessToken
}

test.for(backends)(
  'wrong voucher codes are limited per player and per address; redeemed vouchers do not count [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const minted = (await a.ok('mint_vouchers', { amount: 20_00, count: 5 }, { token: admin })).items
    const redeem = (token: string, ip: string, voucherCode: string) =>
      a.call('cashlib_deposit_processor', { voucherCode }, { token, ip, headers: { 'idempotency-key': name() } })
    const balanceOf = async (token: string) => (await a.ok('get_player_balance', {}, { token })).real

    const ip = freshIp()
    const guesser = await playerFrom(a)
    for (let i = 0; i < 3; i++) expect((await redeem(guesser, ip, wrongCode())).status).toBe(400)
    // The next try is refused before its code is looked at: a good voucher is not redeemed either.
    const good = minted[0]!.code
    const refused = await expectLimited(
      a,
      'cashlib_deposit_processor',
      { voucherCode: good },
      ip,
      'voucher_attempts_limited',
      3600,
      { token: guesser, headers: { 'idempotency-key': name() } },
    )
    expect(refused.message).toMatch(/^Too many wrong voucher codes\. Try again in \d+ min\.$/)
    expect(refused.args).toEqual([60])
    // Per player: from another address too.
    expect((await redeem(guesser, freshIp(), good)).status).toBe(429)
    expect(await balanceOf(guesser)).toBe(0)
    // Per address: another player there is refused too (the four tries from it counted)...
    const neighbour = await playerFrom(a)
    expect((await redeem(neighbour, ip, good)).status).toBe(429)
    // ...and tries from elsewhere.
    expect((await redeem(neighbour, freshIp(), wrongCode())).status).toBe(400)
    expect((await a.ok('list_vouchers', {}, { token: admin })).items.every((v) => v.redeemedAt === null)).toBe(true)

    // Four vouchers redeemed in a row, more than either limit, from one address: each gives its try back.
    const shopper = await playerFrom(a)
    const shop = freshIp()
    for (const voucher of minted.slice(1)) expect((await redeem(shopper, shop, voucher.code)).status).toBe(200)
    expect(await balanceOf(shopper)).toBe(80_00)
    expect((await redeem(shopper, shop, wrongCode())).status).toBe(400)
    // The good voucher the guesser was refused is still good for a player in the clear.
    expect((await redeem(shopper, shop, good)).status).toBe(200)
  },
)

// Several instances of the casino API on one PostgreSQL schema share the counters.
test.for(backends.filter((b) => b === 'postgres'))(
  'two casino API instances on one database count together [%s]',
  async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`
    const one = await startTestApi('postgres', { schema, dropSchemaOnClose: false, rateLimits: LIMITS })
    try {
      const two = await startTestApi('postgres', { schema, dropSchemaOnClose: true, rateLimits: LIMITS })
      try {
        const ip = freshIp()
        await one.ok('validate_player_name', { username: name() }, { ip })
        await two.ok('validate_player_name', { username: name() }, { ip })
        await one.ok('validate_player_name', { username: name() }, { ip })
        await expectLimited(two, 'validate_player_name', { username: name() }, ip, 'username_checks_limited', 60)
        await expectLimited(one, 'validate_player_name', { username: name() }, ip, 'username_checks_limited', 60)
      } finally {
        await two.close()
      }
    } finally {
      await one.close()
    }
  },
)

test('address keys: IPv4 as it is, IPv4-mapped as IPv4, IPv6 by its /64 whatever its spelling', () => {
  expect(addressKey('198.51.100.7')).toBe('198.51.100.7')
  expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
  expect(addressKey('2001:DB8:0:1:a:b:c:d')).toBe('2001:db8:0:1::/64')
  expect(addressKey('2001:db8::1:0:0:1')).toBe('2001:db8:0:0::/64')
  expect(addressKey('2001:0db8:0000:0001::1')).toBe('2001:db8:0:1::/64')
  expect(addressKey('::1')).toBe('0:0:0:0::/64')
  expect(addressKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64')
  expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
})

test.for(backends)(
  'wrong promo codes are limited per address (a good code gives its point back) [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const good = `OK${randomBytes(4).toString('hex').toUpperCase()}`
    await a.ok('create_promo_code', { code: good, bonusType: 'welcome_deposit', maxUses: 5 }, { token: admin })
    const ip = freshIp()
    for (let i = 0; i < 5; i++) await a.ok('validate_promo_code', { code: good }, { ip })
    for (let i = 0; i < 3; i++)
      expect((await a.fail('validate_promo_code', { code: `NO${i}` }, 400, { ip })).code).toBe('invalid_promo_code')
    const refused = await expectLimited(
      a,
      'validate_promo_code',
      { code: good },
      ip,
      'promo_code_attempts_limited',
      3600,
    )
    expect(refused.message).toMatch(/^Too many wrong promo codes\. Try again in \d+ min\.$/)
    // Registration with a code counts the same way.
    expect((await a.fail('register_player', newPlayer({ promoCode: 'NOPE' }), 429, { ip })).code).toBe(
      'promo_code_attempts_limited',
    )
    // Another address is not affected.
    await a.ok('validate_promo_code', { code: good }, { ip: freshIp() })
  },
)
