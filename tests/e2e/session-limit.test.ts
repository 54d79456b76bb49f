// The session-time limit on the Responsible gaming tab in Chromium (issue 23; ADR 0063),
// JavaScript on and off, in Spanish at a desktop's width and in English at a phone's: a limit set
// holds at once for this session (the tab says when it ends); a raise waits 24 hours and can be
// dropped; once the casino API's clock has passed the limit, the next page logs the player out and
// says why. axe on the tab with JavaScript.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  openAccountTab,
  skipBrowserTests,
  useSiteInChromium,
  PLAYER_VIEWS,
} from '../setup/browser.ts'
import { activatedPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
/** A catalogue text up to its first value: what the page shows whatever the time. */
const before = (text: string) => text.split('{{')[0]!

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  const s = tr.account.sessionLimit
  describe.skipIf(skipBrowserTests)(
    `the session-time limit in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('set, it ends this session when reached; a raise waits and can be dropped', async () => {
        const { player } = await activatedPlayer(env.site, HttpBrowser)
        const { context, page } = await openAccountTab(env, player, {
          javaScript,
          width,
          locale,
          tab: tr.account.tabs.restrictions,
          path: '/user-management/responsible-gaming',
        })
        const block = page.getByRole('region', { name: s.heading })
        await expect.poll(() => block.innerText()).toContain(s.none)
        if (javaScript) await expectAccessible(page)
        const form = page.locator('form#session-limit')

        // No duration chosen: said under the field.
        await form.getByRole('button', { name: s.set }).click()
        await expect.poll(() => form.innerText()).toContain(tr.catalogue.session_limit_out_of_range)

        // An hour: at once, for this session too.
        await form.getByLabel(s.minutes).selectOption('60')
        await form.getByRole('button', { name: s.set }).click()
        await page.getByText(tr.catalogue.session_limit_set).first().waitFor()
        await expect.poll(() => block.innerText()).toContain(s.choices['60'])
        expect(await block.innerText()).toContain(s.sessionEnds)
        if (javaScript) await expectAccessible(page)

        // Two hours waits 24 hours; the page says so, and the change can be dropped.
        await form.getByLabel(s.minutes).selectOption('120')
        await form.getByRole('button', { name: s.set }).click()
        await page.getByText(before(tr.catalogue.session_limit_change_waits)).first().waitFor()
        await expect.poll(() => block.innerText()).toContain(before(s.pendingRaise))
        expect(await block.getByRole('button', { name: s.confirm }).count()).toBe(0)
        await block.getByRole('button', { name: s.cancel }).click()
        await page.getByText(tr.catalogue.session_limit_change_dropped).first().waitFor()
        await expect.poll(() => block.innerText()).not.toContain(before(s.pendingRaise))

        // An hour after the log-in the next page ends the session and says why.
        env.site.advance(61 * 60_000)
        await page.goto(`${prefix}/user-management/profile`)
        await page.waitForURL((url) => !url.pathname.includes('/user-management'))
        await page.getByText(tr.catalogue.session_limit_reached).first().waitFor()
        await context.close()
      })
    },
  )
}
