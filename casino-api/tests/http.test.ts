import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { OPENAPI_FILE } from '../contract/openapi.ts'
import { calls, ErrorBody } from '../contract/index.ts'
import type { Context, Session } from '../src/context.ts'
import { buildApp } from '../src/http/app.ts'
import { checkAccess, resolveSession } from '../src/http/auth.ts'
import { ADMIN_PASSWORD, activePlayer, backends, login, newPlayer, useApis } from './helpers.ts'

const api = useApis()
const untrusting = useApis({ trustedProxies: [] })

const post = (
  a: ReturnType<typeof api>,
  path: string,
  body: BodyInit | undefined,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) => a.fetch(path, { method: 'POST', headers, body })

async function expect400(res: Response) {
  expect(res.status).toBe(400)
  const body = ErrorBody.parse(await res.json())
  expect(body.error.code).toBe('validation_failed')
  return body.error
}

test.for(backends)('unknown paths and methods answer 404 not_found [%s]', async (backend) => {
  const a = api(backend)
  for (const res of [
    await a.fetch('/front/no_such_call', { method: 'POST' }),
    await a.fetch('/front/register_player'),
    await a.fetch('/'),
  ]) {
    expect(res.status).toBe(404)
    expect(ErrorBody.parse(await res.json()).error).toMatchObject({
      code: 'not_found',
      message: 'This page could not be found.',
    })
  }
})

test.for(backends)('every answer carries a request id and is not cached [%s]', async (backend) => {
  const res = await api(backend).fetch('/front/geolocation')
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  expect(res.headers.get('cache-control')).toBe('no-store')
})

test.for(backends)(
  'bodies that are not a JSON object are refused with 400 (a body past the limit 413), never 500 [%s]',
  async (backend) => {
    const a = api(backend)
    const path = calls.register_player.path
    await expect400(await post(a, path, '{"username": "x",'))
    await expect400(
      await post(a, path, 'username=x&password=y', { 'content-type': 'application/x-www-form-urlencoded' }),
    )
    await expect400(await post(a, path, 'hello', { 'content-type': 'text/plain' }))
    await expect400(await post(a, path, '', { 'content-type': 'application/json' }))
    const tooLarge = await post(a, path, JSON.stringify({ ...newPlayer(), bio: 'x'.repeat(200_000) }))
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).error.code).toBe('payload_too_large')
    await expect400(await post(a, path, '{"__proto__": {"admin": true}}'))
    for (const body of ['[]', '[{"username":"x"}]', 'null', '42', '"text"', 'true']) {
      const error = await expect400(await post(a, path, body))
      expect(error.fields).toHaveProperty([''])
    }
  },
)

test.for(backends)('wrong types and huge strings in fields give field errors [%s]', async (backend) => {
  const a = api(backend)
  const wrongTypes = await a.fail(
    'register_player',
    {
      ...newPlayer(),
      username: 42,
      password: { a: 1 },
      email: ['x@y.z'],
      phone: null,
      birthday: true,
      gender: 7,
      newsletter: 'maybe',
    },
    400,
  )
  expect(wrongTypes.fields).toMatchObject({
    username: ['field_required'],
    password: ['field_required'],
    email: ['field_required'],
    phone: ['field_required'],
    birthday: ['field_required'],
    gender: ['field_required'],
  })
  const huge = 'x'.repeat(12_000)
  const hugeStrings = await a.fail(
    'register_player',
    { ...newPlayer(), username: huge, firstName: huge, address: huge, email: `${huge}@example.com` },
    400,
  )
  expect(hugeStrings.fields).toEqual({
    username: ['username_invalid'],
    firstName: ['invalid_value'],
    address: ['invalid_value'],
    email: ['invalid_email'],
  })
  const tooLong = await a.fail('login', { username: huge, password: huge }, 400)
  expect(tooLong.fields).toEqual({ username: ['invalid_value'], password: ['password_too_long'] })
  expect((await a.fail('activate_player', { token: { $ne: null } }, 400)).fields).toEqual({ token: ['invalid_value'] })
})

test.for(backends)('player calls need a valid bearer token [%s]', async (backend) => {
  const a = api(backend)
  for (const authorization of [
    undefined,
    'Bearer',
    'Bearer nope',
    `Basic ${'a'.repeat(43)}`,
    `Bearer ${'a'.repeat(43)}`,
    `Bearer ${'a'.repeat(43)} extra`,
  ]) {
    const res = await a.fetch(calls.get_player_profile.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: '{}',
    })
    expect(res.status, String(authorization)).toBe(401)
    expect(ErrorBody.parse(await res.json()).error.code).toBe('unauthorized')
  }
  // A POST without any body is an empty params object.
  const { token, params } = await activePlayer(a)
  const res = await a.fetch(calls.get_player_profile.path, {
    method: 'POST',
    headers: { authorization: `bearer ${token}` },
  })
  expect(res.status).toBe(200)
  // The login path works with and without its trailing slash.
  const noSlash = await post(
    a,
    '/front/auth/login',
    JSON.stringify({ username: params.username, password: params.password }),
  )
  expect(noSlash.status).toBe(200)
})

