/**
 * Two-factor authentication (issue 23, account security; ADR 0066): a set-up confirmed by the
 * app's first code, a log-in in two steps, codes that count once (recovery codes too), tries that
 * run out, the owner told of every change, and administrators who cannot reach an admin call
 * without it.
 */
import { lt } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { loginChallenges } from '../src/db/schema.ts'
import { pruneSpentRows } from '../src/maintenance.ts'
import { appCode } from './authenticator.ts'
import {
  activePlayer,
  ADMIN_CHANGED_PASSWORD,
  ADMIN_PASSWORD,
  backends,
  latestMail,
  login,
  loginWithCode,
  turnOnTwoFactor,
  useApis,
  type TestApi,
} from './helpers.ts'

const api = useApis()

/** A player with two-factor authentication on, and the token of the session that turned it on. */
async function playerWithTwoFactor(a: TestApi) {
  const player = await activePlayer(a)
  const { secret, recoveryCodes } = await turnOnTwoFactor(a, player.token, player.params.password)
  return {
    ...player,
    secret,
    recoveryCodes,
    credentials: { username: player.params.username, password: player.params.password },
  }
}

async function challengeOf(a: TestApi, credentials: { username: string; password: string }) {
  const answer = await a.ok('login', credentials)
  expect(answer).not.toHaveProperty('accessToken')
  if (!('challenge' in answer)) throw new Error('no challenge')
  return answer.challenge
}

test.for(backends)(
  'turning it on: the password starts it, the first code confirms it, the other sessions end and the owner is told [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await activePlayer(a)
    const other = await login(a, player.params.username, player.params.password)
    const off = await a.ok('get_two_factor', {}, { token: player.token })
    expect(off).toEqual({ enabled: false, enabledAt: null, required: false, recoveryCodesLeft: 0, pending: null })

    const wrongPassword = await a.fail('start_two_factor', { password: 'not-my-password' }, 400, {
      token: player.token,
    })
    expect(wrongPassword.code).toBe('old_password_wrong')
    const started = await a.ok('start_two_factor', { password: player.params.password }, { token: player.token })
    const pending = started.state.pending!
    expect(pending.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(pending.uri).toMatch(
      new RegExp(`^otpauth://totp/[^:?]+:${player.params.username}\\?secret=${pending.secret}&issuer=`),
    )
    expect(started.state.enabled).toBe(false)
    // Nothing has changed yet: the log-in still needs the password only.
    expect(await login(a, player.params.username, player.params.password)).toMatch(/^[\w-]{43}$/)

    const wrong = await a.fail('confirm_two_factor', { code: '000000' }, 400, { token: player.token })
    expect(wrong.code).toBe('two_factor_code_invalid')
    expect(wrong.fields).toEqual({ code: ['two_factor_code_invalid'] })
    const on = await a.ok('confirm_two_factor', { code: await appCode(pending.secret, a) }, { token: player.token })
    expect(on.message).toBe('two_factor_enabled')
    expect(on.recoveryCodes).toHaveLength(10)
    expect(new Set(on.recoveryCodes).size).toBe(10)
    for (const code of on.recoveryCodes!) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect(on.state).toMatchObject({ enabled: true, recoveryCodesLeft: 10, pending: null })
    // Shown once: the state never carries them again.
    expect(JSON.stringify(await a.ok('get_two_factor', {}, { token: player.token }))).not.toContain(
      on.recoveryCodes![0],
    )

    expect((await a.fail('player', {}, 401, { token: other })).code).toBe('unauthorized')
    await a.ok('player', {}, { token: player.token })
    const mail = await latestMail(a, player.params.email)
    expect(mail?.subject).toBe('Verificación en dos pasos activada')
    expect(mail?.text).toContain(`Se ha activado la verificación en dos pasos en tu cuenta ${player.params.username}`)
    const mailbox = await a.ok('get_mailbox', { page: 1, pageSize: 5 }, { token: player.token })
    expect(mailbox.items[0]?.subject).toBe('Verificación en dos pasos activada')
    expect(
      (await a.fail('start_two_factor', { password: player.params.password }, 409, { token: player.token })).code,
    ).toBe('two_factor_already_on')
  },
)

