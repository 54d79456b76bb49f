// The service worker (/sw.js, scope /), its offline page in the visitor's language, the page
// reload after a failed chunk load (at most once a minute), and Chromium's offer to install the
// site (its manifest's icons, the worker).
import { describe, expect, test } from 'vitest'
import { launchWithProfile, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'

const env = useSiteInChromium()

describe.skipIf(skipBrowserTests)('offline and updates', () => {
  test('Chromium finds the site installable: the manifest has PNG icons of 192 and 512 pixels, maskable too', async () => {
    // Not in an incognito context (Chromium installs nothing from one).
    const context = await launchWithProfile(env.site.webUrl)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/en')
    // Installing needs the service worker: the page registers it.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    const devtools = await context.newCDPSession(page)
    const manifest = await devtools.send('Page.getAppManifest')
    expect(manifest.url).toBe(`${env.site.webUrl}/manifest.webmanifest`)
    expect(manifest.errors).toEqual([])
    const icons = (
      JSON.parse(manifest.data ?? '{}') as { icons: { src: string; sizes: string; type: string; purpose: string }[] }
    ).icons
    for (const sizes of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable'])
        expect(icons).toContainEqual(expect.objectContaining({ sizes, type: 'image/png', purpose }))
    // Each icon is a PNG of its size.
    for (const sizes of ['192x192', '512x512']) {
      const [width] = sizes.split('x').map(Number)
      for (const icon of icons.filter((i) => i.sizes === sizes)) {
        const answer = await page.request.get(new URL(icon.src, env.site.webUrl).href)
        expect(answer.headers()['content-type']).toBe('image/png')
        const png = await answer.body()
        expect(png.readUInt32BE(16)).toBe(width)
        expect(png.readUInt32BE(20)).toBe(width)
      }
    }
    await expect
      .poll(async () => (await devtools.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 30_000 })
      .toEqual([])
    await context.close()
  })

  test("the service worker controls the site with scope / and shows the offline page in the visitor's language", async () => {
    // 127.0.0.1 is a secure context for service workers, like localhost.
    const context = await env.browser.newContext({ baseURL: env.site.webUrl, serviceWorkers: 'allow' })
    const page = await context.newPage()
    await page.goto('/en')
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${env.site.webUrl}/`)
    // the next load is controlled by the worker
    await page.reload()
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

    // Installing it fetched the offline page's few files, not the whole site's scripts; the
    // scripts this page ran are kept as they were fetched through it.
    const cached = () =>
      page.evaluate(async () => {
        const byCache: Record<string, string[]> = {}
        for (const name of await caches.keys())
          byCache[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
        return byCache
      })
    const precache = Object.entries(await cached()).find(([name]) => name.includes('precache'))?.[1] ?? []
    expect(precache).toContain('/offline.html')
    expect(precache.filter((path) => path.startsWith('/assets/'))).toEqual([])
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/') && path.endsWith('.js')),
    )
    expect(scripts.length).toBeGreaterThan(3)
    await expect.poll(async () => (await cached()).assets ?? []).toEqual(expect.arrayContaining(scripts))
    // A file that is not there is not kept (the next deployment may bring it).
    expect(await page.evaluate(() => fetch('/assets/not-built-yet.js').then((answer) => answer.status))).toBe(404)
    expect((await cached()).assets).not.toContain('/assets/not-built-yet.js')
    // Offline, past the browser's own cache, the worker still answers with the kept script.
    await context.setOffline(true)
    const offlineAnswer = (url: string) =>
      page.evaluate(
        (u) =>
          fetch(u, { cache: 'no-store' }).then(
            (answer) => answer.status,
            () => 0,
          ),
        url,
      )
    expect(await offlineAnswer(scripts[0]!)).toBe(200)
    await context.setOffline(false)

    // The last page seen was Spanish (the `lng` cookie says es); the page asked for is English.
    await page.goto('/')
    // The connection goes once the page has fetched what it loads after hydration: a chunk that
    // fails to load reloads the page (see the last test), which would race the navigation below.
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    await page.goto('/en/register?from=offline').catch(() => {})
    await page.getByRole('heading', { name: 'You are offline' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Sin conexión' }).isVisible()).toBe(false)
    expect(page.url()).toBe(`${env.site.webUrl}/en/register?from=offline`)

    // "Try again" asks for that page again, not the start page and not the offline page.
    await context.setOffline(false)
    await page.getByRole('link', { name: 'Try again' }).click()
    await page.waitForURL(`${env.site.webUrl}/en/register?from=offline`)
    await page.locator('form input[name="username"]').waitFor()
    await context.close()
  })

  test('the offline page opened at its own address follows the last language', async () => {
    const context = await env.browser.newContext({ baseURL: env.site.webUrl })
    await context.addCookies([{ name: 'lng', value: 'en', url: env.site.webUrl }])
    const page = await context.newPage()
    await page.goto('/offline.html')
    await page.getByRole('heading', { name: 'You are offline' }).waitFor()
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/en')
    await context.close()
  })

  test('a failed chunk load reloads the page once, and not again within a minute', async () => {
    const context = await env.browser.newContext({ baseURL: env.site.webUrl })
    const page = await context.newPage()
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const fail = () => page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })))

    await page.evaluate(() => Object.assign(window, { beforeReload: true }))
    await Promise.all([page.waitForEvent('load'), fail()])
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false)

    await page.waitForLoadState('networkidle')
    const stamp = await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))
    expect(stamp).toBeTruthy()
    await page.evaluate(() => Object.assign(window, { secondTry: true }))
    const navigations: string[] = []
    page.on('request', (request) => request.isNavigationRequest() && navigations.push(request.url()))
    await fail()
    // A reload would have stamped the time again before reloading; a round trip to the server
    // afterwards proves the document is still the same one (a reload would have replaced it).
    expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).toBe(stamp)
    await page.evaluate(() => fetch('/healthz').then((r) => r.status))
    expect(await page.evaluate(() => 'secondTry' in window)).toBe(true)
    expect(navigations).toEqual([])
    await context.close()
  })
})
