// Identity checks in Chromium (issue 23, part 3; ADR 0067), in Spanish with JavaScript at a
// desktop's width and in English without it at a phone's: the player sends a file that says it is
// a PNG but is not (refused under the field), then an identity document and a proof of address;
// the administrator sees them on /admin/kyc, approves one and rejects the other with a reason the
// player then reads; a new proof approved, the player's tab says verified. axe on both pages.
import { describe, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import {
  changeAdminPassword,
  expectAccessible,
  loggedInPage,
  newContext,
  openAccountTab,
  skipBrowserTests,
  useSiteInChromium,
} from '../setup/browser.ts'
import { loggedInPlayer } from '../setup/harness.ts'
import { Browser as HttpBrowser } from '../setup/http.ts'

const ADMIN_FIRST = 'admin-first-password-kyc'
const ADMIN_PASSWORD = 'admin-password-kyc-2026'
const env = useSiteInChromium({ adminPassword: ADMIN_FIRST })
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 })

/** A real image, one pixel: the administrator's page shows it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])
let adminReady: Promise<void> | undefined

for (const { javaScript, locale, width } of [
  { javaScript: true, locale: 'es', width: 1280 },
  { javaScript: false, locale: 'en', width: 390 },
] as const) {
  const tr = resources[locale].translation
  const v = tr.account.verification
  const prefix = locale === 'en' ? '/en' : ''
  describe.skipIf(skipBrowserTests)(
    `identity checks in Chromium (JavaScript ${javaScript ? 'on' : 'off'}, ${locale})`,
    () => {
      test('documents sent from the Verification tab are reviewed on /admin/kyc, and the player sees the outcome', async () => {
        adminReady ??= changeAdminPassword(env.site, ADMIN_FIRST, ADMIN_PASSWORD)
        await adminReady
        const { player } = await loggedInPlayer(env.site, HttpBrowser)
        const { context, page } = await openAccountTab(env, player, {
          javaScript,
          width,
          locale,
          tab: tr.account.tabs.verification,
          path: '/user-management/verification',
        })
        const status = page.getByRole('region', { name: v.statusHeading })
        await poll(() => status.innerText()).toContain(v.statuses.not_requested)

        // The administrator asks for the documents from the player's page; the player's tab says so, with the deadline.
        const adminContext = await newContext(env.browser, {
          javaScript,
          baseURL: env.site.webUrl,
          viewport: { width, height: 900 },
        })
        const admin = await loggedInPage(adminContext, prefix, 'admin', ADMIN_PASSWORD)
        await admin.goto(`${prefix}/admin/players?username=${player.username}`)
        await admin.getByRole('button', { name: tr.admin.players.requestKyc }).click()
        await poll(() => admin.locator('main').innerText()).toContain(tr.admin.players.kycRequested)
        await page.reload()
        await poll(() => status.innerText()).toContain(v.statuses.requested)
        expect(await status.innerText()).toContain(v.due)
        if (javaScript) await expectAccessible(page)

        const send = async (kind: 'identity' | 'address', file: { name: string; mimeType: string; buffer: Buffer }) => {
          const form = page.getByRole('region', { name: v.sendHeading })
          await form.getByLabel(v.kind).selectOption(kind)
          await form.getByLabel(v.file).setInputFiles(file)
          await form.getByRole('button', { name: v.send }).click()
        }
        // Text named like a PNG: the casino API reads the bytes and refuses it, said under the field.
        await send('identity', { name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from('not an image') })
        await poll(() => page.locator('main').innerText()).toContain(tr.catalogue.kyc_file_type)
        await send('identity', { name: 'passport.png', mimeType: 'image/png', buffer: PNG })
        await poll(() => page.locator('main').innerText()).toContain(tr.catalogue.kyc_document_received)
        await send('address', { name: 'bill.jpg', mimeType: 'image/jpeg', buffer: JPEG })
        await poll(() => status.innerText()).toContain(v.statuses.under_review)

        // On /admin/kyc: both documents, with their images; approve one, reject the other.
        await admin.goto(`${prefix}/admin/kyc`)
        const item = (kind: 'identity' | 'address') =>
          admin.getByRole('region', { name: `${v.kinds[kind]} · ${player.username}` })
        const image = item('identity').getByRole('img')
        await poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
        // The image is the administrator's alone: the player's own session is refused it.
        const src = (await image.getAttribute('src'))!
        expect((await page.request.get(src, { maxRedirects: 0 })).status()).toBe(403)
        if (javaScript) await expectAccessible(admin)
        await item('identity').getByRole('button', { name: tr.admin.kyc.approve }).click()
        await poll(() => admin.locator('main').innerText()).toContain(tr.admin.kyc.approved)
        await item('address').getByLabel(tr.admin.kyc.reason).fill('The bill is older than 3 months')
        await item('address').getByRole('button', { name: tr.admin.kyc.reject }).click()
        await poll(() => admin.locator('main').innerText()).toContain(tr.admin.kyc.rejected)

        await page.reload()
        await poll(() => status.innerText()).toContain(v.statuses.rejected)
        expect(await status.innerText()).toContain('The bill is older than 3 months')
        await send('address', { name: 'bill.jpg', mimeType: 'image/jpeg', buffer: JPEG })
        await poll(() => status.innerText()).toContain(v.statuses.under_review)
        await admin.reload()
        await item('address').getByRole('button', { name: tr.admin.kyc.approve }).click()
        await poll(() => admin.locator('main').innerText()).toContain(tr.admin.kyc.approved)
        await page.reload()
        await poll(() => status.innerText()).toContain(v.statuses.verified)
        // Verified: nothing more to send.
        expect(await page.getByRole('region', { name: v.sendHeading }).count()).toBe(0)
        await page.screenshot({ path: `/tmp/kyc-${locale}.png`, fullPage: true })
        await admin.screenshot({ path: `/tmp/kyc-admin-${locale}.png`, fullPage: true })
        await adminContext.close()
        await context.close()
      })
    },
  )
}