test.for(backends)(
  'the guard lets admins with two-factor authentication through admin calls and answers 403 to players [%s]',
  async (backend) => {
    const a = api(backend)
    const ctx = { db: a.db, now: () => new Date() } as Context
    const admin = await resolveSession(ctx, `Bearer ${await login(a, 'admin', ADMIN_PASSWORD)}`)
    const player = await resolveSession(ctx, `Bearer ${(await activePlayer(a)).token}`)
    expect(admin).toMatchObject({ scope: 'admin' })
    expect(player).toMatchObject({ scope: 'player' })
    // Without two-factor authentication an administrator's session opens no admin call (ADR 0066).
    expect(checkAccess('admin', admin)).toMatchObject({ status: 403, code: 'two_factor_required' })
    expect(checkAccess('admin', { ...(admin as Session), twoFactor: true })).toBeNull()
    expect(checkAccess('admin', player)).toMatchObject({ status: 403, code: 'forbidden' })
    expect(checkAccess('admin', null)).toMatchObject({ status: 401, code: 'unauthorized' })
    expect(checkAccess('player', player)).toBeNull()
    expect(checkAccess('player', admin)).toBeNull()
    expect(checkAccess('player', 'invalid')).toMatchObject({ status: 401 })
    expect(checkAccess('optional', null)).toBeNull()
    expect(checkAccess('optional', 'invalid')).toMatchObject({ status: 401 })
    expect(checkAccess('public', 'invalid')).toBeNull()
    expect(await resolveSession(ctx, `Bearer ${'b'.repeat(43)}`)).toBe('invalid')
    expect(await resolveSession(ctx, undefined)).toBeNull()
  },
)

test('an unexpected error is a 500 internal_error without details; so is an answer outside the contract', async () => {
  const app = buildApp(
    () => ({}) as Context,
    {
      get_setting: async () => {
        throw new Error('database exploded at /secret/path')
      },
      geolocation: async () => ({ ip: 42 }) as never,
    },
    { logger: false, trustedProxies: [], ready: async () => ({ ok: true }) },
  )
  for (const res of [
    await app.inject({ method: 'POST', url: '/front/get_setting', payload: {} }),
    await app.inject({ method: 'GET', url: '/front/geolocation' }),
  ]) {
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
    })
    expect(res.body).not.toContain('secret')
    expect(res.headers['x-request-id']).toBeTruthy()
  }
  await app.close()
})

test.for(backends)('geolocation believes X-Forwarded-For only from trusted proxies [%s]', async (backend) => {
  const a = api(backend)
  const geo = async (target: ReturnType<typeof api>, xff?: string) =>
    calls.geolocation.answer.parse(
      await (await target.fetch('/front/geolocation', { headers: xff ? { 'x-forwarded-for': xff } : {} })).json(),
    )

  // Direct, from loopback: a private address, no country.
  expect(await geo(a)).toEqual({ ip: '127.0.0.1', countryCode: null })
  // Through the (trusted) loopback proxy.
  expect(await geo(a, '8.8.8.8')).toEqual({ ip: '8.8.8.8', countryCode: 'US' })
  expect(await geo(a, '2001:4860:4860::8888')).toEqual({ ip: '2001:4860:4860::8888', countryCode: 'US' })
  expect(await geo(a, '10.1.2.3')).toEqual({ ip: '10.1.2.3', countryCode: null })
  // The chain is walked from the right: the first address a trusted proxy did not add is the client's.
  expect(await geo(a, '8.8.8.8, 81.0.0.1')).toEqual({ ip: '81.0.0.1', countryCode: 'ES' })
  expect(await geo(a, '8.8.8.8, 127.0.0.1')).toEqual({ ip: '8.8.8.8', countryCode: 'US' })
  // Garbage is not an address: the last trusted hop is the best we know.
  expect(await geo(a, 'not-an-ip')).toEqual({ ip: '127.0.0.1', countryCode: null })

  // Without trusted proxies the header is ignored.
  expect(await geo(untrusting(backend), '8.8.8.8')).toEqual({ ip: '127.0.0.1', countryCode: null })
})

test('the casino API publishes its contract as OpenAPI 3.1 at /openapi.json, the same as docs/openapi.json', async () => {
  const res = await api('pglite').fetch('/openapi.json')
  expect(res.status).toBe(200)
  const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> }
  expect(doc.openapi).toMatch(/^3\.1\./)
  expect(doc.paths['/front/auth/login/']).toBeDefined()
  expect(doc).toEqual(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')))
})
