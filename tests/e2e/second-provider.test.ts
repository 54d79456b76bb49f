// The built-in provider run a second time under another provider id, key and game id prefix, in a
// database of its own (ADR 0049, step 4), plugged in as any other provider is: GAME_PROVIDERS at
// the casino API, GAME_FRAME_ORIGINS at the web app. A player finds its dice in the lobby under its
// name, rolls for real in its client (on its own origin) with JavaScript on and off, in Spanish at
// a desktop's width and English at a phone's, and reads the round in Bet History; axe on the page.
import { afterAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { SECOND, startSecondProvider } from '#casino-api/tests/second-provider.ts'
import { catalogGame } from '#provider/games/catalog.ts'
import {
  expectAccessible,
  logInAs,
  pageWithErrors,
  PLAYER_VIEWS,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { cents } from '../setup/bet-history.ts'
import { depositByCard, loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const second = await startSecondProvider({ walletUrl: () => env.site.apiUrl, siteUrl: () => env.site.webUrl })
// Registered first, so it runs last: the provider stops after the site.
afterAll(() => second.close())
const env = useSiteInChromium({
  api: { gameProviders: [second.entry] },
  web: { gameFrameOrigins: [second.origin] },
})

const DICE = `${SECOND.prefix}dice`
/** Its name in each language, as the provider's feed publishes it. */
const diceName = catalogGame('dice')!.name

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  describe.skipIf(skipBrowserTests)(
    `the second provider's dice in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('found under its name in the lobby, rolled for real in its client, listed in Bet History', async () => {
        const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
        await depositByCard(b, '20.00')
        const { context, page, errors } = await pageWithErrors(env.browser, {
          javaScript,
          baseURL: env.site.webUrl,
          viewport: { width, height: 900 },
        })
        await logInAs(page, player)
        await page.goto(`${prefix}/casino?provider=${SECOND.id}`)
        await page.getByRole('link', { name: tr.games.card.play.replace('{{name}}', diceName[locale]) }).click()
        await page.waitForURL(`**${prefix}/casino/${DICE}`)
        expect(new URL((await page.locator('iframe').getAttribute('src'))!).origin).toBe(second.origin)

        const frame = page.frameLocator('iframe')
        const balance = frame.locator('[aria-live="polite"]').first()
        await expect.poll(() => balance.innerText()).toMatch(locale === 'es' ? /20,00/ : /20\.00/)
        await frame.getByRole('button', { name: tr.games.frame.roll, exact: true }).click()
        const rolled = tr.games.frame.rolled.split('{{roll}}')[0]!
        await frame.getByText(rolled, { exact: false }).first().waitFor()
        if (javaScript) await expectAccessible(page)
        expect(errors.filter((e) => /Content Security Policy|frame-src|frame-ancestors/i.test(e))).toEqual([])

        // The round, in Bet History under the provider's name, and the balance agrees with it.
        await page.goto(`${prefix}/user-management/bet-history?period=24h`)
        const row = page.locator('tbody tr', { hasText: diceName[locale] })
        await expect.poll(() => row.count()).toBe(1)
        expect(await row.locator('td').nth(5).innerText()).toBe(SECOND.name)
        const net = cents(await page.locator('tfoot td').last().innerText())
        const total = cents(await page.locator('header [data-balance-total]').first().innerText())
        expect(total).toBe(20_00 + net)
        if (javaScript) await expectAccessible(page)
        await context.close()
      })
    },
  )
}
