// The service worker (/sw.js, scope /), its offline page in the visitor's language, and the
// page reload after a failed chunk load (at most once a minute).
import { describe, expect, test } from 'vitest'
import { skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'

const env = useSiteInChromium()

describe.skipIf(skipBrowserTests)('offline and updates', () => {
  test('the service worker controls the site with scope / and shows the offline page in the visitor\'s language', async () => {
    // 127.0.0.1 is a secure context for service workers, like localhost.
    const context = await env.browser.newContext({ baseURL: env.site.webUrl, serviceWorkers: 'allow' })
    const page = await context.newPage()
    await page.goto('/en')
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${env.site.webUrl}/`)
    // the next load is controlled by the worker
    await page.reload()
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

    await context.setOffline(true)
    await page.goto('/en/register').catch(() => {})
    await page.getByRole('heading', { name: 'You are offline' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Sin conexión' }).isVisible()).toBe(false)
    await context.setOffline(false)
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
    await page.evaluate(() => Object.assign(window, { secondTry: true }))
    await fail()
    await page.waitForTimeout(1000)
    expect(await page.evaluate(() => 'secondTry' in window)).toBe(true)
    await context.close()
  })
})
