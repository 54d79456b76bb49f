// Support's reset of a lost two-factor authentication (ADR 0069) with JavaScript off: the
// administrator sees it on the player's page and resets it with a reason (an empty one is refused
// and nothing changes); the player's session is over, the password alone logs in, and the
// Verification tab says every withdrawal waits for a fresh identity check.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInAdmin, loggedInPlayer, startTestSite, turnOnTwoFactorOnSite, type TestSite } from '../setup/harness.ts'

const ADMIN_FIRST = 'admin-first-password-reset'
const ADMIN_PASSWORD = 'admin-changed-password-reset'
let site: TestSite
beforeAll(async () => {
  site = await startTestSite({ adminPassword: ADMIN_FIRST })
})
afterAll(async () => {
  await site?.close()
})

test('an administrator resets a player’s lost two-factor authentication; the player logs in with the password and must verify again', async () => {
  const es = resources.es.translation
  const { b, player } = await loggedInPlayer(site, Browser)
  await turnOnTwoFactorOnSite(b, player.password)
  const admin = await loggedInAdmin(site, Browser, ADMIN_FIRST, ADMIN_PASSWORD)
  const path = `/admin/players?username=${player.username}`
  const page = await admin.get(path)
  expect(textOf(page.html)).toContain(`${es.admin.players.twoFactor} ${es.admin.players.twoFactorOn}`)
  expect(textOf(page.html)).toContain(es.admin.players.resetTwoFactorReason)
  const playerId = /name="id" value="([0-9a-f-]{36})"/.exec(page.html)?.[1]
  expect(playerId).toBeDefined()

  // No reason: refused, nothing changed.
  const refused = await admin.post(path, { intent: 'reset-two-factor', id: playerId!, reason: '  ' })
  expect(refused.status).toBe(400)
  expect(textOf((await admin.get(path)).html)).toContain(
    `${es.admin.players.twoFactor} ${es.admin.players.twoFactorOn}`,
  )

  const done = await admin.post(path, {
    intent: 'reset-two-factor',
    id: playerId!,
    reason: 'Lost phone; identified against the ID document on file',
  })
  expect(done.status).toBe(200)
  expect(textOf(done.html)).toContain(es.catalogue.two_factor_reset)
  expect(textOf(done.html)).toContain(`${es.admin.players.twoFactor} ${es.admin.players.twoFactorOff}`)
  expect(textOf(done.html)).not.toContain(es.admin.players.resetTwoFactorReason)

  // The player's session is over; the password alone logs in again.
  const after = await b.get('/user-management/verification')
  expect(new URL(after.url).pathname).not.toBe('/user-management/verification')
  expect(textOf(after.html)).not.toContain(es.account.verification.statusHeading)
  for (const locale of ['es', 'en'] as const) {
    const prefix = locale === 'en' ? '/en' : ''
    const again = new Browser(site.webUrl)
    const home = await again.post(`${prefix}/login`, { username: player.username, password: player.password })
    expect(new URL(home.url).pathname).toBe(prefix || '/')
    const tab = await again.get(`${prefix}/user-management/verification`)
    expect(textOf(tab.html)).toContain(resources[locale].translation.account.verification.withdrawalsWait)
  }
})
