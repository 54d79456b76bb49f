// Bonus pages with JavaScript off, against the real casino API: a withdrawal with an active bonus
// is told first, refused until the player confirms, then forfeits the bonus.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import {
  BANK_WITHDRAWAL,
  loggedInPlayer,
  playAsProvider,
  startTestSite,
  testDatabases,
  type TestSite,
} from '../setup/harness.ts'

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
      site = await startTestSite({ database })
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
  })
}
