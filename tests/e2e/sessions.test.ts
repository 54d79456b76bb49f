// The signed-in sessions page in Chromium (issue 23, account security), JavaScript on and off, in
// Spanish and English, at a desktop's width and a phone's: the player sees this browser marked and
// another device listed, signs every other session out, and the other device is signed out. axe
// on the page with JavaScript.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  openAccountTab,
  skipBrowserTests,
  useSiteInChromium,
  PLAYER_VIEWS,
} from '../setup/browser.ts'
import { loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

for (const { javaScript, locale, width } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  describe.skipIf(skipBrowserTests)(`sessions in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`, () => {
    test('the player signs out every other session from the sessions tab', async () => {
      // Another device: the player's first log-in, as a browser without JavaScript.
      const { player, b: otherDevice } = await loggedInPlayer(env.site, HttpBrowser)
      const { context, page } = await openAccountTab(env, player, {
        javaScript,
        width,
        locale,
        tab: tr.account.tabs.sessions,
        path: '/user-management/sessions',
      })
      // With JavaScript the tab opens in place: its heading shows once its data came.
      await page.getByRole('heading', { level: 2, name: tr.account.sessions.heading }).waitFor()
      const sessions = page.getByRole('list', { name: tr.account.sessions.listLabel }).getByRole('listitem')
      expect(await sessions.count()).toBe(2)
      // This browser first, marked.
      expect(await sessions.first().innerText()).toContain(tr.account.sessions.thisDevice)
      expect(await sessions.nth(1).innerText()).not.toContain(tr.account.sessions.thisDevice)
      if (javaScript) await expectAccessible(page)

      await page.getByRole('button', { name: tr.account.sessions.endOthers }).click()
      await expect.poll(() => page.locator('main').innerText()).toContain(tr.account.sessions.none)
      expect(await sessions.count()).toBe(1)
      // The other device is signed out.
      expect((await otherDevice.get('/user-management/profile', false)).status).toBe(302)
      await context.close()
    })
  })
}
