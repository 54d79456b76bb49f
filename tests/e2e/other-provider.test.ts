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
import { activatedPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const acme = await startOtherProvider([acmeFortune])
const env = useSiteInChromium({
  api: { gameProviders: [{ id: 'acme', feedUrl: acme.feedUrl, launchUrl: acme.launchUrl }] },
  web: { gameFrameOrigins: [acme.origin] },
})

for (const { javaScript, locale, width, prefix } of PLAYER_VIEWS) {
  const tr = resources[locale].translation
  describe.skipIf(skipBrowserTests)(
    `another provider's game in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test("its client opens in the game view from the provider's origin", async () => {
        const { player } = await activatedPlayer(env.site, HttpBrowser)
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
        await context.close()
      })
    },
  )
}

test.skipIf(skipBrowserTests)('the provider was asked to launch the game in each language', () => {
  expect(new Set(acme.launches.map((l) => l.params.language))).toEqual(new Set(['es', 'en']))
})
