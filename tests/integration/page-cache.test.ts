// The shared cache of visitors' pages (ADR 0033): the home and the lobbies are rendered once and
// served again for a few seconds, each time with the response's own CSP nonce; a player, a
// visitor from a blocked country, a query, a form page or an unknown cookie always get a page
// rendered for their request.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { setSetting } from '#casino-api/src/site/settings.ts'
import { Browser } from '../setup/http.ts'
import { loggedInPlayer, startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
  // Set before the web app's first request: it caches the settings briefly.
  await setSetting(site.api.db, 'countryBlackList', ['US'], new Date())
})
afterAll(async () => {
  await site?.close()
})

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
  for (const path of ['/casino?category=slots', '/register', '/en/login', '/promotions'])
    expect((await get(path)).headers.get('x-page-cache'), path).toBeNull()
})
