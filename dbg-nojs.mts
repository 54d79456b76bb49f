import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const context = await browser.newContext({ javaScriptEnabled: false, baseURL: 'http://localhost:3100', viewport: { width: 1280, height: 900 } })
const page = await context.newPage()
const game = process.argv[2] ?? 'punto-banco'
await page.goto(`/en/casino/${game}?mode=demo`)
const frame = page.frameLocator('iframe')
await page.screenshot({ path: `/tmp/dbg/${game}-1.png` })
const name = process.argv[3] ?? 'Deal'
await frame.getByRole('button', { name, exact: true }).click({ timeout: 20000 })
await page.waitForTimeout(3000)
await page.screenshot({ path: `/tmp/dbg/${game}-2.png` })
const src = await page.locator('iframe').getAttribute('src')
console.log('iframe src', src)
for (const f of page.frames()) console.log('frame', f.url())
await browser.close()