test.for(backends)(
  'the log-in asks for the code after the password; a code counts once, a recovery code too [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await playerWithTwoFactor(a)
    const challenge = await challengeOf(a, player.credentials)
    const wrong = await a.fail('login_code', { challenge, code: '123 456' }, 400)
    expect(wrong.code).toBe('two_factor_code_invalid')
    const code = await appCode(player.secret, a)
    const { accessToken } = await a.ok('login_code', { challenge, code })
    expect((await a.ok('player', {}, { token: accessToken })).username).toBe(player.params.username)
    // The challenge is spent, and the same code on a new one is refused: the casino took it.
    expect((await a.fail('login_code', { challenge, code }, 401)).code).toBe('two_factor_login_expired')
    const again = await challengeOf(a, player.credentials)
    expect((await a.fail('login_code', { challenge: again, code }, 400)).code).toBe('two_factor_code_invalid')

    // A recovery code, typed in capitals and without its dash, works once and the owner is told.
    const recovery = player.recoveryCodes[0]!
    await a.ok('login_code', { challenge: again, code: recovery.replace('-', '').toUpperCase() })
    const told = await a.ok('get_mailbox', { page: 1, pageSize: 5 }, { token: player.token })
    expect(told.items.map((m) => m.subject)).toContain('Se ha usado un código de recuperación')
    const third = await challengeOf(a, player.credentials)
    expect((await a.fail('login_code', { challenge: third, code: recovery }, 400)).code).toBe('two_factor_code_invalid')
    const state = await a.ok('get_two_factor', {}, { token: accessToken })
    expect(state.recoveryCodesLeft).toBe(9)
  },
)

test.for(backends)('the same code sent twice at once opens one session [%s]', async (backend) => {
  const a = api(backend)
  const player = await playerWithTwoFactor(a)
  const challenges = await Promise.all([challengeOf(a, player.credentials), challengeOf(a, player.credentials)])
  const code = await appCode(player.secret, a)
  const answers = await Promise.all(challenges.map((challenge) => a.call('login_code', { challenge, code })))
  expect(answers.map((r) => r.status).toSorted()).toEqual([200, 400])
  // The same challenge twice at once: one session too.
  const challenge = await challengeOf(a, player.credentials)
  const next = await appCode(player.secret, a)
  const twice = await Promise.all([0, 1].map(() => a.call('login_code', { challenge, code: next })))
  expect(twice.map((r) => r.status).toSorted()).toEqual([200, 401])
})

test.for(backends)(
  'a challenge lasts five minutes and five wrong codes; ten wrong codes make the account wait [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await playerWithTwoFactor(a)
    const challenge = await challengeOf(a, player.credentials)
    for (let i = 0; i < 4; i += 1) await a.fail('login_code', { challenge, code: '000000' }, 400)
    expect((await a.fail('login_code', { challenge, code: '000000' }, 401)).code).toBe('two_factor_attempts')
    // Spent: even the right code needs the password again.
    const code = await appCode(player.secret, a)
    expect((await a.fail('login_code', { challenge, code }, 401)).code).toBe('two_factor_login_expired')

    const late = await challengeOf(a, player.credentials)
    a.advance(5 * 60_000 + 1000)
    expect((await a.fail('login_code', { challenge: late, code: await appCode(player.secret, a) }, 401)).code).toBe(
      'two_factor_login_expired',
    )
    // Expired code steps are pruned with the other spent rows.
    const expired = () => a.db.select().from(loginChallenges).where(lt(loginChallenges.expiresAt, a.now()))
    expect((await expired()).length).toBeGreaterThan(0)
    await pruneSpentRows(a.db, a.now())
    expect(await expired()).toEqual([])

    // Five more wrong codes on other challenges: ten within 15 minutes, and the account waits.
    const next = await challengeOf(a, player.credentials)
    for (let i = 0; i < 4; i += 1) await a.fail('login_code', { challenge: next, code: '111111' }, 400)
    const last = await challengeOf(a, player.credentials)
    await a.fail('login_code', { challenge: last, code: '111111' }, 400)
    const slowed = await a.fail('login_code', { challenge: last, code: await appCode(player.secret, a) }, 429)
    expect(slowed.code).toBe('two_factor_slowed')
    expect(slowed.args).toEqual([15])
    expect(slowed.headers.get('retry-after')).toMatch(/^\d+$/)
    // After the wait the right code opens the session.
    a.advance(15 * 60_000 + 1000)
    const fresh = await challengeOf(a, player.credentials)
    await a.ok('login_code', { challenge: fresh, code: await appCode(player.secret, a) })
  },
)

