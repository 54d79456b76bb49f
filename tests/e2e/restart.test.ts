// A web instance restarted under an open page (a rolling deploy, behind a load balancer): the
// page's live socket is closed with 1012 (service restart) and reconnects by itself to the
// instance now at the site's address, without a reload, and the balance stays live.
import type { WebSocket } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { launchBrowser, newContext, skipBrowserTests } from '../setup/browser.ts'
import { depositByCard } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'
import { startWebProcess } from '../setup/web-process.ts'

const euros = (text: string) => Number(text.replace(/[^0-9.]/g, ''))
const money = (amount: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(amount)

describe.skipIf(skipBrowserTests)('a restarted web instance in Chromium', () => {
  test('the page reconnects its socket after a 1012 and its balance stays live, without a reload', async () => {
    const first = await startWebProcess()
    const browser = await launchBrowser()
    let second: Awaited<ReturnType<typeof startWebProcess>> | undefined
    try {
      const context = await newContext(browser, { javaScript: true, baseURL: first.site })
      const page = await context.newPage()
      // The page's sockets, and when each was opened.
      const sockets: { ws: WebSocket; at: number }[] = []
      page.on('websocket', (ws) => {
        if (ws.url().endsWith('/ws')) sockets.push({ ws, at: Date.now() })
      })
      /** A socket opened since `since` that has stayed open a second (a refused one closes at once). */
      const openSince = (since: number) =>
        sockets.some(({ ws, at }) => at >= since && !ws.isClosed() && Date.now() - at > 1000)
      await page.goto('/en/login')
      await page.locator('main input[name="username"]').fill('demo')
      await page.locator('main input[name="password"]').fill('demo-player-2026')
      await page.locator('main form button[type="submit"]').click()
      await page.waitForURL((url) => url.pathname === '/en' || url.pathname === '/en/')
      await expect.poll(() => openSince(0)).toBe(true)
      const total = page.locator('header [data-balance-total]').first()
      const before = euros(await total.innerText())
      await page.evaluate(() => Object.assign(window, { notReloaded: true }))

      first.terminate()
      expect(await first.exited).toBe(0)
      expect(sockets.every(({ ws }) => ws.isClosed())).toBe(true)
      const restarted = Date.now()
      second = await startWebProcess({}, { port: first.port, dataDir: first.dataDir })
      // The page tries again with a growing pause (1 s… 30 s) while no instance answers.
      await expect.poll(() => openSince(restarted), { timeout: 60_000 }).toBe(true)

      const elsewhere = new HttpBrowser(second.site)
      await elsewhere.post('/en/login', { username: 'demo', password: 'demo-player-2026' })
      await depositByCard(elsewhere, '10.00')
      await expect.poll(() => total.innerText()).toBe(money(before + 10))
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
      await context.close()
    } finally {
      await browser.close()
      await second?.stop()
      await first.stop()
    }
  }, 300_000)
})
