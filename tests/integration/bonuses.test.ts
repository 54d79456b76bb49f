// Bonus pages with JavaScript off, against the real casino API: a withdrawal with an active bonus
// is told first, refused until the player confirms, then forfeits the bonus; the deposit forms
// offer the bonus the deposit earns, in the casino API's figures, and credit it only when asked;
// the Bonuses tab applies a bonus code (one the administrator made), refusals under the field;
// the deposit page offers the bonus code and the loyalty redemption as methods.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import {
  BANK_WITHDRAWAL,
  loggedInAdmin,
  loggedInPlayer,
  playAsProvider,
  startTestSite,
  testDatabases,
  type TestSite,
} from '../setup/harness.ts'

const ADMIN_FIRST = 'admin-first-password-2026'
const ADMIN_PASSWORD = 'admin-changed-password-2026'

const actionKeyOf = (html: string) => html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''
const card = (amount: string) => ({
  method: 'moto',
  holderName: 'Lucía García',
  cardNumber: '4242424242424242',
  month: '11',
  year: String(new Date().getUTCFullYear() + 3),
  cvv2: '4821',
  amount,
})

for (const database of testDatabases()) {
  describe(`bonus pages on ${database.name}`, () => {
    let site: TestSite
    beforeAll(async () => {
      site = await startTestSite({ database, adminPassword: ADMIN_FIRST })
    })
    afterAll(async () => {
      await site?.close()
    })

    test('a withdrawal with an active bonus says so, is refused until confirmed, then forfeits the bonus', async () => {
      const { b, player } = await loggedInPlayer(site, Browser)
      const deposit = await b.get('/user-management/deposit?method=moto')
      const done = await b.post('/user-management/deposit?method=moto', {
        ...card('100'),
        actionKey: actionKeyOf(deposit.html),
        claimBonus: 'on',
      })
      expect(textOf(done.html)).toContain('El depósito de 100,00 € se ha completado.')
      // The deposit's turnover (3 × 100 €) on roulette, which counts 20 % toward the bonus: the
      // deposit is wagered, the bonus is not (it stays active).
      for (let i = 0; i < 12; i++)
        await playAsProvider(site, player.username, { stake: 25_00, win: 25_00, gameId: 'european-roulette' })

      const page = await b.get('/user-management/withdrawal')
      expect(textOf(page.html)).toContain('Cumplido: ya puedes retirar.')
      expect(textOf(page.html)).toContain(
        'Tienes un bono activo (Bono de bienvenida, 100,00 € concedidos). Una retirada lo anula: pierdes tu saldo de bono de 100,00 €.',
      )
      expect(page.html).toContain('name="forfeitBonus"')
      expect(textOf(page.html)).toMatch(/Bono\s*100,00 €/)

      const refused = await b.post('/user-management/withdrawal', {
        ...BANK_WITHDRAWAL,
        actionKey: actionKeyOf(page.html),
        amount: '50',
      })
      expect(refused.status).toBe(409)
      expect(textOf(refused.html)).toContain(
        'Tienes un bono activo: si retiras ahora, pierdes el bono y su saldo. Confirma para retirar de todos modos.',
      )
      expect(refused.html).toContain('value="Lucía García"')
      expect(refused.html).toContain('value="50"')
      expect(refused.html).toMatch(/<input[^>]*name="forfeitBonus"/)
      expect(textOf(refused.html)).toContain('Entiendo que al retirar pierdo mi bono y su saldo de bono.')
      expect(textOf(refused.html)).toMatch(/Bono\s*100,00 €/)
      const next = actionKeyOf(refused.html)
      expect(next).not.toBe(actionKeyOf(page.html))

      const sent = await b.post('/user-management/withdrawal', {
        ...BANK_WITHDRAWAL,
        actionKey: next,
        amount: '50',
        forfeitBonus: 'on',
      })
      expect(sent.status).toBe(200)
      expect(textOf(sent.html)).toContain('Tu solicitud de retirada de 50,00 € se ha programado correctamente.')
      const after = await b.get('/user-management/withdrawal')
      expect(textOf(after.html)).toMatch(/Bono\s*0,00 €/)
      expect(textOf(after.html)).not.toContain('Tienes un bono activo')
      expect(after.html).not.toContain('name="forfeitBonus"')
    })

    test('the deposit form offers the bonus in the template’s figures; only a ticked box credits it', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const form = await b.get('/user-management/deposit?method=moto')
      expect(form.html).toMatch(/<input[^>]*name="claimBonus"/)
      expect(textOf(form.html)).toContain('Quiero el Bono de bienvenida: el 100 % de este depósito, hasta 200,00 €')
      expect(textOf(form.html)).toContain(
        'Con un depósito de 10,00 € o más. Para convertirlo en dinero real hay que apostar 3 veces el bono en 30 días; una retirada antes lo anula.',
      )
      // The figures are the template's: edited, the form says the new ones.
      await site.api.db.execute(sql`UPDATE bonus_templates SET percent = 75 WHERE type = 'welcome_deposit'`)
      try {
        const edited = await b.get('/en/user-management/deposit?method=carespay')
        expect(textOf(edited.html)).toContain('Claim the Welcome bonus: 75 % of this deposit, up to €200.00')
      } finally {
        await site.api.db.execute(sql`UPDATE bonus_templates SET percent = 100 WHERE type = 'welcome_deposit'`)
      }

      // Not ticked: no bonus.
      const plain = await b.post('/user-management/deposit?method=moto', {
        ...card('40'),
        actionKey: actionKeyOf(form.html),
      })
      expect(textOf(plain.html)).toContain('El depósito de 40,00 € se ha completado.')
      expect(textOf(plain.html)).toMatch(/Bono\s*0,00 €/)
      // The next deposit earns the reload bonus: ticked, it is credited.
      const reload = await b.get('/user-management/deposit?method=moto')
      expect(textOf(reload.html)).toContain('Quiero el Bono de recarga: el 50 % de este depósito, hasta 100,00 €')
      expect(textOf(reload.html)).toContain('hay que apostar 3 veces el bono en 14 días')
      const claimed = await b.post('/user-management/deposit?method=moto', {
        ...card('40'),
        actionKey: actionKeyOf(reload.html),
        claimBonus: 'on',
      })
      expect(textOf(claimed.html)).toContain('El depósito de 40,00 € se ha completado.')
      expect(textOf(claimed.html)).toMatch(/Bono\s*20,00 €/)
      // With a bonus active, no other is offered.
      const after = await b.get('/user-management/deposit?method=moto')
      expect(after.html).not.toContain('name="claimBonus"')
      expect(textOf(after.html)).not.toContain('Quiero el Bono')
    })

    test('the Bonuses tab: the active bonus with its progress, a forfeit in two steps without JavaScript, the history', async () => {
      const { b, player } = await loggedInPlayer(site, Browser)
      const empty = await b.get('/user-management/bonuses')
      expect(empty.status).toBe(200)
      expect(textOf(empty.html)).toContain('No tienes ningún bono activo.')
      expect(empty.html).toMatch(/href="\/promotion"[^>]*>Volver a las promociones</)
      const deposit = await b.get('/user-management/deposit?method=moto')
      await b.post('/user-management/deposit?method=moto', {
        ...card('50'),
        actionKey: actionKeyOf(deposit.html),
        claimBonus: 'on',
      })
      // 10 € on roulette counts 2 € (20 %) of the bonus's 150 €.
      await playAsProvider(site, player.username, { stake: 10_00, win: 10_00, gameId: 'european-roulette' })
      const page = await b.get('/user-management/bonuses')
      const text = textOf(page.html)
      expect(text).toContain('Bono de bienvenida')
      expect(text).toMatch(/Saldo de bono\s*50,00 €/)
      expect(text).toMatch(/Te queda por apostar\s*148,00 €/)
      expect(text).toContain('Apuestas: 2,00 € de 150,00 € (1 %)')
      expect(text).toMatch(/Termina el\s*\d{4}\.\d{2}\.\d{2}/)
      expect(page.html).toMatch(/<progress[^>]*max="15000"[^>]*value="200"|<progress[^>]*value="200"[^>]*max="15000"/)
      expect(text).toContain('Todavía no ha terminado ningún bono.')
      const ask = page.html.match(/href="(\/user-management\/bonuses\?forfeit=[^"]+)"/)?.[1]
      expect(ask).toBeTruthy()
      const confirm = await b.get(ask!.replace(/&amp;/g, '&'))
      expect(textOf(confirm.html)).toContain(
        'Se retira tu saldo de bono de 50,00 € y el bono termina. No se puede deshacer.',
      )
      const id = confirm.html.match(/name="id" value="([^"]+)"/)?.[1]
      const fields = { intent: 'forfeit', id: id!, actionKey: actionKeyOf(confirm.html) }
      const done = await b.post('/user-management/bonuses', fields)
      expect(done.status).toBe(200)
      expect(textOf(done.html)).toContain('Has renunciado a tu bono y se ha retirado su saldo de bono.')
      expect(textOf(done.html)).toMatch(/Bono\s*0,00 €/)
      expect(textOf(done.html)).toContain('No tienes ningún bono activo.')
      expect(textOf(done.html)).toMatch(/Bono de bienvenida.*50,00 €.*2,00 € de 150,00 €.*Anulado/)
      // The same form sent again moves nothing more.
      const again = await b.post('/user-management/bonuses', fields)
      expect(again.status).toBe(200)
      expect(textOf(again.html)).toMatch(/Dinero real\s*50,00 €/)
      // Someone else cannot forfeit it; a bad post is a 400, never a 500.
      const { b: other } = await loggedInPlayer(site, Browser)
      const foreign = await other.post('/user-management/bonuses', { ...fields, actionKey: crypto.randomUUID() })
      expect(foreign.status).toBe(404)
      expect((await other.post('/user-management/bonuses', { intent: 'forfeit' })).status).toBe(400)
      const english = await b.get('/en/user-management/bonuses')
      expect(textOf(english.html)).toContain('Forfeited')
      // Named in the page's language, though the player registered in Spanish.
      expect(textOf(english.html)).toContain('Welcome bonus')
      expect(textOf(english.html)).toContain('Back to promotions')
    })

    test('a bonus code on the Bonuses tab without JavaScript: credited and active; refusals under the field, the code kept; the deposit page offers codes and points as methods', async () => {
      const admin = await loggedInAdmin(site, Browser, ADMIN_FIRST, ADMIN_PASSWORD)
      for (const code of ['REGALO10', 'OTRO5', 'METODO7']) {
        const created = await admin.post('/admin/promo-codes', {
          code,
          bonusType: 'bonus_code',
          amount: code === 'REGALO10' ? '10,00' : code === 'METODO7' ? '7,00' : '5,00',
          maxUses: '5',
          validFrom: '',
          validUntil: '',
        })
        expect(textOf(created.html)).toContain(`Se ha creado el código promocional ${code}.`)
      }

      const { b } = await loggedInPlayer(site, Browser)
      const page = await b.get('/user-management/bonuses')
      expect(textOf(page.html)).toContain('¿Tienes un código de bono?')
      expect(page.html).toMatch(
        /<label[^>]*for="([^"]+)"[^>]*>Código de bono<\/label><input[^>]*id="\1"[^>]*name="code"/,
      )
      expect(page.html).toContain('name="intent" value="bonus-code"')
      const fields = { intent: 'bonus-code', code: 'regalo10', actionKey: actionKeyOf(page.html) }

      const applied = await b.post('/user-management/bonuses', fields)
      expect(applied.status).toBe(200)
      const text = textOf(applied.html)
      expect(text).toContain('El código de bono se ha aplicado.')
      expect(text).toMatch(/Bono activo\s*Bono\s*Código de bono/)
      expect(text).toMatch(/Saldo de bono\s*10,00 €/)
      expect(text).toMatch(/Bono\s*10,00 €/)
      expect(text).toContain('Apuestas: 0,00 € de 30,00 € (0 %)')
      // A bonus is active: no form, the page says when a code can be used.
      expect(applied.html).not.toContain('name="code"')
      expect(text).toContain('Podrás aplicarlo cuando termine este bono.')
      // The same form sent again is the same request: one bonus.
      const replay = await b.post('/user-management/bonuses', fields)
      expect(replay.status).toBe(200)
      expect(textOf(replay.html)).toMatch(/Saldo de bono\s*10,00 €/)

      // Another code while the bonus runs: refused, the form back with the code and why.
      const busy = await b.post('/user-management/bonuses', {
        ...fields,
        code: 'otro5',
        actionKey: crypto.randomUUID(),
      })
      expect(busy.status).toBe(409)
      expect(textOf(busy.html)).toContain('Todavía tienes un bono activo. Sigue jugando e inténtalo más tarde.')
      expect(busy.html).toMatch(/<input[^>]*name="code"[^>]*value="otro5"/)

      // Given up, the bonus ends; the same code again is refused under the field, the code kept.
      const confirm = await b.get(applied.html.match(/href="(\/user-management\/bonuses\?forfeit=[^"]+)"/)![1]!)
      const forfeit = await b.post('/user-management/bonuses', {
        intent: 'forfeit',
        id: confirm.html.match(/name="id" value="([^"]+)"/)![1]!,
        actionKey: actionKeyOf(confirm.html),
      })
      expect(textOf(forfeit.html)).toContain('No tienes ningún bono activo.')
      const again = await b.post('/user-management/bonuses', {
        ...fields,
        code: 'REGALO10',
        actionKey: actionKeyOf(forfeit.html),
      })
      expect(again.status).toBe(400)
      expect(again.html).toMatch(
        /<input[^>]*name="code"[^>]*value="REGALO10"[^>]*>.*?<ul[^>]*>\s*<li[^>]*>El código de bono no existe o ya se ha usado\.<\/li>/s,
      )
      expect(textOf(again.html)).toMatch(/Bono\s*0,00 €/)

      // An unknown code: the same bonus-code message (ADR 0053), in each language.
      const unknown = await b.post('/user-management/bonuses', {
        ...fields,
        code: 'NOEXISTE',
        actionKey: actionKeyOf(again.html),
      })
      expect(unknown.status).toBe(400)
      expect(textOf(unknown.html)).toContain('El código de bono no existe o ya se ha usado.')
      expect(unknown.html).toMatch(/<input[^>]*name="code"[^>]*value="NOEXISTE"/)
      const english = await b.post('/en/user-management/bonuses', {
        ...fields,
        code: 'NOEXISTE',
        actionKey: crypto.randomUUID(),
      })
      expect(textOf(english.html)).toContain('The bonus code does not exist or was already used.')
      expect(textOf(english.html)).toContain('Have a bonus code?')
      // Nothing typed: the field's own message, nothing sent.
      const empty = await b.post('/user-management/bonuses', { ...fields, code: '', actionKey: crypto.randomUUID() })
      expect(empty.status).toBe(400)
      expect(textOf(empty.html)).toContain('Este campo es obligatorio.')

      // The deposit page lists a bonus code and loyalty points among its methods (get_processors):
      // their forms are the tabs' own, sent to the tab that keeps their history.
      const deposit = await b.get('/user-management/deposit')
      expect([...deposit.html.matchAll(/\?method=([a-z_]+)"/g)].map((m) => m[1])).toEqual([
        'altitudepay',
        'moto',
        'carespay',
        'cashlib',
        'crypto',
        'bonuscode',
        'loyalty',
      ])
      const byCode = await b.get('/user-management/deposit?method=bonuscode')
      expect(textOf(byCode.html)).toContain('Un código de bono sin depósito suma su bono a tu saldo de bono al momento')
      expect(byCode.html).not.toContain('name="amount"')
      const codeForm = byCode.html.match(/<form[^>]*action="([^"]+)"[^>]*>(?:(?!<\/form>).)*name="code"/s)
      expect(codeForm?.[1]).toBe('/user-management/bonuses')
      const viaDeposit = await b.post(codeForm![1]!, {
        intent: 'bonus-code',
        code: 'metodo7',
        actionKey: actionKeyOf(byCode.html),
      })
      expect(textOf(viaDeposit.html)).toContain('El código de bono se ha aplicado.')
      expect(textOf(viaDeposit.html)).toMatch(/Saldo de bono\s*7,00 €/)

      const byPoints = await b.get('/user-management/deposit?method=loyalty')
      expect(textOf(byPoints.html)).toContain('Tienes 0 puntos. Se pueden canjear a partir de 1000,')
      const redeemForm = byPoints.html.match(/<form[^>]*action="([^"]+)"[^>]*>(?:(?!<\/form>).)*name="points"/s)
      expect(redeemForm?.[1]).toBe('/user-management/loyalty-points')
      // No points yet: refused on the Loyalty Points tab, under the field, the number kept.
      const refused = await b.post(redeemForm![1]!, { points: '5000', actionKey: actionKeyOf(byPoints.html) })
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(refused.status).toBeLessThan(500)
      expect(textOf(refused.html)).toContain('Puntos de fidelidad')
      expect(refused.html).toMatch(/<input[^>]*name="points"[^>]*value="5000"/)
      const inEnglish = await b.get('/en/user-management/deposit?method=loyalty')
      expect(textOf(inEnglish.html)).toContain('You have 0 points. Points can be redeemed from 1,000,')
      expect(inEnglish.html).toContain('action="/en/user-management/loyalty-points"')
    })

    test('the promotions page lists the deposit and the scheduled bonuses in the templates’ live figures', async () => {
      const b = new Browser(site.webUrl)
      const es = textOf((await b.get('/promotion')).html)
      expect(es).toContain('Bonos por depósito')
      expect(es).toContain(
        'Bono de bienvenida Para tu primer depósito. El 100 % del depósito, hasta 200,00 €. Con un depósito de 10,00 € o más. Para convertirlo en dinero real hay que apostar 3 veces el bono en 30 días.',
      )
      expect(es).toContain('Bono de recarga')
      // The scheduled bonuses the casino API grants (ADR 0055), in the templates' figures too.
      expect(es).toContain('Bonos programados')
      expect(es).toContain(
        'Cashback de los lunes Cada lunes, sobre tus pérdidas netas con dinero real de la semana anterior (de lunes a domingo: apuestas menos premios). El 10 %, hasta 100,00 €. Para convertirlo en dinero real hay que apostar 3 veces el bono en 7 días.',
      )
      expect(es).toContain('Bono de los miércoles Cada miércoles, sobre lo que depositaste la semana anterior')
      expect(es).toContain('Bono mensual El día 1 de cada mes, si depositaste el mes anterior. Un bono de 10,00 €.')
      expect(es).toContain('los días se cuentan en la hora de Europe/Madrid')
      // Refer a friend (ADR 0057), its amount from the template.
      expect(es).toContain(
        'Invita a un amigo Por cada amigo que se registra con tu enlace de invitación y hace su primer depósito, un bono de 20,00 €, una vez por amigo.',
      )
      expect(es).not.toContain('Ahora mismo no hay promociones en marcha.')
      await site.api.db.execute(sql`UPDATE bonus_templates SET max_bonus = 30000 WHERE type = 'reload_deposit'`)
      try {
        const en = textOf((await b.get('/en/promotion')).html)
        expect(en).toContain(
          'Reload bonus For every deposit after the first, while you have no other active bonus. 50 % of the deposit, up to €300.00.',
        )
      } finally {
        await site.api.db.execute(sql`UPDATE bonus_templates SET max_bonus = 10000 WHERE type = 'reload_deposit'`)
      }
      const offered = sql`('welcome_deposit', 'reload_deposit', 'weekly_cashback', 'weekly_bonus', 'monthly_bonus', 'refer_a_friend')`
      await site.api.db.execute(sql`UPDATE bonus_templates SET enabled = false WHERE type IN ${offered}`)
      try {
        // A query skips the shared page cache (ten seconds for /promotion, ADR 0033).
        const off = textOf((await new Browser(site.webUrl).get('/promotion?x=1')).html)
        expect(off).not.toContain('Bonos por depósito')
        expect(off).not.toContain('Bonos programados')
        expect(off).not.toContain('Invita a un amigo')
        expect(off).toContain('Ahora mismo no hay promociones en marcha.')
      } finally {
        await site.api.db.execute(sql`UPDATE bonus_templates SET enabled = true WHERE type IN ${offered}`)
      }
    })
  })
}
