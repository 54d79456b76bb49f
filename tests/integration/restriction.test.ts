// Visitors from blacklisted countries or ips land on /restriction; a disabled site refuses all.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { setSetting } from '#casino-api/src/site/settings.ts'
import { Browser, textOf } from '../setup/http.ts'
import { startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
  // Set before the web app's first request: it caches the settings briefly.
  await setSetting(site.api.db, 'countryBlackList', ['US'], new Date())
  await setSetting(site.api.db, 'ipBlackList', ['203.0.113.9'], new Date())
})
afterAll(async () => {
  await site?.close()
})

const from = (ip: string) => new Browser(site.webUrl, { 'x-forwarded-for': ip })

test('a visitor from a blacklisted country lands on /restriction, in both languages', async () => {
  const es = await from('8.8.8.8').get('/register')
  expect(es.url).toBe(`${site.webUrl}/restriction`)
  expect(textOf(es.html)).toContain('Nuestros servicios no están disponibles en tu país.')
  const en = await from('8.8.8.8').get('/en/login')
  expect(en.url).toBe(`${site.webUrl}/en/restriction`)
  expect(textOf(en.html)).toContain('Our services are not available in your country.')
})

test('a blacklisted ip lands on /restriction, even for form posts', async () => {
  const page = await from('203.0.113.9').post('/login', { username: 'demo', password: 'demo-player-2026' })
  expect(page.url).toBe(`${site.webUrl}/restriction`)
})

test('visitors from other countries browse normally', async () => {
  const page = await from('81.45.0.1').get('/register')
  expect(page.status).toBe(200)
  expect(page.url).toBe(`${site.webUrl}/register`)
})
