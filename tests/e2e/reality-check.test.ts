// The reality check in Chromium (issue 23; ADR 0065), JavaScript on and off, in Spanish at a
// desktop's width and in English at a phone's: set on the Safer gambling tab, it interrupts real
// play once due (the game's client says the stake waits, and the game view shows the minutes
// played and the result instead of the game), and "Keep playing" brings the game back. axe on the
// tab and on the check with JavaScript.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  openAccountTab,
  skipBrowserTests,
  useSiteInChromium,
  PLAYER_VIEWS,
  roundResult,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 })

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  describe.skipIf(skipBrowserTests)(
    `the reality check in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('a check set to 15 minutes stops real play when due, says the time and result, and lets play go on', async () => {
        const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
        await depositByCard(b, '20.00')
        const { context, page } = await openAccountTab(env, player, {
          javaScript,
          width,
          locale,
          tab: tr.account.tabs.restrictions,
          path: '/user-management/responsible-gaming',
        })
        const block = page.getByRole('region', { name: tr.account.realityCheck.heading })
        const interval = block.getByLabel(tr.account.realityCheck.interval)
        // Nothing chosen: said under the field.
        await block.getByRole('button', { name: tr.account.realityCheck.set }).click()
        await poll(() => block.innerText()).toContain(tr.catalogue.reality_check_interval)
        await interval.selectOption('15')
        await block.getByRole('button', { name: tr.account.realityCheck.set }).click()
        await page.getByText(tr.catalogue.reality_check_set.replace('{{0}}', '15')).first().waitFor()
        await poll(() => block.innerText()).toContain(tr.account.realityCheck.minutes.replace('{{count}}', '15'))
        if (javaScript) await expectAccessible(page)

        // A real roll, then 16 minutes: the next roll waits, and the client says why.
        await page.goto(`${prefix}/casino/dice?mode=real`)
        const frame = page.frameLocator('iframe')
        const roll = frame.getByRole('button', { name: tr.games.frame.roll, exact: true })
        await roll.click()
        const outcome = roundResult(tr.games.frame)
        await frame.getByText(outcome).first().waitFor()
        env.site.advance(16 * 60_000)
        await roll.click()
        await frame.getByText(tr.catalogue.reality_check_due).first().waitFor()

        // The game view shows the check instead of the game.
        await page.goto(`${prefix}/casino/dice?mode=real`)
        const check = page.getByRole('alertdialog', { name: tr.games.realityCheck.heading })
        await check.waitFor()
        expect(await check.innerText()).toContain(tr.games.realityCheck.played.replace('{{minutes}}', '16'))
        expect(await page.locator('iframe').count()).toBe(0)
        expect(await check.getByRole('link', { name: tr.games.realityCheck.stop }).getAttribute('href')).toBe(
          `${prefix}/user-management/bet-history`,
        )
        if (javaScript) await expectAccessible(page)

        // "Keep playing": the game is back and takes stakes again.
        await check.getByRole('button', { name: tr.games.realityCheck.keepPlaying }).click()
        await page.getByText(tr.catalogue.reality_check_acknowledged.replace('{{0}}', '15')).first().waitFor()
        await page.frameLocator('iframe').getByRole('button', { name: tr.games.frame.roll, exact: true }).click()
        await poll(() => page.frameLocator('iframe').getByText(outcome).count()).toBeGreaterThan(0)
        expect(await page.getByRole('alertdialog').count()).toBe(0)
        await context.close()
      })
    },
  )
}
