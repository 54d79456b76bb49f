import { and, eq, isNull } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { oneTimeTokens, players } from '../src/db/schema.ts'
import { activePlayer, backends, contact, latestMail, login, mailedToken, useApis } from './helpers.ts'

const api = useApis()

test.for(backends)(
  'a new e-mail needs the current password, is confirmed by a link sent to it, and the old address is told [%s]',
  async (backend) => {
    const a = api(backend)
    const { params, token } = await activePlayer(a)
    const newEmail = `new.${params.email}`

    // No password, or a wrong one: nothing changes, and no mail goes out.
    expect((await a.fail('update_profile', { ...contact(params), email: newEmail }, 400, { token })).fields).toEqual({
      currentPassword: ['field_required'],
    })
    const wrong = await a.fail(
      'update_profile',
      { ...contact(params), email: newEmail, currentPassword: 'not-my-password' },
      400,
      { token },
    )
    expect(wrong).toMatchObject({ code: 'old_password_wrong', fields: { currentPassword: ['old_password_wrong'] } })
    expect(await latestMail(a, newEmail)).toBeNull()

    const asked = await a.ok(
      'update_profile',
      { ...contact(params), email: newEmail, currentPassword: params.password },
      { token },
    )
    expect(asked).toMatchObject({
      message: 'email_change_sent',
      pendingEmail: newEmail,
      profile: { email: params.email },
    })
    expect((await a.ok('get_player_profile', {}, { token })).email).toBe(params.email)

    const notice = await latestMail(a, params.email)
    expect(notice?.subject).toBe('Se está cambiando tu dirección de correo')
    expect(notice?.text).toContain(newEmail)
    const { token: link, mail } = await mailedToken(a, newEmail, '/confirm-email/')
    expect(mail.subject).toBe('Confirma tu nueva dirección de correo')

    expect(await a.ok('confirm_email_change', { token: link })).toEqual({
      ok: true,
      message: 'email_changed',
      email: newEmail,
    })
    expect((await a.ok('get_player_profile', {}, { token })).email).toBe(newEmail)
    // Single use.
    expect((await a.fail('confirm_email_change', { token: link }, 400)).code).toBe('email_change_invalid')
  },
)

test.for(backends)('wrong current passwords count against the session, not the account [%s]', async (backend) => {
  const a = api(backend)
  const { params, token } = await activePlayer(a)
  for (let i = 0; i < 4; i++) {
    await a.fail(
      'update_profile',
      { ...contact(params), email: `x${i}.${params.email}`, currentPassword: 'guess' },
      400,
      { token, ip: '198.51.100.7' },
    )
  }
  // The account is not slowed down: a log-in with the right password goes through.
  await login(a, params.username, params.password, { ip: '198.51.100.8' })
  // The fifth wrong guess of this session signs it out: no more guesses with it.
  expect(
    (
      await a.fail(
        'update_profile',
        { ...contact(params), email: `x4.${params.email}`, currentPassword: 'guess' },
        401,
        { token, ip: '198.51.100.7' },
      )
    ).code,
  ).toBe('signed_out_password_attempts')
  expect((await a.fail('get_player_profile', {}, 401, { token })).code).toBe('unauthorized')
})

test.for(backends)(
  'the address is checked again when the link is opened; only the newest link works [%s]',
  async (backend) => {
    const a = api(backend)
    const { params, token } = await activePlayer(a)
    const first = `first.${params.email}`
    const second = `second.${params.email}`
    await a.ok('update_profile', { ...contact(params), email: first, currentPassword: params.password }, { token })
    const { token: firstLink } = await mailedToken(a, first, '/confirm-email/')
    await a.ok('update_profile', { ...contact(params), email: second, currentPassword: params.password }, { token })
    const { token: secondLink } = await mailedToken(a, second, '/confirm-email/')
    expect((await a.fail('confirm_email_change', { token: firstLink }, 400)).code).toBe('email_change_invalid')

    // Someone else registers with the address meanwhile: the link cannot take it.
    const other = await activePlayer(a)
    await a.db.update(players).set({ email: second }).where(eq(players.username, other.params.username))
    expect((await a.fail('confirm_email_change', { token: secondLink }, 409)).code).toBe('email_taken')
    expect((await a.ok('get_player_profile', {}, { token })).email).toBe(params.email)
    await login(a, params.username, params.password)
  },
)

test.for(backends)('concurrent e-mail changes leave one live link [%s]', async (backend) => {
  const a = api(backend)
  const { params, playerId, token } = await activePlayer(a)
  const addresses = Array.from({ length: 6 }, (_, i) => `c${i}.${params.email}`)
  await Promise.all(
    addresses.map((email) =>
      a.ok('update_profile', { ...contact(params), email, currentPassword: params.password }, { token }),
    ),
  )
  const live = await a.db
    .select({ newEmail: oneTimeTokens.newEmail })
    .from(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.playerId, playerId), eq(oneTimeTokens.kind, 'email_change'), isNull(oneTimeTokens.usedAt)),
    )
  expect(live).toHaveLength(1)
})
