// How long a browser may keep a page (ADR 0021): a visitor's pages may be kept (history, the
// back/forward cache) but are asked for again before reuse; a logged-in player's never are.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import { newPlayer, startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

const stored = (headers: Headers) => !/no-store/.test(headers.get('cache-control') ?? '')

test("a visitor's pages and their data may be kept by the browser, privately and revalidated", async () => {
  const visitor = new Browser(site.webUrl)
  for (const path of ['/', '/en', '/en/register', '/login', '/en.data']) {
    const page = await visitor.get(path)
    expect(page.status, path).toBe(200)
    const cacheControl = page.headers.get('cache-control') ?? ''
    expect(cacheControl, path).toMatch(/\bprivate\b/)
    expect(cacheControl, path).toMatch(/\bno-cache\b/)
    expect(stored(page.headers), path).toBe(true)
    expect(page.headers.get('vary') ?? '', path).toMatch(/\bCookie\b/i)
  }
})

test('pages for a logged-in player, answers that set the session and token pages are never stored', async () => {
  const player = newPlayer()
  const b = new Browser(site.webUrl)
  expect((await b.post('/register', player)).status).toBe(200)
  const { link } = await site.lastMailTo(player.email)
  const activation = new URL(link!).pathname
  expect(stored((await b.get(activation)).headers)).toBe(false)
  expect(textOf((await b.post(activation, {})).html)).toContain('Tu cuenta está activa.')

  const login = await b.post('/login', { username: player.username, password: player.password }, { follow: false })
  expect(login.setCookies.some((c) => c.startsWith('casino='))).toBe(true)
  expect(stored(login.headers)).toBe(false)
  for (const path of ['/', '/en', '/user-management/profile', '/en.data']) {
    const page = await b.get(path)
    expect(page.status, path).toBe(200)
    expect(page.headers.get('cache-control'), path).toMatch(/\bprivate\b.*\bno-store\b/)
  }
  expect(textOf((await b.get('/user-management/profile')).html)).toContain(player.username)
})

test("the browser gets React Router's whole route manifest as a hashed file, cached for good", async () => {
  const html = (await new Browser(site.webUrl).get('/en')).html
  const path = html.match(/import "(\/assets\/manifest-[0-9a-f]+\.js)"/)?.[1]
  expect(path).toBeTruthy()
  const res = await fetch(`${site.webUrl}${path}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  // Every page's route, not only this one's: no link on the page asks the server for more.
  const manifest = await res.text()
  for (const route of ['routes/auth/login', 'routes/user-management/deposit', 'routes/games/game'])
    expect(manifest).toContain(route)
})
