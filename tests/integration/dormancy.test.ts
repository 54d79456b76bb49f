// Dormant accounts (ADR 0062) as a player meets them with JavaScript off: the month's notice in the
// mailbox, and once the account is closed, the log-in page's message in Spanish and English with
// the username kept.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { resources } from '#locales/index.ts'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInPlayer, startTestSite, type TestSite } from '../setup/harness.ts'

const DAY = 86_400_000
let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(async () => {
  await site?.close()
})

test('an idle account is told in its mailbox, then closed; the log-in says why in both languages', async () => {
  const { player } = await loggedInPlayer(site, Browser)
  site.advance(340 * DAY)
  expect(await site.api.runDormancy()).toEqual({ warned: 1, closed: 0 })
  // The player comes back: the notice is in the mailbox, and the log-in keeps the account open.
  const b = new Browser(site.webUrl)
  await b.post('/login', { username: player.username, password: player.password })
  const mailbox = await b.get('/user-management/mailbox')
  expect(textOf(mailbox.html)).toContain('Tu cuenta se cerrará por inactividad')
  site.advance(31 * DAY)
  expect(await site.api.runDormancy()).toEqual({ warned: 0, closed: 0 })

  // Then goes for good: told again eleven months on, closed a month later.
  site.advance(340 * DAY)
  expect(await site.api.runDormancy()).toEqual({ warned: 1, closed: 0 })
  site.advance(31 * DAY)
  expect(await site.api.runDormancy()).toEqual({ warned: 0, closed: 1 })
  for (const locale of ['es', 'en'] as const) {
    const page = await new Browser(site.webUrl).post(`${locale === 'en' ? '/en' : ''}/login`, {
      username: player.username,
      password: player.password,
    })
    expect(page.status).toBe(403)
    expect(textOf(page.html)).toContain(resources[locale].translation.catalogue.account_closed_dormant)
    expect(page.html).toContain(`value="${player.username}"`)
  }
  // The session the player had is over.
  expect(textOf((await b.get('/user-management/mailbox')).html)).not.toContain('Tu cuenta se cerrará por inactividad')
})
