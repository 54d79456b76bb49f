// The settings page without JavaScript, over plain HTTP: an administrator switches the site off
// and keeps the administration to switch it back on, and each save is applied by this web server
// at once (its copy of the settings is dropped); a player's session gets 403 there.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { getSettings } from '#casino-api/src/site/settings.ts'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInAdmin, loggedInPlayer, startTestSite, type TestSite } from '../setup/harness.ts'

const ADMIN_FIRST = 'admin-first-password-settings'
const ADMIN_PASSWORD = 'admin-password-settings-2026'

let site: TestSite
let adminBrowser: Browser
beforeAll(async () => {
  site = await startTestSite({ adminPassword: ADMIN_FIRST })
  adminBrowser = await loggedInAdmin(site, Browser, ADMIN_FIRST, ADMIN_PASSWORD)
})
afterAll(async () => {
  await site?.close()
})

test('with the site switched off, visitors get "You can\'t access the site." and the logged-in administrator switches it back on', async () => {
  const visitor = new Browser(site.webUrl)
  expect((await visitor.get('/en')).status).toBe(200)

  // Unticked boxes are not sent: the site access switch and withdrawal cancellation go off.
  const off = await adminBrowser.post('/en/admin/settings', { ipBlackList: '' })
  expect(off.url).toBe(`${site.webUrl}/en/admin/settings`)
  expect(textOf(off.html)).toContain('The settings were saved.')

  const closed = await visitor.get('/en')
  expect(closed.status).toBe(503)
  expect(textOf(closed.html)).toContain("You can't access the site.")
  expect((await new Browser(site.webUrl).get('/en/admin/settings')).status).toBe(503)

  const page = await adminBrowser.get('/admin/settings')
  expect(page.status).toBe(200)
  expect(textOf(page.html)).toContain('Ajustes del sitio')
  await adminBrowser.post('/admin/settings', { siteAccess: 'on', withdrawalCancellation: 'on', ipBlackList: '' })
  expect((await visitor.get('/en')).status).toBe(200)
})

test('a player gets 403 on the settings page and cannot post to it', async () => {
  const { b: browser } = await loggedInPlayer(site, Browser)
  expect((await browser.get('/en/admin/settings')).status).toBe(403)
  expect((await browser.post('/en/admin/settings', { countryBlackList: 'ES', ipBlackList: '' })).status).toBe(403)
  expect(textOf((await adminBrowser.get('/en/admin/settings')).html)).toContain('No country is blacklisted.')
})

test("the casino's time zone is edited without JavaScript: a wrong name comes back under its field with the input kept", async () => {
  const page = textOf((await adminBrowser.get('/en/admin/settings')).html)
  expect(page).toContain("The casino's time zone")
  const wrong = await adminBrowser.post('/en/admin/settings', { ipBlackList: '', timeZone: 'Mars/Olympus_Mons' })
  expect(wrong.status).toBe(400)
  expect(textOf(wrong.html)).toContain('Enter a time zone by its IANA name, such as Europe/Madrid.')
  expect(wrong.html).toMatch(/<input[^>]*name="timeZone"[^>]*value="Mars\/Olympus_Mons"/)
  const saved = await adminBrowser.post('/en/admin/settings', {
    siteAccess: 'on',
    withdrawalCancellation: 'on',
    ipBlackList: '',
    timeZone: 'Atlantic/Canary',
  })
  expect(textOf(saved.html)).toContain('The settings were saved.')
  expect((await getSettings(site.api.db)).timeZone).toBe('Atlantic/Canary')
  await adminBrowser.post('/en/admin/settings', {
    siteAccess: 'on',
    withdrawalCancellation: 'on',
    ipBlackList: '',
    timeZone: 'Europe/Madrid',
  })
})
