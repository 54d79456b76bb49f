import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { players } from '../src/db/schema.ts'
import {
  activePlayer,
  backends,
  latestMail,
  login,
  mailedToken,
  newPlayer,
  useApis,
  WEB_URL,
  loginAnswer,
} from './helpers.ts'

// The demo player is seeded only when asked for.
const api = useApis({ seedDemo: true })

test.for(backends)(
  'a player registers, activates by e-mail, logs in, changes password and logs out [%s]',
  async (backend) => {
    const a = api(backend)
    const params = newPlayer()
    const created = await a.ok('register_player', params)
    expect(created).toMatchObject({ ok: true, message: 'player_created', activationRequired: true })

    // Pending until the e-mailed link is opened.
    expect((await a.fail('login', { username: params.username, password: params.password }, 403)).code).toBe(
      'account_not_active',
    )

    const { mail, link, token } = await mailedToken(a, params.email, '/activate/')
    expect(mail.subject).toBe('Activa tu cuenta')
    expect(link).toBe(`${WEB_URL}/activate/${token}`)
    expect(mail.text).toContain('Hola Lucía')
    expect(mail.html).toContain(link)

    expect(await a.ok('activate_player', { token })).toEqual({
      ok: true,
      message: 'account_activated',
      username: params.username,
    })
    expect((await a.fail('activate_player', { token }, 400)).code).toBe('activation_invalid')

    const first = await loginAnswer(a, { username: params.username, password: params.password })
    expect(first.tokenType).toBe('Bearer')
    expect(first.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const me = await a.ok('player', {}, { token: first.accessToken })
    expect(me).toMatchObject({
      id: created.playerId,
      username: params.username,
      email: params.email,
      phone: '+346' + params.phone.slice(5),
      country: 'ES',
      scope: 'player',
      status: 'active',
      loyaltyPoints: 0,
      balance: { currency: 'EUR', total: 0, real: 0, bonus: 0 },
    })
    expect(me).not.toHaveProperty('passwordHash')

    // Usernames are case-insensitive at log-in.
    const second = await login(a, params.username.toUpperCase(), params.password)

    const wrongOld = await a.fail(
      'update_player_password',
      { oldPassword: 'not-it-at-all', newPassword: 'a-new-password-2' },
      400,
      { token: first.accessToken },
    )
    expect(wrongOld.code).toBe('old_password_wrong')
    expect(wrongOld.message).toBe('The current password is wrong.')
    expect(wrongOld.fields).toEqual({ oldPassword: ['old_password_wrong'] })

    expect(
      await a.ok(
        'update_player_password',
        { oldPassword: params.password, newPassword: 'a-new-password-2' },
        { token: first.accessToken },
      ),
    ).toEqual({ ok: true, message: 'password_changed' })
    // The other session is signed out, this one stays.
    expect((await a.fail('player', {}, 401, { token: second })).code).toBe('unauthorized')
    await a.ok('player', {}, { token: first.accessToken })
    // The owner is told by e-mail and in the mailbox: when, from where, what to do if it was not them.
    const notice = await latestMail(a, params.email)
    expect(notice?.subject).toBe('Tu contraseña ha cambiado')
    expect(notice?.text).toContain('desde la dirección 127.0.0.1')
    const { items } = await a.ok('get_mailbox', { page: 1, pageSize: 10 }, { token: first.accessToken })
    // Newest first: the password's notice, then the second log-in's (a browser with no device token).
    expect(items).toMatchObject([
      { category: 'account', subject: 'Tu contraseña ha cambiado', read: false },
      { category: 'account', subject: 'Nuevo inicio de sesión en tu cuenta', read: false },
    ])
    expect(items[0]!.html).toContain('¿Has olvidado tu contraseña?')
    expect(items[1]!.html).toContain('desde la dirección 127.0.0.1')

    expect((await a.fail('login', { username: params.username, password: params.password }, 400)).code).toBe(
      'wrong_credentials',
    )
    const third = await login(a, params.username, 'a-new-password-2')

    expect(await a.ok('logout', {}, { token: first.accessToken })).toEqual({ ok: true, message: 'logged_out' })
    expect((await a.fail('player', {}, 401, { token: first.accessToken })).code).toBe('unauthorized')
    expect((await a.fail('get_player_balance', {}, 401, { token: first.accessToken })).code).toBe('unauthorized')
    await a.ok('player', {}, { token: third })
  },
)

test.for(backends)('an English player gets the activation e-mail in English with an /en link [%s]', async (backend) => {
  const a = api(backend)
  const params = newPlayer({ language: 'en' })
  await a.ok('register_player', params)
  const { mail, link, token } = await mailedToken(a, params.email, '/activate/')
  expect(mail.subject).toBe('Activate your account')
  expect(link).toBe(`${WEB_URL}/en/activate/${token}`)
})

test.for(backends)('an activation token works once and only for its purpose [%s]', async (backend) => {
  const a = api(backend)
  expect((await a.fail('activate_player', { token: 'x'.repeat(43) }, 400)).code).toBe('activation_invalid')
  expect((await a.fail('activate_player', { token: 'short' }, 400)).fields).toHaveProperty('token')
  const params = newPlayer()
  await a.ok('register_player', params)
  const { token } = await mailedToken(a, params.email, '/activate/')
  // An activation token is no reset token.
  expect((await a.fail('confirm_password_reset', { token, password: 'another-password' }, 400)).code).toBe(
    'reset_token_invalid',
  )
  await a.ok('activate_player', { token })
})

test.for(backends)('an activation link expires after 72 hours [%s]', async (backend) => {
  const a = api(backend)
  const params = newPlayer()
  await a.ok('register_player', params)
  const { token } = await mailedToken(a, params.email, '/activate/')
  a.advance(72 * 3600_000 + 1000)
  expect((await a.fail('activate_player', { token }, 400)).code).toBe('activation_invalid')
})

test.for(backends)('a token expires after 12 hours [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  const answer = await a.call('login', { username: 'demo', password: 'demo-player-2026' })
  expect(Date.parse((answer.body as { expiresAt: string }).expiresAt) - Date.now()).toBeGreaterThan(
    12 * 3600_000 - 60_000,
  )
  await a.ok('player', {}, { token })
  a.advance(12 * 3600_000 + 1000)
  expect((await a.fail('player', {}, 401, { token })).code).toBe('unauthorized')
})