test.for(backends)(
  'turning it off takes the password and a code; new recovery codes replace the old [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await playerWithTwoFactor(a)
    const renewed = await a.ok(
      'renew_recovery_codes',
      { code: await appCode(player.secret, a) },
      { token: player.token },
    )
    expect(renewed.message).toBe('recovery_codes_renewed')
    expect(renewed.recoveryCodes).toHaveLength(10)
    const challenge = await challengeOf(a, player.credentials)
    expect((await a.fail('login_code', { challenge, code: player.recoveryCodes[1]! }, 400)).code).toBe(
      'two_factor_code_invalid',
    )
    await a.ok('login_code', { challenge, code: renewed.recoveryCodes![0]! })

    const noCode = await a.fail('disable_two_factor', { password: player.params.password, code: '000000' }, 400, {
      token: player.token,
    })
    expect(noCode.code).toBe('two_factor_code_invalid')
    const off = await a.ok(
      'disable_two_factor',
      { password: player.params.password, code: await appCode(player.secret, a) },
      { token: player.token },
    )
    expect(off.message).toBe('two_factor_disabled')
    expect(off.state).toMatchObject({ enabled: false, recoveryCodesLeft: 0, pending: null })
    expect((await latestMail(a, player.params.email))?.subject).toBe('Verificación en dos pasos desactivada')
    expect(await login(a, player.params.username, player.params.password)).toMatch(/^[\w-]{43}$/)
  },
)

test.for(backends)(
  'an administrator reaches no admin call without two-factor authentication, and cannot turn it off [%s]',
  async (backend) => {
    const a = api(backend)
    // The seeded admin's first log-in, its password changed: still no admin call.
    const first = await login(a, 'admin', ADMIN_PASSWORD)
    await a.ok(
      'update_player_password',
      { oldPassword: ADMIN_PASSWORD, newPassword: ADMIN_CHANGED_PASSWORD },
      { token: first },
    )
    const other = await login(a, 'admin', ADMIN_CHANGED_PASSWORD)
    const refused = await a.fail('get_admin_audit', {}, 403, { token: first })
    expect(refused.code).toBe('two_factor_required')
    expect(await a.ok('player', {}, { token: first })).toMatchObject({ scope: 'admin', twoFactorMissing: true })
    expect(await a.ok('get_two_factor', {}, { token: first })).toMatchObject({ enabled: false, required: true })

    // Turned on as the Security tab does: the admin calls open to this session, and to a log-in with a code.
    const { secret } = await turnOnTwoFactor(a, first, ADMIN_CHANGED_PASSWORD)
    expect(await a.ok('player', {}, { token: first })).toMatchObject({ twoFactorMissing: false })
    await a.ok('get_admin_audit', {}, { token: first })
    const admin = await loginWithCode(a, { username: 'admin', password: ADMIN_CHANGED_PASSWORD }, secret)
    const refusedOff = await a.fail('disable_two_factor', { password: ADMIN_CHANGED_PASSWORD, code: '000000' }, 403, {
      token: admin,
    })
    expect(refusedOff.code).toBe('two_factor_admin_keeps')
    // The session opened with the password alone has ended.
    expect((await a.fail('player', {}, 401, { token: other })).code).toBe('unauthorized')
    const audit = await a.ok('get_admin_audit', {}, { token: admin })
    expect(audit.items.map((e) => e.action)).toContain('two_factor_on')
  },
)

test.for(backends)('an account closed between the password and the code gets no session [%s]', async (backend) => {
  const a = api(backend)
  const player = await playerWithTwoFactor(a)
  const challenge = await challengeOf(a, player.credentials)
  await a.ok(
    'restrict_account',
    { kind: 'time_out', period: '1d', password: player.params.password, understood: 'on' },
    { token: player.token },
  )
  const refused = await a.fail('login_code', { challenge, code: await appCode(player.secret, a) }, 403)
  expect(refused.code).toBe('account_timed_out')
})

test('a login_code without a challenge or with a made-up one opens nothing', async () => {
  const a = api('pglite')
  expect((await a.fail('login_code', { challenge: 'x'.repeat(43), code: '123456' }, 401)).code).toBe(
    'two_factor_login_expired',
  )
  expect((await a.fail('login_code', { code: '123456' }, 400)).code).toBe('validation_failed')
  expect((await a.fail('login_code', { challenge: 'x'.repeat(43), code: 'not a code!' }, 400)).fields).toEqual({
    code: ['two_factor_code_invalid'],
  })
})
