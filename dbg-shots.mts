import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const shots: [string, string, number, boolean][] = [
  ['home-es', '/', 1280, true],
  ['live-en-m', '/en/live-casino', 390, true],
  ['blackjack-es', '/casino/blackjack?mode=demo', 1280, true],
  ['faq-es', '/faq', 1280, false],
  ['contact-en-m', '/en/contact-us', 390, false],
  ['lobby-en-m', '/en/casino', 390, false],
]
for (const [name, path, width, js] of shots) {
  const context = await browser.newContext({ javaScriptEnabled: js, baseURL: 'http://localhost:3100', viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(path)
  await page.waitForTimeout(js ? 2500 : 500)
  await page.screenshot({ path: `/tmp/dbg/${name}.png`, fullPage: false })
  await context.close()
}
await browser.close()
