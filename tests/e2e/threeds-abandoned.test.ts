// A 3-D Secure card payment the player walked away from, in Debian Chromium: its transaction page
// offers to go back to the challenge or to cancel it (JavaScript on in Spanish, off in English),
// and with JavaScript on an open page shows the expiry job failing one, without a reload.
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { expireOverdueChallenges } from '#casino-api/src/payments/challenges.ts'
import { CHALLENGE_TTL_MS } from '#casino-api/src/payments/config.ts'
import { resources } from '#locales/index.ts'
import { expectAccessible, newContext, skipBrowserTests, useSiteInChromium } from '../setup/browser.ts'
import { loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

/** Starts a card deposit with the challenged test card and leaves its 3-D Secure page for the history. */
async function abandonChallenge(page: Page, prefix: string, amount: string) {
  await page.goto(`${prefix}/user-management/deposit`)
  await page.locator('input[name="holderName"]').fill('Lucía García')
  await page.locator('input[name="cardNumber"]').fill('4000 0000 0000 3220')
  await page.locator('input[name="month"]').fill('12')
  await page.locator('input[name="year"]').fill(String(new Date().getUTCFullYear() + 2))
  await page.locator('input[name="cvv2"]').fill('123')
  await page.locator('input[name="amount"]').fill(amount)
  await page.locator('#deposit-altitudepay button[type="submit"]').click()
  await page.waitForURL(`**${prefix}/threedsecure?reference=*`)
  const reference = new URL(page.url()).searchParams.get('reference') ?? ''
  await page.goto(`${prefix}/user-management/transactions`)
  return reference
}

/** Opens the transaction page of the payment `reference` from the history. */
async function openFromHistory(page: Page, prefix: string, reference: string) {
  await page.locator('main a', { hasText: reference }).click()
  await page.waitForURL(`**${prefix}/user-management/transactions/*`)
}

describe.skipIf(skipBrowserTests)('an abandoned 3-D Secure payment in Chromium', () => {
  for (const { locale, javaScript } of [
    { locale: 'es', javaScript: true },
    { locale: 'en', javaScript: false },
  ] as const) {
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}: continue or cancel it`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const { player } = await loggedInPlayer(env.site, HttpBrowser)
      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await context.newPage()
      await page.goto(`${prefix}/login`)
      await page.locator('main input[name="username"]').fill(player.username)
      await page.locator('main input[name="password"]').fill(player.password)
      await page.locator('main form button[type="submit"]').click()
      await page.waitForURL((url) => !url.pathname.endsWith('/login'))

      const reference = await abandonChallenge(page, prefix, '40')
      await openFromHistory(page, prefix, reference)
      const status = page
        .locator('main dt', { hasText: new RegExp(`^${tr.money.history.status}$`) })
        .locator('xpath=following-sibling::dd[1]')
      await expectText(status, tr.money.statuses.pending)
      if (javaScript) await expectAccessible(page)

      // Back to the challenge, then away again.
      await page.getByRole('link', { name: tr.money.detail.challengeContinue }).click()
      await page.waitForURL(`**${prefix}/threedsecure?reference=${reference}`)
      await page.getByRole('button', { name: tr.money.threeds.approve }).waitFor()
      await page.goBack()
      await page.waitForURL(`**${prefix}/user-management/transactions/*`)

      await page.getByRole('button', { name: tr.money.detail.challengeCancel }).click()
      await page.getByText(tr.catalogue.deposit_cancelled).waitFor()
      await expectText(status, tr.money.statuses.cancelled)
      await page.getByRole('link', { name: tr.money.detail.challengeContinue }).waitFor({ state: 'detached' })
      // The challenge page agrees: nothing left to approve.
      await page.goto(`${prefix}/threedsecure?reference=${reference}`)
      await page.getByRole('alert').waitFor()
      await page.getByRole('button', { name: tr.money.threeds.approve }).waitFor({ state: 'detached' })

      if (javaScript) {
        // Another one left alone: the job fails it after 15 minutes, and the open page shows it.
        const second = await abandonChallenge(page, prefix, '25')
        await openFromHistory(page, prefix, second)
        await expectText(status, tr.money.statuses.pending)
        await expireOverdueChallenges(env.site.api.db, new Date(Date.now() + CHALLENGE_TTL_MS + 60_000))
        await expectText(status, tr.money.statuses.failed)
        await page.getByText(tr.money.detail.challengeReasons.challenge_expired).waitFor()
        await page.getByRole('button', { name: tr.money.detail.challengeCancel }).waitFor({ state: 'detached' })
      }
      await context.close()
    })
  }
})

/** Waits until `locator` reads `text` (a page that updates itself gets there on its own). */
async function expectText(locator: ReturnType<Page['locator']>, text: string) {
  await locator.filter({ hasText: new RegExp(`^${text}$`) }).waitFor()
}
