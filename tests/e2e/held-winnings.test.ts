// Winnings held by the net winnings limit (ADR 0036) in Debian Chromium, with JavaScript on and
// off, in Spanish and English: the player's balance stops at the limit and the mailbox says what
// is held, the administrator releases it (or voids it with a reason) on /admin/held-winnings, and
// the balance and the mailbox then follow the decision; axe on the administrator's page.
import { beforeAll, describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { winningsDecisionMessage, winningsHeldMessage } from '../../casino-api/src/mailbox/texts.ts'
import {
  changeAdminPassword,
  expectAccessible,
  loggedInPage,
  LOCALE_MODES,
  newContext,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { depositByCard, loggedInPlayer, playAsProvider } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-held'
const ADMIN_PASSWORD = 'admin-password-held-2026'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })

describe.skipIf(skipBrowserTests)('held winnings in Chromium', () => {
  beforeAll(async () => {
    if (skipBrowserTests) return
    await changeAdminPassword(env.site, ADMIN_FIRST, ADMIN_PASSWORD)
  })

  for (const [i, { locale, javaScript }] of LOCALE_MODES.entries()) {
    // Released with JavaScript on, voided with it off, so that each decision is seen in both languages.
    const decision = javaScript ? 'released' : 'voided'
    test(`${locale}, JavaScript ${javaScript ? 'on' : 'off'}: the held part is ${decision}`, async () => {
      const tr = resources[locale].translation
      const prefix = locale === 'en' ? '/en' : ''
      const money = (es: string, en: string) => (locale === 'es' ? `${es}\u00a0€` : `€${en}`)
      const { player, b } = await loggedInPlayer(env.site, HttpBrowser)
      await depositByCard(b, '10.00')
      // 10 € staked and 6 000 € won at keno (which pays that much): the net winnings stop at 5 000 €,
      // 990 € are held.
      await playAsProvider(env.site, player.username, { stake: 10_00, win: 6_000_00, gameId: 'classic-keno' })
      const held = money('990,00', '990.00')

      const context = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const page = await loggedInPage(context, prefix, player.username, player.password)
      const balance = page.locator('header [data-balance-total]').first()
      // The player registered in Spanish: the casino's messages come in Spanish (their subjects
      // name no amount).
      const amounts = { amount: '', limit: '' }
      await page.goto(`${prefix}/user-management/mailbox`)
      await page.getByText(winningsHeldMessage('es', amounts).subject).waitFor()
      // 10 € deposited and staked, 5 010 € paid of the 6 000 € won.
      expect(await balance.innerText()).toBe(money('5.010,00', '5,010.00'))

      const adminContext = await newContext(env.browser, { javaScript, baseURL: env.site.webUrl })
      const admin = await loggedInPage(adminContext, prefix, 'admin', ADMIN_PASSWORD)
      // The administrator's header leads to the administration, and shows no wallet to play with.
      const adminHeader = admin.locator('header').first()
      await adminHeader.getByRole('link', { name: tr.common.nav.admin, exact: true }).first().waitFor()
      expect(await adminHeader.locator('[data-balance-total]').count()).toBe(0)
      expect(await adminHeader.getByRole('link', { name: tr.common.header.deposit, exact: true }).count()).toBe(0)
      // Nor does the administrator's account area: only the account's own tabs.
      await admin.goto(`${prefix}/user-management/profile`)
      expect(
        await admin.getByRole('navigation', { name: tr.account.tabs.label }).getByRole('link').allInnerTexts(),
      ).toEqual([
        tr.account.tabs.profile,
        tr.account.tabs.changePassword,
        tr.account.tabs.sessions,
        tr.account.tabs.security,
      ])
      expect(await admin.locator('main [data-balance-total], main #balance-heading').count()).toBe(0)
      await admin.goto(`${prefix}/admin/held-winnings`)
      const mine = admin.locator('section', { hasText: player.username })
      await mine.locator('h3', { hasText: held }).waitFor()
      if (javaScript) await expectAccessible(admin)
      if (decision === 'released') {
        await mine.getByRole('button', { name: tr.admin.heldWinnings.release }).click()
        await admin.getByText(tr.admin.heldWinnings.released).waitFor()
      } else {
        await mine.locator('textarea[name="reason"]').fill(`Juego revisado / round reviewed ${i}`)
        await mine.getByRole('button', { name: tr.admin.heldWinnings.void }).click()
        await admin.getByText(tr.admin.heldWinnings.voided).waitFor()
      }
      await expect.poll(() => admin.locator('section', { hasText: player.username }).count()).toBe(0)
      await adminContext.close()

      await page.reload()
      await page
        .getByText(winningsDecisionMessage('es', { ...amounts, released: decision === 'released' }).subject)
        .waitFor()
      expect(await balance.innerText()).toBe(
        decision === 'released' ? money('6.000,00', '6,000.00') : money('5.010,00', '5,010.00'),
      )
      await context.close()
    })
  }
})
