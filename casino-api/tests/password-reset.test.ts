import { expect, test } from 'vitest'
import { DEFAULT_RATE_LIMITS } from '../src/rate-limits.ts'
import {
  activePlayer,
  backends,
  contact,
  latestMail,
  login,
  mailedToken,
  ROOMY_RATE_LIMITS,
  useApis,
  WEB_URL,
  loginAnswer,
} from './helpers.ts'

// The default per-account limit of reset mails, with room for the many players of one address.
const api = useApis({
  rateLimits: {
    ...ROOMY_RATE_LIMITS,
    passwordReset: { ...ROOMY_RATE_LIMITS.passwordReset, perAccount: DEFAULT_RATE_LIMITS.passwordReset.perAccount },
  },
})

test.for(backends)('a reset link sets a new password once and signs out every session [%s]', async (backend) => {
  const a = api(backend)
  const { params, token: session } = await activePlayer(a)

  const wrong = await a.fail(
    'reset_player_password',
    { username: params.username, email: 'someone.else@example.com' },
    400,
  )
  expect(wrong).toMatchObject({ code: 'wrong_username_or_email', message: 'Wrong username or e-mail address.' })
  expect((await a.fail('reset_player_password', { username: 'nobody_at_all', email: params.email }, 400)).code).toBe(
    'wrong_username_or_email',
  )

  expect(
    await a.ok('reset_player_password', {
      username: params.username.toUpperCase(),
      email: params.email.toUpperCase(),
      language: 'en',
    }),
  ).toEqual({
    ok: true,
    message: 'reset_email_sent',
  })
  const { mail, link, token } = await mailedToken(a, params.email, '/reset-password/')
  expect(mail.subject).toBe('Reset your password')
  expect(link).toBe(`${WEB_URL}/en/reset-password/${token}`)

  expect((await a.fail('confirm_password_reset', { token, password: 'short' }, 400)).fields).toEqual({
    password: ['password_too_short'],
  })
  expect(await a.ok('confirm_password_reset', { token, password: 'brand-new-secret' })).toEqual({
    ok: true,
    message: 'password_reset_done',
  })

  expect((await a.fail('player', {}, 401, { token: session })).code).toBe('unauthorized')
  expect((await a.fail('login', { username: params.username, password: params.password }, 400)).code).toBe(
    'wrong_credentials',
  )
  const again = await login(a, params.username, 'brand-new-secret')
  // Told by e-mail and in the mailbox, in the player's language; then the log-in from a browser
  // with no device token is told too.
  expect((await latestMail(a, params.email))?.subject).toBe('Nuevo inicio de sesión en tu cuenta')
  const { items } = await a.ok('get_mailbox', { page: 1, pageSize: 10 }, { token: again })
  expect(items.map((m) => m.subject)).toEqual(['Nuevo inicio de sesión en tu cuenta', 'Tu contraseña ha cambiado'])
  expect(items[1]!.html).toContain('restableció con un enlace')

  const used = await a.fail('confirm_password_reset', { token, password: 'yet-another-one' }, 400)
  expect(used).toMatchObject({ code: 'reset_token_invalid' })
})

test.for(backends)('a reset link in Spanish has no language prefix [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const { mail, link, token } = await mailedToken(a, params.email, '/reset-password/')
  expect(mail.subject).toBe('Restablece tu contraseña')
  expect(link).toBe(`${WEB_URL}/reset-password/${token}`)
})

test.for(backends)('a reset link expires after an hour [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const { token } = await mailedToken(a, params.email, '/reset-password/')
  a.advance(60 * 60_000 + 1000)
  expect((await a.fail('confirm_password_reset', { token, password: 'brand-new-secret' }, 400)).code).toBe(
    'reset_token_invalid',
  )
  await login(a, params.username, params.password)
})

test.for(backends)('a newer reset link does not revive an older one once one was used [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const older = (await mailedToken(a, params.email, '/reset-password/')).token
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const newer = (await mailedToken(a, params.email, '/reset-password/')).token
  expect(newer).not.toBe(older)
  await a.ok('confirm_password_reset', { token: newer, password: 'brand-new-secret' })
  expect((await a.fail('confirm_password_reset', { token: older, password: 'other-secret-1' }, 400)).code).toBe(
    'reset_token_invalid',
  )
})