test.for(backends)(
  'the profile can be read and its contact details changed, not to taken ones [%s]',
  async (backend) => {
    const a = api(backend)
    const { params, token } = await activePlayer(a)
    const other = await activePlayer(a)

    const profile = await a.ok('get_player_profile', {}, { token })
    expect(profile).toMatchObject({
      username: params.username,
      firstName: 'Lucía',
      birthday: '1990-04-01',
      language: 'es',
      newsletter: false,
    })
    expect(profile).not.toHaveProperty('balance')

    // The same e-mail in other case is no change of address (email-change.test.ts has those).
    const change = {
      email: params.email.toUpperCase(),
      phone: '+44 7700 900123',
      address: 'Baker Street 221b',
      postalCode: 'NW1 6XE',
      city: 'London',
      country: 'gb',
      language: 'en' as const,
      newsletter: true,
    }
    const updated = await a.ok('update_profile', change, { token })
    expect(updated).toMatchObject({ ok: true, message: 'profile_updated' })
    expect(updated.profile).toMatchObject({
      email: params.email,
      phone: '+447700900123',
      city: 'London',
      country: 'GB',
      language: 'en',
      newsletter: true,
      username: params.username,
    })

    // Saving the same details again is no clash with oneself.
    await a.ok('update_profile', change, { token })

    const emailTaken = await a.fail(
      'update_profile',
      { ...change, email: other.params.email, currentPassword: params.password },
      409,
      { token },
    )
    expect(emailTaken).toMatchObject({
      code: 'email_taken',
      message: 'An account with this e-mail address already exists.',
      fields: { email: ['email_taken'] },
    })
    const phoneTaken = await a.fail('update_profile', { ...change, phone: other.params.phone }, 409, { token })
    expect(phoneTaken).toMatchObject({
      code: 'phone_taken',
      message: 'An account with this phone number already exists.',
      fields: { phone: ['phone_taken'] },
    })

    const invalid = await a.fail('update_profile', { ...change, email: 'nope', phone: '12' }, 400, { token })
    expect(invalid.fields).toEqual({ email: ['invalid_email'], phone: ['phone_too_short'] })
  },
)

