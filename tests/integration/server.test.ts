// What the web server itself promises operators and browsers: health, readiness, headers,
// the service worker, cached assets, and the site-access switch.
import { pino } from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { setSetting } from '#casino-api/src/site/settings.ts'
import { freePort } from '#casino-api/tests/api-process.ts'
import { withoutNewestMigration } from '#casino-api/tests/migration-records.ts'
import { startFaultProxy } from '../setup/fault-proxy.ts'
import { Browser, textOf } from '../setup/http.ts'
import { startTestSite, type TestSite } from '../setup/harness.ts'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

/** /healthz and /readyz as a load balancer sees them. */
async function probes() {
  const [health, ready] = await Promise.all([fetch(`${site.webUrl}/healthz`), fetch(`${site.webUrl}/readyz`)])
  return { health: health.status, ready: ready.status, readiness: (await ready.json()) as unknown }
}

test("/healthz answers while the process is up; /readyz follows the casino API's readiness", async () => {
  const ready = { health: 200, ready: 200, readiness: { status: 'ready', upstream: 'ok' } }
  expect(await probes()).toEqual(ready)

  // The casino API answers, but its database lacks the newest migration: its /readyz is 503.
  await withoutNewestMigration(site.api.db, undefined, async () => {
    expect(await probes()).toEqual({
      health: 200,
      ready: 503,
      readiness: { status: 'unavailable', upstream: 'not_ready' },
    })
  })
  expect(await probes()).toEqual(ready)

  // Nothing listens at the upstream's address, then the upstream never answers.
  const unreachable = { health: 200, ready: 503, readiness: { status: 'unavailable', upstream: 'unreachable' } }
  site.setUpstream(`http://127.0.0.1:${await freePort()}`)
  expect(await probes()).toEqual(unreachable)
  const proxy = await startFaultProxy(site.apiUrl)
  try {
    site.setUpstream(proxy.url)
    proxy.fail('/readyz', 'hang')
    const started = Date.now()
    expect(await probes()).toEqual(unreachable)
    expect(Date.now() - started).toBeLessThan(10_000)
  } finally {
    site.setUpstream(site.apiUrl)
    await proxy.close()
  }
  expect(await probes()).toEqual(ready)
})

test('pages carry the security headers and a CSP nonce that matches every inline script', async () => {
  const res = await fetch(`${site.webUrl}/en`)
  expect(res.status).toBe(200)
  const csp = res.headers.get('content-security-policy') ?? ''
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1]
  expect(nonce).toBeTruthy()
  expect(csp).toContain("frame-ancestors 'self'")
  expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('permissions-policy')).toBeTruthy()
  expect(res.headers.get('x-request-id')).toBeTruthy()
  const html = await res.text()
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  expect(html).toContain('<html lang="en"')
  expect(html).toMatch(/hreflang="es"/i)
  expect(html).toMatch(/hreflang="x-default"/i)
})

test('hashed assets are cached for a year; /sw.js is served for scope / and revalidated', async () => {
  const html = await (await fetch(`${site.webUrl}/`)).text()
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0]
  expect(asset).toBeTruthy()
  const a = await fetch(site.webUrl + asset)
  expect(a.status).toBe(200)
  expect(a.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/)
  const sw = await fetch(`${site.webUrl}/sw.js`)
  expect(sw.status).toBe(200)
  expect(sw.headers.get('content-type')).toMatch(/javascript/)
  expect(sw.headers.get('service-worker-allowed')).toBe('/')
  expect(sw.headers.get('cache-control')).toMatch(/no-cache/)
  const body = await sw.text()
  expect(body).toContain('offline')
})

test('with the site switched off, players see "You can\'t access the site."', async () => {
  await setSetting(site.api.db, 'siteAccess', false, new Date())
  // a new site reads the settings afresh (the web app caches them briefly)
  const other = await startTestSite()
  try {
    await setSetting(other.api.db, 'siteAccess', false, new Date())
    const page = await new Browser(other.webUrl).get('/en/login')
    expect(page.status).toBe(503)
    expect(textOf(page.html)).toContain("You can't access the site.")
    const es = await new Browser(other.webUrl).get('/')
    expect(textOf(es.html)).toContain('No puedes acceder al sitio.')
  } finally {
    await other.close()
  }
})

test('pages requested in both languages at the same time each come back whole in their own language', async () => {
  const pages = await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const path = i % 2 ? '/en' : '/'
      const html = await (await fetch(site.webUrl + path)).text()
      return { path, html }
    }),
  )
  for (const { path, html } of pages) {
    expect(html).toContain(path === '/en' ? '<html lang="en"' : '<html lang="es"')
    expect(textOf(html)).toContain(path === '/en' ? 'Skip to content' : 'Saltar al contenido')
    expect(html.trimEnd()).toMatch(/<\/html>$/)
  }
})

test('a browser that accepts brotli gets compressed pages; public files are served beside the pages', async () => {
  const page = await fetch(`${site.webUrl}/en/register`, { headers: { 'accept-encoding': 'br' } })
  expect(page.status).toBe(200)
  expect(page.headers.get('content-encoding')).toBe('br')
  expect(textOf(await page.text())).toContain('Skip to content')
  for (const file of ['/favicon.svg', '/manifest.webmanifest', '/robots.txt', '/offline.html'])
    expect((await fetch(site.webUrl + file)).status).toBe(200)
  expect((await fetch(`${site.webUrl}/favicon.svg/not-a-file`)).status).toBe(404)
})

test('the access log never holds the secret of an e-mailed link (reset, activation, e-mail change)', async () => {
  const lines: string[] = []
  const logged = await startTestSite({
    web: { logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) },
  })
  try {
    const secret = 'Zq7secretTokenValue0123456789abcdefABCDEF_-x'
    const paths = ['reset-password', 'activate', 'confirm-email'].flatMap((page) => [
      `/${page}/${secret}`,
      `/en/${page}/${secret}`,
      `/${page}/${secret}.data`,
      `/en/${page}/${secret}?x=1`,
    ])
    for (const path of paths) await new Browser(logged.webUrl).get(path)
    await new Browser(logged.webUrl).post(`/confirm-email/${secret}`, {})
    const access = lines
      .map((line) => JSON.parse(line) as { msg: string; path?: string })
      .filter((line) => line.msg === 'request')
    // Every page is logged, under its name…
    for (const page of ['reset-password', 'activate', 'confirm-email']) {
      expect(access.map((line) => line.path)).toContain(`/${page}/:token`)
      expect(access.map((line) => line.path)).toContain(`/en/${page}/:token`)
    }
    // …and the token is in none of the log's lines.
    expect(lines.join('\n')).not.toContain(secret)
  } finally {
    await logged.close()
  }
})
