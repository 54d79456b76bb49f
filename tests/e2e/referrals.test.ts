// Refer a friend in Debian Chromium (ADR 0057), in Spanish and English: the Bonuses tab shows the
// player's referral link, whole and in the page's language, in a labelled read-only field (axe
// with JavaScript); a friend opening it with JavaScript off keeps its code through a refused
// registration form and registers with the referrer kept.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  expectAccessible,
  fillRegistration,
  loggedInPage,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { loggedInPlayer, newPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const env = useSiteInChromium()

async function playerRow(username: string) {
  const result = (await env.site.api.db.execute(
    sql`SELECT id, referral_code AS code, referred_by AS "referredBy" FROM players WHERE username = ${username}`,
  )) as unknown as { rows: { id: string; code: string | null; referredBy: string | null }[] }
  return result.rows[0]!
}

describe.skipIf(skipBrowserTests)('refer a friend in Chromium', () => {
  for (const locale of ['es', 'en'] as const) {
    test(`${locale}: the link on the Bonuses tab, its code kept through the registration form without JavaScript`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const { player } = await loggedInPlayer(env.site, HttpBrowser)

      // The Bonuses tab, JavaScript on: the whole link in the page's language, and axe.
      const withJs = await newContext(env.browser, { javaScript: true, baseURL: env.site.webUrl })
      const page = await loggedInPage(withJs, prefix, player.username, player.password)
      await page.goto(`${prefix}/user-management/bonuses`)
      const field = page.getByLabel(tr.account.bonuses.referralLink)
      await field.waitFor()
      const link = await field.inputValue()
      const { id: referrerId, code } = await playerRow(player.username)
      expect(code).toMatch(/^[A-Z2-9]{8}$/)
      expect(link).toBe(`${env.site.webUrl}${prefix}/register?ref=${code}`)
      expect(await field.getAttribute('readonly')).not.toBeNull()
      await page.getByText(tr.account.bonuses.referralCounted_other.replace('{{count}}', '0')).waitFor()
      await page.getByRole('button', { name: tr.account.bonuses.referralCopy }).waitFor()
      await expectAccessible(page)
      await withJs.close()

      // A friend opens the link with JavaScript off; a refused form (passwords that differ)
      // keeps the code; the corrected form registers the friend with the referrer kept.
      const noJs = await newContext(env.browser, { javaScript: false, baseURL: env.site.webUrl })
      const friendPage = await noJs.newPage()
      await friendPage.goto(link)
      const hidden = friendPage.locator('input[type="hidden"][name="referralCode"]')
      expect(await hidden.inputValue()).toBe(code)
      const friend = newPlayer({ language: locale })
      await fillRegistration(friendPage, { ...friend, confirmPassword: `${friend.password}-other` })
      await friendPage.locator('main form button[type="submit"]').last().click()
      await friendPage.locator('input[name="confirmPassword"][aria-invalid="true"]').waitFor()
      expect(await hidden.inputValue()).toBe(code)
      await fillRegistration(friendPage, friend)
      await friendPage.locator('main form button[type="submit"]').last().click()
      await friendPage.getByRole('heading', { name: tr.auth.register.doneHeading }).waitFor()
      expect((await playerRow(friend.username)).referredBy).toBe(referrerId)
      await noJs.close()
    })
  }
})
