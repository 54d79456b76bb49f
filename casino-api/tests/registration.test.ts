import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { players } from '../src/db/schema.ts'
import { setSetting } from '../src/site/settings.ts'
import { backends, newPlayer, useApis } from './helpers.ts'

const api = useApis()

const isoDaysAgo = (years: number, days = 0) => {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() - years)
  d.setUTCDate(d.getUTCDate() - days)
  return d.toISOString().slice(0, 10)
}

test.for(backends)('each duplicate gets its own message, under its field [%s]', async (backend) => {
  const a = api(backend)
  const first = newPlayer()
  await a.ok('register_player', first)

  const username = await a.fail('register_player', newPlayer({ username: first.username.toUpperCase() }), 409)
  expect(username).toMatchObject({
    code: 'username_taken',
    message: 'This username is already taken.',
    fields: { username: ['username_taken'] },
  })

  const email = await a.fail('register_player', newPlayer({ email: first.email.toUpperCase() }), 409)
  expect(email).toMatchObject({
    code: 'email_taken',
    message: 'An account with this e-mail address already exists.',
    fields: { email: ['email_taken'] },
  })

  // The same number written another way is the same phone.
  const samePhone = first.phone.replace(/\s/g, '').replace(/^(\+\d{2})(\d{3})/, '$1 $2-')
  const phone = await a.fail('register_player', newPlayer({ phone: samePhone }), 409)
  expect(phone).toMatchObject({
    code: 'phone_taken',
    message: 'An account with this phone number already exists.',
    fields: { phone: ['phone_taken'] },
  })

  const several = await a.fail('register_player', newPlayer({ username: first.username, email: first.email }), 409)
  expect(several).toMatchObject({
    code: 'duplicate_player',
    message: 'An account with this username, e-mail address or phone number already exists.',
    fields: { username: ['username_taken'], email: ['email_taken'] },
  })
})

test.for(backends)('players under 18 are refused; 18 today is enough [%s]', async (backend) => {
  const a = api(backend)
  const minor = await a.fail('register_player', newPlayer({ birthday: isoDaysAgo(18, -1) }), 400)
  expect(minor).toMatchObject({ code: 'validation_failed', fields: { birthday: ['under_age'] } })
  expect((await a.fail('register_player', newPlayer({ birthday: isoDaysAgo(5) }), 400)).fields).toEqual({
    birthday: ['under_age'],
  })
  expect((await a.fail('register_player', newPlayer({ birthday: '1990-02-30' }), 400)).fields).toEqual({
    birthday: ['invalid_date'],
  })
  expect((await a.fail('register_player', newPlayer({ birthday: '1800-01-01' }), 400)).fields).toEqual({
    birthday: ['invalid_date'],
  })
  await a.ok('register_player', newPlayer({ birthday: isoDaysAgo(18) }))
})

test.for(backends)('age, terms and currency must be confirmed [%s]', async (backend) => {
  const a = api(backend)
  const refused = await a.fail(
    'register_player',
    newPlayer({ ageConfirmed: false, termsAccepted: 'off', currencyConfirmed: undefined }),
    400,
  )
  expect(refused.fields).toEqual({
    ageConfirmed: ['accept_age'],
    termsAccepted: ['accept_terms'],
    currencyConfirmed: ['confirm_currency'],
  })
  // What an HTML form sends for ticked boxes.
  await a.ok('register_player', newPlayer({ ageConfirmed: 'on', termsAccepted: 'on', currencyConfirmed: 'true' }))
})

test.for(backends)('every field rule answers with catalogue codes [%s]', async (backend) => {
  const a = api(backend)
  const refused = await a.fail(
    'register_player',
    newPlayer({
      username: 'x',
      password: 'short',
      email: 'not-an-email',
      phone: '12345',
      gender: 'other' as never,
      country: 'Spain',
      firstName: ' ',
    }),
    400,
  )
  expect(refused.message).toBe('Please correct the marked fields.')
  expect(refused.fields).toEqual({
    username: ['username_invalid'],
    password: ['password_too_short'],
    email: ['invalid_email'],
    phone: ['phone_too_short'],
    gender: ['field_required'],
    country: ['invalid_value'],
    firstName: ['field_required'],
  })
})

test.for(backends)('five identical registrations at once create exactly one player [%s]', async (backend) => {
  const a = api(backend)
  const params = newPlayer()
  const answers = await Promise.all(Array.from({ length: 5 }, () => a.call('register_player', params)))
  const statuses = answers.map((r) => r.status).sort()
  expect(statuses).toEqual([200, 409, 409, 409, 409])
  for (const refused of answers.filter((r) => r.status === 409)) {
    expect(['duplicate_player', 'username_taken', 'email_taken', 'phone_taken']).toContain(
      (refused.body as { error: { code: string } }).error.code,
    )
  }
  const rows = await a.db
    .select({ n: sql<number>`count(*)::int` })
    .from(players)
    .where(sql`lower(${players.username}) = lower(${params.username})`)
  expect(rows[0]?.n).toBe(1)
})

test.for(backends)('registration is refused when the site is off or the country is blocked [%s]', async (backend) => {
  const a = api(backend)
  const now = new Date()
  try {
    await setSetting(a.db, 'countryBlackList', ['US'], now)
    expect((await a.fail('register_player', newPlayer(), 403, { ip: '8.8.8.8' })).code).toBe('country_restricted')
    await a.ok('register_player', newPlayer(), { ip: '81.0.0.1' })

    await setSetting(a.db, 'siteAccess', false, now)
    const off = await a.fail('register_player', newPlayer(), 403)
    expect(off).toMatchObject({ code: 'site_disabled', message: "You can't access the site." })
  } finally {
    await setSetting(a.db, 'siteAccess', true, now)
    await setSetting(a.db, 'countryBlackList', null, now)
  }
})

test.for(backends)('the registration stores every field, the consents and a strong hash [%s]', async (backend) => {
  const a = api(backend)
  const params = newPlayer({
    newsletter: 'on' as never,
    gender: 'male',
    language: 'en',
    currency: 'INR',
  })
  const { playerId } = await a.ok('register_player', params)
  const [row] = await a.db
    .select()
    .from(players)
    .where(sql`${players.id} = ${playerId}`)
  expect(row).toMatchObject({
    username: params.username,
    email: params.email,
    gender: 'male',
    language: 'en',
    currency: 'INR',
    newsletter: true,
    promoCode: null,
    status: 'pending',
    scope: 'player',
    country: 'ES',
  })
  expect(row?.termsAcceptedAt).toBeInstanceOf(Date)
  expect(row?.passwordHash).not.toContain(params.password)
})

test.for(backends)('an unknown promo code is refused under its field; nothing is created [%s]', async (backend) => {
  const a = api(backend)
  const params = newPlayer({ promoCode: 'WELCOME100' })
  const refused = await a.fail('register_player', params, 400)
  expect(refused).toMatchObject({
    code: 'invalid_promo_code',
    message: 'This promo code is not valid.',
    fields: { promoCode: ['invalid_promo_code'] },
  })
  expect(
    await a.db
      .select()
      .from(players)
      .where(sql`${players.username} = ${params.username}`),
  ).toEqual([])
  // The same registration without the code goes through.
  await a.ok('register_player', { ...params, promoCode: undefined })
})
