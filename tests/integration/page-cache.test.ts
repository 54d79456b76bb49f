// The shared cache of visitors' pages (ADR 0033, ADR 0050): the home, the lobbies, the promotions
// and the registration form (per country) are rendered once and served again for a few seconds,
// each time with the response's own CSP nonce; a player, a visitor from a blocked country, a
// query, the other form pages or an unknown cookie always get a page rendered for their request.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { setSetting } from '#casino-api/src/site/settings.ts'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInAdmin, loggedInPlayer, startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite({ adminPassword: ADMIN_FIRST })
  // Set before the web app's first request: it caches the settings briefly.
  await setSetting(site.api.db, 'countryBlackList', ['US'], new Date())
})
afterAll(async () => {
  await site?.close()
})

const ADMIN_FIRST = 'admin-first-password-2026'
const ADMIN_PASSWORD = 'admin-password-2026-changed'

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(site.webUrl + path, { headers: { 'x-forwarded-for': '81.45.0.1', ...headers }, redirect: 'manual' })

/** The nonce the CSP header allows, and the page with every occurrence of it replaced. */
async function read(response: Response) {
  const nonce = response.headers.get('content-security-policy')?.match(/script-src[^;]*'nonce-([^']+)'/)?.[1]
  expect(nonce).toBeTruthy()
  const html = await response.text()
  return { nonce: nonce!, html, normalized: html.replaceAll(nonce!, 'NONCE') }
}

test("a visitor's lobby is rendered once, then served to the next visitors with each response's own nonce", async () => {
  const first = await get('/en/casino')
  expect(first.status).toBe(200)
  expect(first.headers.get('x-page-cache')).toBe('miss')
  const rendered = await read(first)
  // Kept once the page has streamed: the next visitors get it.
  await expect.poll(async () => (await get('/en/casino')).headers.get('x-page-cache')).toBe('hit')
  const second = await get('/en/casino')
  expect(second.headers.get('x-page-cache')).toBe('hit')
  const served = await read(second)
  // The scripts of the kept page run under this response's CSP, not the first one's.
  expect(served.nonce).not.toBe(rendered.nonce)
  expect(served.html).toContain(`nonce="${served.nonce}"`)
  expect(served.html).not.toContain(rendered.nonce)
  expect(served.normalized).toBe(rendered.normalized)
  // The same headers a rendered page has: the browser's cache rules, the language cookie.
  expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
  expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'))
  expect(second.headers.getSetCookie()).toEqual(first.headers.getSetCookie())
})

test('a visitor from a blocked country still lands on /restriction when the home is kept', async () => {
  await expect.poll(async () => (await get('/')).headers.get('x-page-cache')).toBe('hit')
  const blocked = await get('/', { 'x-forwarded-for': '8.8.8.8' })
  expect(blocked.status).toBeGreaterThanOrEqual(300)
  expect(blocked.status).toBeLessThan(400)
  expect(new URL(blocked.headers.get('location')!, site.webUrl).pathname).toBe('/restriction')
})

test('the theme and the language cookies get pages of their own; any other cookie gets its own render', async () => {
  const light = await get('/', { cookie: 'theme=light' })
  expect(light.headers.get('x-page-cache')).not.toBe('hit')
  expect(await light.text()).toMatch(/<html[^>]+class="[^"]*\blight\b/)
  const dark = await get('/', { cookie: 'theme=dark; lng=es' })
  expect(await dark.text()).toMatch(/<html[^>]+class="[^"]*\bdark\b/)
  // Nor can made-up values of the two grow the cache: they are rendered for their request.
  for (const cookie of [
    'theme=light; other=1',
    'casino_session=x',
    '__flash=1',
    'theme=x1',
    'lng=fr',
    'theme=light; theme=dark',
  ])
    expect((await get('/', { cookie })).headers.get('x-page-cache'), cookie).toBeNull()
})