test.for(backends)(
  'reset e-mails are limited to three an hour per account, with the reset message [%s]',
  async (backend) => {
    const a = api(backend)
    const { params } = await activePlayer(a)
    for (let i = 0; i < 3; i++)
      await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
    const limited = await a.fail('reset_player_password', { username: params.username, email: params.email }, 429)
    expect(limited.code).toBe('reset_requests_limited')
    expect(limited.retryAfterSeconds).toBeGreaterThan(3500)
    expect(limited.headers.get('retry-after')).toBe(String(limited.retryAfterSeconds))
  },
)

test.for(backends)('a password reset lifts the account lockout [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  for (let i = 0; i < 4; i++)
    await a.fail('login', { username: params.username, password: 'wrong' }, 400, { ip: '198.51.100.7' })
  expect(
    (await a.fail('login', { username: params.username, password: 'wrong' }, 429, { ip: '198.51.100.7' })).code,
  ).toBe('account_slowed')
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const { token } = await mailedToken(a, params.email, '/reset-password/')
  await a.ok('confirm_password_reset', { token, password: 'brand-new-secret' })
  await login(a, params.username, 'brand-new-secret', { ip: '198.51.100.8' })
})

test.for(backends)('a reset link also activates a pending account: it proves the mailbox [%s]', async (backend) => {
  const a = api(backend)
  const { newPlayer } = await import('./helpers.ts')
  const params = newPlayer()
  await a.ok('register_player', params)
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const { token } = await mailedToken(a, params.email, '/reset-password/')
  await a.ok('confirm_password_reset', { token, password: 'brand-new-secret' })
  await login(a, params.username, 'brand-new-secret')
})

test.for(backends)('a reset to the current password is refused and leaves the link usable [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'en' })
  const { token } = await mailedToken(a, params.email, '/reset-password/')
  const same = await a.fail('confirm_password_reset', { token, password: params.password }, 400)
  expect(same).toMatchObject({ code: 'password_unchanged', fields: { password: ['password_unchanged'] } })
  expect(await a.ok('check_password_reset_token', { token })).toEqual({ state: 'valid' })
  await a.ok('confirm_password_reset', { token, password: 'brand-new-secret' })
})

test.for(backends)(
  'a password change or reset drops a pending e-mail change and every device token [%s]',
  async (backend) => {
    const a = api(backend)
    for (const how of ['change', 'reset'] as const) {
      const { params, token } = await activePlayer(a)
      const { deviceToken } = await loginAnswer(a, { username: params.username, password: params.password })
      // Someone with the session asks for their own address...
      const theirs = `thief.${params.email}`
      await a.ok('update_profile', { ...contact(params), email: theirs, currentPassword: params.password }, { token })
      const { token: link } = await mailedToken(a, theirs, '/confirm-email/')
      // ...the player, told by the notice, changes the password.
      if (how === 'change') {
        await a.ok(
          'update_player_password',
          { oldPassword: params.password, newPassword: 'brand-new-secret' },
          { token },
        )
      } else {
        await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'en' })
        await a.ok('confirm_password_reset', {
          token: (await mailedToken(a, params.email, '/reset-password/')).token,
          password: 'brand-new-secret',
        })
      }
      expect((await a.fail('confirm_email_change', { token: link }, 400)).code, how).toBe('email_change_invalid')
      expect(
        (await a.ok('player', {}, { token: await login(a, params.username, 'brand-new-secret') })).email,
        how,
      ).toBe(params.email)
      // The old device token no longer makes the client trusted: its fifth wrong password slows the
      // account down like anyone's (a trusted device's failures would count against the device only).
      for (let i = 0; i < 4; i++)
        await a.fail('login', { username: params.username, password: 'wrong-guess', deviceToken }, 400, {
          ip: '203.0.113.40',
        })
      expect(
        (
          await a.fail('login', { username: params.username, password: 'wrong-guess', deviceToken }, 429, {
            ip: '203.0.113.40',
          })
        ).code,
        how,
      ).toBe('account_slowed')
    }
  },
)
