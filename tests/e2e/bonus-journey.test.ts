// A bonus from sign-up to real money in Debian Chromium, with JavaScript on and off, in Spanish and
// English: register with a no-deposit code, activate (the code's bonus is credited), deposit, play
// a game for real in its frame and see the Bonuses tab's progress bar move, until the turnover is
// met and the bonus is real money (ADR 0052, 0053). axe on the Bonuses tab (with JavaScript).
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  fillRegistration,
  LOCALE_MODES,
  loggedInPage,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
  roundResult,
} from '../setup/browser.ts'
import { createBonusCode, loggedInAdmin, newPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-journey'
const CODE = 'GIRA10'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })
/** Waits on a condition, generously: the machine may be busy. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 })

/** The Bonuses tab's wagering bar: what is done of what is asked, in cents. */
async function wagering(page: Page, prefix: string) {
  await page.goto(`${prefix}/user-management/bonuses`)
  const bar = page.locator('progress#bonus-wagering')
  if ((await bar.count()) === 0) return null
  return { done: Number(await bar.getAttribute('value')), required: Number(await bar.getAttribute('max')) }
}

describe.skipIf(skipBrowserTests)('a bonus from sign-up to real money in Chromium', () => {
  beforeAll(async () => {
    if (skipBrowserTests) return
    // A no-deposit code of 10 €: wagered 3 times (the bonus_code template), so 30 € of stakes.
    const admin = await loggedInAdmin(env.site, HttpBrowser, ADMIN_FIRST, 'admin-password-journey-2026')
    expect(await createBonusCode(admin, CODE, '10')).toBe(200)
  })

  for (const { locale, javaScript } of LOCALE_MODES) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const errors: string[] = []
      const player = newPlayer({ language: locale })

      // Register with the code, then activate from the e-mailed link: the code's bonus is credited.
      const page = await context.newPage()
      page.on('pageerror', (e) => errors.push(e.message))
      await page.goto(`${prefix}/register`)
      await fillRegistration(page, player)
      await page.locator('input[name="promoCode"]').fill(CODE.toLowerCase())
      await page.locator('main form button[type="submit"]').last().click()
      await page.getByText(tr.catalogue.player_created).waitFor()
      const { link } = await env.site.lastMailTo(player.email)
      await page.goto(link!)
      if (!javaScript) await page.getByRole('button', { name: tr.auth.activate.submit }).click()
      await page.getByText(tr.catalogue.account_activated).waitFor()
      await page.close()

      const game = await loggedInPage(context, prefix, player.username, player.password)
      game.on('pageerror', (e) => errors.push(e.message))
      expect(await wagering(game, prefix)).toEqual({ done: 0, required: 30_00 })
      if (javaScript) await expectAccessible(game)

      // 50 € of real money by card: stakes take real money first, so the bonus is not at risk.
      await game.goto(`${prefix}/user-management/deposit?method=moto`)
      // A bonus is active: the form offers no other.
      expect(await game.locator('input[name="claimBonus"], input[name="promoCode"]').count()).toBe(0)
      await game.locator('input[name="holderName"]').fill('Lucía García')
      await game.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242')
      await game.locator('input[name="month"]').fill('12')
      await game.locator('input[name="year"]').fill(String(new Date().getUTCFullYear() + 2))
      await game.locator('input[name="cvv2"]').fill('123')
      await game.locator('input[name="amount"]').fill('50')
      await game.locator('#deposit-moto button[type="submit"]').click()
      await game.getByText(tr.catalogue.deposit_complete.split('{{')[0]!.trim()).first().waitFor()

      // Star Drop (instant win: counted at 100 %), 10 € a ball, three balls.
      const g = tr.games
      for (let ball = 1; ball <= 3; ball++) {
        await game.goto(`${prefix}/casino/star-drop?mode=real`)
        const frame = game.frameLocator('iframe')
        await frame.getByLabel(g.frame.stake).selectOption('1000')
        // The frame shows the previous ball's result from the moment it loads, so this ball's
        // answer is waited for first: the frame's form post without JavaScript, its fetch with it.
        const answered = game.waitForResponse((r) => r.request().method() === 'POST' && r.frame() !== game.mainFrame())
        await frame.getByRole('button', { name: g.frame.drop, exact: true }).click()
        await answered
        // The round is over when the frame tells its result.
        const outcome = roundResult(g.frame)
        await frame.getByText(outcome).first().waitFor()
        if (ball < 3) expect((await wagering(game, prefix))?.done).toBe(ball * 10_00)
      }

      // Met: the bonus turned into real money; it is in the history, and no bonus is active.
      await poll(() => wagering(game, prefix)).toBeNull()
      await game.getByText(tr.account.bonuses.noActive).waitFor()
      await game.getByRole('cell', { name: tr.account.bonuses.statuses.converted, exact: true }).waitFor()
      if (javaScript) await expectAccessible(game)
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
