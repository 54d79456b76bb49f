// The casino API partly or wholly unavailable: static pages still render (fail open), the
// actions that matter fail closed with a clear message, and pages do not wait long for it.
import http from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { UPSTREAM_TIMEOUT_MS } from '#app/upstream/client.server.ts'
import { openSession } from '#app/utils/session.server.ts'
import { webMetrics } from '#server/metrics.ts'
import { startFaultProxy, type FaultProxy } from '../setup/fault-proxy.ts'
import { Browser, textOf } from '../setup/http.ts'
import { newPlayer, startTestSite, TEST_SESSION_SECRET, type TestSite } from '../setup/harness.ts'
import { waitFor } from '../setup/wait.ts'

let site: TestSite
beforeAll(async () => {
  // The production default (2 s) would be tight for the healthy calls on a busy machine; 3 s
  // keeps the hanging case short while staying far below the upstream's own 25 s.
  site = await startTestSite({ web: { accessCheckTimeoutMs: 3_000 } })
})
afterAll(async () => {
  await site?.close()
})

/** A proxy in front of the casino API that the web app uses for this test only (fresh caches). */
async function throughProxy(run: (proxy: FaultProxy) => Promise<void>) {
  const proxy = await startFaultProxy(site.apiUrl)
  site.setUpstream(proxy.url)
  try {
    await run(proxy)
  } finally {
    site.setUpstream(site.apiUrl)
    await proxy.close()
  }
}

const REFUSED_EN = "We can't confirm right now that our services are available where you are"
const REFUSED_ES = 'Ahora mismo no podemos comprobar que nuestros servicios estén disponibles'

test.each([
  { name: 'geolocation down', path: '/front/geolocation', fault: 'down' as const },
  { name: 'settings down', path: '/front/get_setting', fault: 'down' as const },
  { name: 'geolocation hanging', path: '/front/geolocation', fault: 'hang' as const },
])('$name: the home page renders, login and registration are refused and do nothing', async ({ path, fault }) => {
  await throughProxy(async (proxy) => {
    proxy.fail(path, fault)
    const browser = new Browser(site.webUrl)
    const started = Date.now()
    const home = await browser.get('/en')
    expect(home.status).toBe(200)
    // The page did not wait for the upstream's general timeout (the proxy never answers).
    expect(Date.now() - started).toBeLessThan(UPSTREAM_TIMEOUT_MS)

    const login = await browser.post('/en/login', { username: 'someone_here', password: 'some-password-1' })
    expect(login.status).toBe(503)
    expect(textOf(login.html)).toContain(REFUSED_EN)
    expect(login.html).toContain('value="someone_here"')

    const player = newPlayer()
    const register = await browser.post('/register', player)
    expect(register.status).toBe(503)
    expect(textOf(register.html)).toContain(REFUSED_ES)
    expect(register.html).toContain(`value="${player.email}"`)
    // Nothing reached the casino API: no login attempt, no player created.
    expect(proxy.seen.filter((s) => s.forwarded && /\/front\/(auth\/login|register_player)/.test(s.path))).toEqual([])
  })
  // With the casino API back (its own address again), login works as before.
  const page = await new Browser(site.webUrl).post('/en/login', {
    username: 'someone_here',
    password: 'some-password-1',
  })
  expect(page.status).toBe(400)
  expect(textOf(page.html)).toContain('Wrong username or password')
})

test("a visitor who leaves does not take down another's page: the settings both wait for are still read", async () => {
  await throughProxy(async (proxy) => {
    // The settings are read once for all the pages that need them at the same time; the first
    // page's visitor goes away before they come.
    proxy.fail('/front/get_setting', 'hold')
    const leaving = http.get(`${site.webUrl}/en`)
    leaving.on('error', () => {})
    await waitFor('the settings asked for', () => proxy.seen.some((s) => s.path.startsWith('/front/get_setting')))
    const staying = new Browser(site.webUrl).get('/en/login')
    // The second page is waiting on the same read (one call reached the casino API).
    await new Promise((resolve) => setTimeout(resolve, 300))
    leaving.destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    proxy.heal()
    const page = await staying
    expect(page.status).toBe(200)
    expect(textOf(page.html)).toContain('Log in')
    expect(proxy.seen.filter((s) => s.path.startsWith('/front/get_setting'))).toHaveLength(1)
  })
})

test('a logout while the casino API is down sticks: the old cookie is refused, and the token is revoked once it is back', async () => {
  const player = newPlayer()
  const visitor = new Browser(site.webUrl)
  expect((await visitor.post('/register', player)).status).toBe(200)
  const { link } = await site.lastMailTo(player.email)
  await visitor.post(new URL(link ?? '').pathname, {})

  await throughProxy(async (proxy) => {
    const b = new Browser(site.webUrl)
    await b.post('/login', { username: player.username, password: player.password })
    expect((await b.get('/user-management/profile', false)).status).toBe(200)
    const stolen = new Map(b.cookies)
    const token = openSession(stolen.get('casino'), [TEST_SESSION_SECRET]).get('token')
    expect(token).toBeTruthy()

    proxy.fail('')
    const out = await b.post('/logout', {})
    expect(out.url).toBe(`${site.webUrl}/`)
    expect(textOf(out.html)).toContain('Has cerrado sesión')
    proxy.heal()

    // The copy of the old cookie no longer opens the account, at once.
    const thief = new Browser(site.webUrl)
    thief.cookies = new Map(stolen)
    const profile = await thief.get('/user-management/profile', false)
    expect(profile.status).toBe(302)
    expect(profile.headers.get('location')).toBe('/')

    // The revocation is retried in the background until the casino API takes it…
    await waitFor('the logout to reach the casino API', () =>
      proxy.seen.some((s) => s.forwarded && s.method === 'POST' && s.path.startsWith('/front/auth/logout')),
    )
    // …and the token is dead upstream too (for every web instance).
    await waitFor(
      'the token to be revoked',
      async () =>
        (await fetch(`${site.apiUrl}/front/auth/player`, { headers: { authorization: `Bearer ${token}` } })).status ===
        401,
    )
  })
})

/** How many calls to get_setting the web's metrics count as failed in this way. */
const failures = async (kind: string) =>
  (await webMetrics.upstreamErrors.get()).values.find((v) => v.labels.call === 'get_setting' && v.labels.kind === kind)
    ?.value ?? 0

test("the web app's metrics count a failed call to the casino API by its name and how it failed", async () => {
  await throughProxy(async (proxy) => {
    proxy.fail('/front/get_setting', 'down')
    const before = await failures('unreachable')
    expect((await new Browser(site.webUrl).get('/en')).status).toBe(200)
    expect(await failures('unreachable')).toBe(before + 1)
  })
})
