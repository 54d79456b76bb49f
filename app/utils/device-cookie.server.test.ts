import { expect, test } from 'vitest'
import {
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  deviceCookie,
  deviceCookieName,
  readDeviceToken,
} from './device-cookie.server.ts'

const TOKEN = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxy'

test('on https the device cookie is Secure, __Host- and long-lived, HttpOnly and SameSite=Lax', () => {
  const cookie = deviceCookie(TOKEN, true)
  expect(cookie).toMatch(/^__Host-device=Abc_def-0123456789abcdefghijklmnopqrstuvwxy;/)
  expect(cookie).toMatch(/; Secure/i)
  expect(cookie).toMatch(/; HttpOnly/i)
  expect(cookie).toMatch(/; SameSite=Lax/i)
  expect(cookie).toMatch(/; Path=\//i)
  expect(cookie).toContain(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`)
  expect(cookie).not.toMatch(/Domain=/i)
  // Plain-http development: no Secure flag, no prefix.
  expect(deviceCookie(TOKEN, false)).toMatch(/^device=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/i)
  expect(deviceCookieName(true)).toBe('__Host-device')
})

const request = (cookie: string) => new Request('http://site.test/login', { headers: { cookie } })

test('only a value shaped like a device token is read back', () => {
  const name = deviceCookieName()
  expect(readDeviceToken(request(`lng=es; ${name}=${TOKEN}`))).toBe(TOKEN)
  expect(readDeviceToken(request(`${name}=not a token`))).toBeUndefined()
  expect(readDeviceToken(request('lng=es'))).toBeUndefined()
  expect(readDeviceToken(new Request('http://site.test/login'))).toBeUndefined()
})
