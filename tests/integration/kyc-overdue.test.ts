// A missed identity-check deadline (ADR 0068) as the player meets it with JavaScript off, in both
// languages: the Verification tab says the account is suspended and the balance kept, a deposit is
// refused with the reason and the amount kept, and a real-money game does not open (demo does).
import { sql } from 'drizzle-orm'
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
const actionKeyOf = (html: string) => html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''

test('documents asked for and not sent by the deadline: deposits and real play wait, the page says why', async () => {
  const { player, b } = await loggedInPlayer(site, Browser)
  // Asked for 31 days ago, due yesterday (what an administrator's request or a withdrawal's opens).
  const asked = new Date(site.now().getTime() - 31 * DAY)
  await site.api.db.execute(sql`
    INSERT INTO kyc_requests (player_id, requested_at, due_at)
    SELECT id, ${asked.toISOString()}::timestamptz, ${new Date(site.now().getTime() - DAY).toISOString()}::timestamptz
    FROM players WHERE username = ${player.username}`)

  for (const locale of ['es', 'en'] as const) {
    const tr = resources[locale].translation
    const prefix = locale === 'en' ? '/en' : ''
    const tab = await b.get(`${prefix}/user-management/verification`)
    expect(textOf(tab.html)).toContain(tr.account.verification.overdue)

    const form = await b.get(`${prefix}/user-management/deposit?method=carespay`)
    const refused = await b.post(`${prefix}/user-management/deposit?method=carespay`, {
      method: 'carespay',
      actionKey: actionKeyOf(form.html),
      amount: '25',
    })
    expect(refused.status).toBe(403)
    expect(textOf(refused.html)).toContain(tr.catalogue.kyc_overdue)
    expect(refused.html).toContain('value="25"')

    const real = await b.get(`${prefix}/casino/golden-sevens?mode=real`)
    expect(textOf(real.html)).toContain(tr.catalogue.kyc_overdue)
    expect(real.html).not.toContain('<iframe')
    const demo = await b.get(`${prefix}/casino/golden-sevens?mode=demo`)
    expect(demo.html).toContain('<iframe')
  }
})