test.for(backends)(
  'validate_player_name tells whether a username is free, regardless of case [%s]',
  async (backend) => {
    const a = api(backend)
    expect(await a.ok('validate_player_name', { username: 'DEMO' })).toEqual({ available: false })
    expect(await a.ok('validate_player_name', { username: `free_${Date.now()}` })).toEqual({ available: true })
    expect((await a.fail('validate_player_name', { username: 'a b' }, 400)).fields).toEqual({
      username: ['username_invalid'],
    })
  },
)

test.for(backends)('the balance is in cents, total = real + bonus [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a, { currency: 'INR' })
  expect(await a.ok('get_player_balance', {}, { token })).toEqual({
    currency: 'INR',
    total: 0,
    real: 0,
    bonus: 0,
    version: 0,
  })
})

test.for(backends)('contact messages reach support, from players and from visitors [%s]', async (backend) => {
  const a = api(backend)
  const { params, token } = await activePlayer(a)
  expect(
    await a.ok('player_send_message', { subject: 'Mi retirada', message: 'Hola, ¿cuándo llega?' }, { token }),
  ).toEqual({ ok: true, message: 'message_sent' })
  const toSupport = await latestMail(a, 'support@casino.local')
  expect(toSupport?.subject).toBe('[Contacto] Mi retirada')
  expect(toSupport?.text).toContain(params.username)
  expect(toSupport?.text).toContain('Hola, ¿cuándo llega?')

  await a.ok('player_send_message', {
    subject: 'Question',
    message: 'Do you accept Bitcoin?',
    name: 'Ann',
    email: 'ann@example.com',
  })
  expect((await latestMail(a, 'support@casino.local'))?.text).toContain('Ann <ann@example.com>')

  // A visitor must say where the answer goes.
  expect((await a.fail('player_send_message', { subject: 'Hi', message: 'Hello' }, 400)).fields).toEqual({
    email: ['field_required'],
  })
  expect((await a.fail('player_send_message', { subject: '', message: '' }, 400)).fields).toEqual({
    subject: ['field_required'],
    message: ['field_required'],
  })
})

test.for(backends)('settings come from the database with the seeded defaults [%s]', async (backend) => {
  const a = api(backend)
  const settings = await a.ok('get_setting', {})
  expect(settings).toMatchObject({
    siteAccess: true,
    countryBlackList: null,
    ipBlackList: null,
    currency: 'EUR',
    currencyLabel: 'Fichas',
  })
  expect(settings.limits).toMatchObject({
    minDeposit: 1000,
    maxNetWinningsPerDay: 500_000,
    maxWithdrawalPerMonth: 5_000_000,
    extraVerificationAbove: 250_000,
    wageringMultiplier: 3,
    unwageredWithdrawalFeePercent: 10,
  })
})

test.for(backends)('the seeded admin and demo accounts can log in [%s]', async (backend) => {
  const a = api(backend)
  const admin = await a.ok('player', {}, { token: await login(a, 'admin', 'admin-password-for-tests') })
  expect(admin).toMatchObject({ username: 'admin', scope: 'admin', status: 'active', passwordChangeRequired: true })
  const demo = await a.ok('player', {}, { token: await login(a, 'demo', 'demo-player-2026') })
  expect(demo).toMatchObject({
    username: 'demo',
    scope: 'player',
    status: 'active',
    language: 'es',
    passwordChangeRequired: false,
  })
  const [row] = await a.db.select({ hash: players.passwordHash }).from(players).where(eq(players.username, 'demo'))
  expect(row?.hash).toMatch(/^\$argon2id\$/)
})
