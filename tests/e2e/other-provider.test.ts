// Another provider's game in Chromium (ADR 0049, other providers), JavaScript on and off, in
// Spanish at a desktop's width and English at a phone's: the player opens it from the lobby, and
// its client, on the provider's own origin, shows in the game view: the site's CSP frame-src
// names that origin (GAME_FRAME_ORIGINS), and the browser reports no blocked frame. axe on the page.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { acmeFortune, startOtherProvider } from '#casino-api/tests/feed-fixture.ts'
import {
  expectAccessible,
  logInAs,
  pageWithErrors,
  skipBrowserTests,
  useSiteInChromium,
  PLAYER_VIEWS,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer, playAsProvider } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const acme = await startOtherProvider([acmeFortune])
const ACME_WALLET_KEY = 'acme-wallet-key-of-at-least-32-characters'
const env = useSiteInChromium({
  api: {
    gameProviders: [
      { id: 'acme', name: 'Acme Gaming', feedUrl: acme.feedUrl, launchUrl: acme.launchUrl, walletKey: ACME_WALLET_KEY },
    ],
  },
  web: { gameFrameOrigins: [acme.origin] },
})

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  describe.skipIf(skipBrowserTests)(
    `another provider's game in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test("its client opens in the game view from the provider's origin; its round is in Bet History", async () => {
        const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
        const { context, page, errors } = await pageWithErrors(env.browser, {
          javaScript,
          baseURL: env.site.webUrl,
          viewport: { width, height: 900 },
        })
        await logInAs(page, player)
        await page.goto(`${prefix}/casino?provider=acme`)
        await page
          .getByRole('link', { name: tr.games.card.play.replace('{{name}}', acmeFortune.names[locale]) })
          .click()
        await page.waitForURL(`**${prefix}/casino/acme-fortune`)
        await page.getByRole('heading', { level: 1, name: acmeFortune.names[locale] }).waitFor()
        const frame = page.frameLocator('iframe')
        await frame.getByRole('heading', { name: 'Acme Fortune by another provider' }).waitFor()
        expect(new URL((await page.locator('iframe').getAttribute('src'))!).origin).toBe(acme.origin)
        expect(await page.locator('main').innerText()).toContain(acmeFortune.rules[locale])
        if (javaScript) await expectAccessible(page)
        expect(errors.filter((e) => /Content Security Policy|frame-src/i.test(e))).toEqual([])

        // A round Acme plays through the casino's wallet: Bet History lists it, its details say
        // whose record the moves are.
        await depositByCard(b, '20.00')
        await playAsProvider(env.site, player.username, {
          stake: 2_00,
          win: 5_00,
          gameId: 'acme-fortune',
          key: ACME_WALLET_KEY,
        })
        await page.goto(`${prefix}/user-management/bet-history?period=24h`)
        const row = page.locator('tbody tr', { hasText: acmeFortune.names[locale] })
        expect(await row.locator('td').nth(5).innerText()).toBe('Acme Gaming')
        await row.getByRole('link').click()
        await page.waitForURL(`**${prefix}/user-management/bet-history/*`)
        await page.getByText(tr.games.round.elsewhere.replaceAll('{{provider}}', 'Acme Gaming')).waitFor()
        expect(await page.locator('main').innerText()).toContain(tr.games.round.providerRound)
        if (javaScript) await expectAccessible(page)
        await context.close()
      })
    },
  )
}

test.skipIf(skipBrowserTests)('the provider was asked to launch the game in each language', () => {
  expect(new Set(acme.launches.map((l) => l.params.language))).toEqual(new Set(['es', 'en']))
})
