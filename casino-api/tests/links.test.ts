import { expect, test, vi } from 'vitest'
import { extractLink } from '../src/mail/mail-box.ts'
import { activePlayer, backends, latestMail, mailedToken, newPlayer, useApis, type TestApi } from './helpers.ts'

const api = useApis()

/** The activation link of the newest e-mail to `to`, once it differs from `previous`. */
async function nextActivationToken(a: TestApi, to: string, previous: string) {
  let token = previous
  await expect
    .poll(async () => {
      const mail = await latestMail(a, to)
      const link = mail ? extractLink(mail, '/activate/') : null
      token = link ? new URL(link).pathname.split('/').pop()! : previous
      return token
    })
    .not.toBe(previous)
  return token
}

test.for(backends)(
  'an activation link tells its state without being used: valid, used, expired, invalid [%s]',
  async (backend) => {
    const a = api(backend)
    const params = newPlayer()
    await a.ok('register_player', params)
    const { token } = await mailedToken(a, params.email, '/activate/')

    expect(await a.ok('check_activation_token', { token })).toEqual({ state: 'valid' })
    // Looking twice did not spend it.
    expect(await a.ok('check_activation_token', { token })).toEqual({ state: 'valid' })
    await a.ok('activate_player', { token })
    expect(await a.ok('check_activation_token', { token })).toEqual({ state: 'used' })
    expect(await a.ok('check_activation_token', { token: 'x'.repeat(43) })).toEqual({ state: 'invalid' })
    expect(await a.ok('check_activation_token', { token: 'short' })).toEqual({ state: 'invalid' })
    // An activation token is no reset token.
    expect(await a.ok('check_password_reset_token', { token })).toEqual({ state: 'invalid' })

    const late = newPlayer()
    await a.ok('register_player', late)
    const lateToken = (await mailedToken(a, late.email, '/activate/')).token
    a.advance(72 * 3600_000 + 1000)
    expect(await a.ok('check_activation_token', { token: lateToken })).toEqual({ state: 'expired' })
  },
)

test.for(backends)('a reset link tells its state without being used [%s]', async (backend) => {
  const a = api(backend)
  const { params } = await activePlayer(a)
  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const { token } = await mailedToken(a, params.email, '/reset-password/')
  expect(await a.ok('check_password_reset_token', { token })).toEqual({ state: 'valid' })
  await a.ok('confirm_password_reset', { token, password: 'brand-new-secret' })
  expect(await a.ok('check_password_reset_token', { token })).toEqual({ state: 'used' })

  await a.ok('reset_player_password', { username: params.username, email: params.email, language: 'es' })
  const second = (await mailedToken(a, params.email, '/reset-password/')).token
  a.advance(60 * 60_000 + 1000)
  expect(await a.ok('check_password_reset_token', { token: second })).toEqual({ state: 'expired' })
})

test.for(backends)(
  'a new activation e-mail by username or e-mail; the same answer for anyone [%s]',
  async (backend) => {
    const a = api(backend)
    const params = newPlayer()
    await a.ok('register_player', params)
    const first = (await mailedToken(a, params.email, '/activate/')).token

    const answer = { ok: true, message: 'activation_resent' }
    expect(await a.ok('resend_activation', { login: params.username.toUpperCase() })).toEqual(answer)
    const second = await nextActivationToken(a, params.email, first)
    // Both links work until one is used.
    expect(await a.ok('check_activation_token', { token: first })).toEqual({ state: 'valid' })
    expect(await a.ok('check_activation_token', { token: second })).toEqual({ state: 'valid' })

    expect(await a.ok('resend_activation', { login: params.email.toUpperCase() })).toEqual(answer)
    const third = await nextActivationToken(a, params.email, second)
    await a.ok('activate_player', { token: third })

    // Unknown names and active accounts get exactly the same answer, and no e-mail.
    expect(await a.ok('resend_activation', { login: 'nobody_at_all' })).toEqual(answer)
    expect(await a.ok('resend_activation', { login: 'nobody@example.com' })).toEqual(answer)
    expect(await a.ok('resend_activation', { login: params.username })).toEqual(answer)
  },
)

test.for(backends)(
  'the activation answer does not wait for the account look-up: its timing cannot tell whether the account exists [%s]',
  async (backend) => {
    const a = api(backend)
    const params = newPlayer()
    await a.ok('register_player', params)
    const first = (await mailedToken(a, params.email, '/activate/')).token
    // While the look-up cannot even run, the answer is the same: it is made before the look-up.
    const select = vi.spyOn(a.db, 'select').mockImplementation(() => {
      throw new Error('the look-up ran before the answer')
    })
    try {
      expect(await a.ok('resend_activation', { login: params.username })).toEqual({
        ok: true,
        message: 'activation_resent',
      })
    } finally {
      select.mockRestore()
    }
    // The work after the answer went on (or failed and was logged): a later request still mails.
    await a.ok('resend_activation', { login: params.email })
    await nextActivationToken(a, params.email, first)
  },
)