test('a logged-in player, a query and the form pages are rendered for their request', async () => {
  await expect.poll(async () => (await get('/')).headers.get('x-page-cache')).toBe('hit')
  const { player, b } = await loggedInPlayer(site, Browser)
  const home = await b.get('/')
  expect(home.headers.get('x-page-cache')).toBeNull()
  expect(home.html).toContain(player.username)
  for (const path of ['/casino?category=slots', '/register?from=home', '/en/login', '/en/contact-us', '/promotions'])
    expect((await get(path)).headers.get('x-page-cache'), path).toBeNull()
})

/** The country the registration form pre-selects. */
const selectedCountry = (html: string) =>
  html
    .slice(html.indexOf('name="country"'))
    .match(/<option[^>]*value="([A-Z]{2})"[^>]*selected/)?.[1]
    ?.toString()

test('the registration form is kept per country: the next visitor from Spain gets the same page, one from France their own', async () => {
  const first = await get('/en/register')
  expect(first.status).toBe(200)
  const rendered = await read(first)
  expect(selectedCountry(rendered.html)).toBe('ES')
  await expect.poll(async () => (await get('/en/register')).headers.get('x-page-cache')).toBe('hit')
  const second = await read(await get('/en/register'))
  expect(second.normalized).toBe(rendered.normalized)
  expect(selectedCountry(second.html)).toBe('ES')

  const french = await get('/en/register', { 'x-forwarded-for': '90.0.0.1' })
  expect(french.headers.get('x-page-cache')).toBe('miss')
  expect(selectedCountry(await french.text())).toBe('FR')
  await expect
    .poll(async () => (await get('/en/register', { 'x-forwarded-for': '90.0.0.1' })).headers.get('x-page-cache'))
    .toBe('hit')
  expect(selectedCountry(await (await get('/en/register')).text())).toBe('ES')
})

test('while the registration form is kept, a visitor still registers through it and a player asking for it is sent on', async () => {
  await expect.poll(async () => (await get('/register')).headers.get('x-page-cache')).toBe('hit')
  // loggedInPlayer registers through the form (a post: never kept), activates and logs in.
  const { player, b } = await loggedInPlayer(site, Browser)
  const asPlayer = await b.get('/register')
  expect(asPlayer.headers.get('x-page-cache')).toBeNull()
  expect(new URL(asPlayer.url).pathname).not.toBe('/register')
  expect(asPlayer.html).toContain(player.username)
})

test("a campaign's landing page is kept for visitors, and an administrator's change shows at once", async () => {
  const admin = await loggedInAdmin(site, Browser, ADMIN_FIRST, ADMIN_PASSWORD)
  const campaign = {
    kind: 'promotion',
    slug: 'spring-roulette',
    locale: 'en',
    title: 'Spring roulette',
    summary: 'The roulette tables up front.',
    body: 'Every table of roulette, all week.',
    linkUrl: '/casino',
    published: 'on',
    intent: 'save',
  }
  const created = await admin.post('/admin/content/new', campaign)
  expect(created.status).toBe(200)
  const entry = new URL(created.url).pathname
  expect(entry).toMatch(/^\/admin\/content\/[^/]+$/)

  const first = await get('/en/promotion/spring-roulette')
  expect(first.headers.get('x-page-cache')).toBe('miss')
  expect(textOf(await first.text())).toContain('Spring roulette')
  await expect.poll(async () => (await get('/en/promotion/spring-roulette')).headers.get('x-page-cache')).toBe('hit')
  expect(textOf(await (await get('/en/promotion/spring-roulette')).text())).toContain('The roulette tables up front.')
  // A slug no campaign has is the 404, never kept.
  expect((await get('/en/promotion/no-such-campaign')).status).toBe(404)
  expect((await get('/en/promotion/no-such-campaign')).headers.get('x-page-cache')).not.toBe('hit')

  const edited = await admin.post(entry, { ...campaign, title: 'Summer roulette' })
  expect(edited.status).toBe(200)
  const after = await get('/en/promotion/spring-roulette')
  expect(after.headers.get('x-page-cache')).toBe('miss')
  const text = textOf(await after.text())
  expect(text).toContain('Summer roulette')
  expect(text).not.toContain('Spring roulette')
})
