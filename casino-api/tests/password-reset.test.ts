import { expect, test } from 'vitest'
import { activePlayer, backends, login, mailedToken, useApis, WEB_URL } from './helpers.ts'

const api = useApis()

test.for(backends)('a reset link sets a new password once and signs out every session [%s]', async (backend) => {
  const a = api(backend)
  const { params, token: session } = await activePlayer(a)

  const wrong = await a.fail('reset_player_password', { username: params.username, email: 'someone.else@example.com' }, 400)
  expect(wrong).toMatchObject({ code: 'wrong_username_or_email', message: 'Wrong username or e-mail address.' })
  expect((await a.fail('reset_player_password', { username: 'nobody_at_all', email: params.email }, 400)).code).toBe('wrong_username_or_email')

  expect(await a.ok('reset_player_password', { username: params.username.toUpperCase(), email: params.email.toUpperCase(), language: 'en' })).toEqual({
    ok: true,
    message: 'reset_email_sent',
  })
  const { mail, link, token } = await mailedToken(a, params.email, '/reset-password/')
  expect(mail.subject).toBe('Reset your password')
  expect(link).toBe(`${WEB_URL}/en/reset-password/${token}`)

  expect((await a.fail('confirm_password_reset', { token, password: 'short' }, 400)).fields).toEqual({ password: ['password_too_short'] })
  expect(await a.ok('confirm_password_reset', { token, password: 'brand-new-secret' })).toEqual({ ok: true, message: 'password_reset_done' })

  expect((await a.fail('player', {}, 401, { token: session })).code).toBe('unauthorized')
  expect((await a.fail('login', { username: params.username, password: params.password }, 400)).code).toBe('wrong_credentials')
  await login(a, params.username, 'brand-new-secret')

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
  expect((await a.fail('confirm_password_reset', { token, password: 'brand-new-secret' }, 400)).code).toBe('reset_token_invalid')
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
  expect((await a.fail('confirm_password_reset', { token: older, password: 'other-secret-1' }, 400)).code).toBe('reset_token_invalid')
})

test.for(backends)('reset e-mails are limited to three an hour per account [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  for (let i = 0; i < 3; i++) await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const limited = await a.fail('reset_player_password', { username: params.username, email: params.email }, 429)
  expect(limited.code).toBe('rate_limited')
  expect(limited.retryAfterSeconds).toBeGreaterThan(3500)
  expect(limited.headers.get('retry-after')).toBe(String(limited.retryAfterSeconds))
  a.advance(60 * 60_000 + 1000)
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
})

test.for(backends)('a password reset lifts the account lockout [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  for (let i = 0; i < 4; i++) await a.fail('login', { username: params.username, password: 'wrong' }, 400, { ip: '198.51.100.7' })
  expect((await a.fail('login', { username: params.username, password: 'wrong' }, 429, { ip: '198.51.100.7' })).code).toBe('account_slowed')
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
