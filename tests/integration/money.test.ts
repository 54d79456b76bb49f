// Money pages with JavaScript off, against the real casino API: deposits by card (with and
// without 3-D Secure), bank transfer, the history and its detail, withdrawal rules, and what a
// refused or hostile post gets back.
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import { BANK_WITHDRAWAL, loggedInPlayer, startTestSite, testDatabases, type TestSite } from '../setup/harness.ts'

const PAN = '4242424242424242'
const actionKeyOf = (html: string) => html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''
const card = (cardNumber: string, amount: string) => ({
  holderName: 'Lucía García',
  cardNumber,
  month: '11',
  year: String(new Date().getUTCFullYear() + 3),
  cvv2: '4821',
  amount,
})
/**
 * The CVV as a value of its own: the logs' request ids (uuids), timestamps and the pages' nonces
 * may hold its four digits by chance.
 */
const CVV_ALONE = /(?<![0-9A-Za-z+/_.-])4821(?![0-9A-Za-z+/_-])/

for (const database of testDatabases()) {
  describe(`money pages on ${database.name}`, () => {
    let site: TestSite
    // Everything the web server logs, at its most detailed level: a card number must never be there.
    const logLines: string[] = []
    beforeAll(async () => {
      const sink = new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk))
          done()
        },
      })
      site = await startTestSite({ database, web: { logger: pino({ level: 'trace' }, sink) } })
    })
    afterAll(async () => {
      await site?.close()
    })

    test('a card deposit completes once, even when the form is sent again, and never shows the card back', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const form = await b.get('/user-management/deposit?method=moto')
      expect(form.status).toBe(200)
      expect(textOf(form.html)).toContain('Puedes depositar entre 10,00 € y 10.000,00 € cada vez.')
      const actionKey = actionKeyOf(form.html)
      expect(actionKey).toMatch(/^[0-9a-f-]{36}$/)
      const fields = { method: 'moto', actionKey, ...card(PAN, '25,50') }
      const done = await b.post('/user-management/deposit?method=moto', fields)
      expect(done.status).toBe(200)
      expect(textOf(done.html)).toContain('El depósito de 25,50 € se ha completado.')
      const again = await b.post('/user-management/deposit?method=moto', fields)
      expect(textOf(again.html)).toContain('El depósito de 25,50 € se ha completado.')
      const account = await b.get('/user-management/transactions?period=24h')
      expect(textOf(account.html)).toMatch(/Saldo total\s*25,50 €/)
      expect(account.html.match(/<tbody>[\s\S]*<\/tbody>/)?.[0].match(/<tr/g)).toHaveLength(1)

      const declined = await b.post('/user-management/deposit?method=moto', {
        ...fields,
        actionKey: crypto.randomUUID(),
        cardNumber: '4000 0000 0000 0002',
      })
      expect(declined.status).toBe(402)
      expect(textOf(declined.html)).toContain('Los datos de la tarjeta no son correctos.')
      expect(declined.html).toContain('Lucía García')
      for (const secret of ['4000 0000 0000 0002', '4000000000000002']) expect(declined.html).not.toContain(secret)
      expect(declined.html).not.toMatch(CVV_ALONE)
      for (const page of b.transcript) expect(page).not.toContain(PAN)
      expect(logLines.length).toBeGreaterThan(0)
      for (const secret of [PAN, '4000000000000002']) expect(logLines.join('\n')).not.toContain(secret)
      expect(logLines.join('\n')).not.toMatch(CVV_ALONE)
    })

    test('3-D Secure: the challenge page on the site decides; without JavaScript it is two buttons', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const form = await b.get('/user-management/deposit')
      const started = await b.post('/user-management/deposit', {
        method: 'altitudepay',
        actionKey: actionKeyOf(form.html),
        ...card('4000000000003220', '40'),
      })
      expect(started.url).toMatch(new RegExp(`^${site.webUrl}/threedsecure\\?reference=CP-`))
      expect(textOf(started.html)).toContain('Confirma el pago con tarjeta')
      expect(textOf(started.html)).toContain('40,00 €')
      expect(started.html).toContain('value="approve"')
      const reference = new URL(started.url).searchParams.get('reference')!
      const approved = await b.post(`/threedsecure?reference=${reference}`, { reference, outcome: 'approve' })
      expect(textOf(approved.html)).toContain('El depósito de 40,00 € se ha completado.')
      // Someone else cannot open it; a made-up reference is not found.
      const { b: other } = await loggedInPlayer(site, Browser)
      expect((await other.get(`/threedsecure?reference=${reference}`)).status).toBe(404)
      expect((await b.get('/threedsecure?reference=%3Cscript%3E')).status).toBe(404)
      const english = await b.get(`/en/threedsecure?reference=${reference}`)
      expect(textOf(english.html)).toContain('The deposit of €40.00 is complete.')
    })

    test('refused input keeps what was typed and says why, never a 500', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const form = await b.get('/user-management/deposit?method=carespay')
      const key = actionKeyOf(form.html)
      const bad = await b.post('/user-management/deposit?method=carespay', {
        method: 'carespay',
        actionKey: key,
        amount: 'doce',
      })
      expect(bad.status).toBe(400)
      expect(textOf(bad.html)).toContain('Introduce un número válido.')
      const small = await b.post('/user-management/deposit?method=carespay', {
        method: 'carespay',
        actionKey: key,
        amount: '5',
      })
      expect(small.status).toBe(400)
      expect(textOf(small.html)).toContain('El importe debe estar entre 10,00 € y 10.000,00 €.')
      // The casino API refused a request it carried out, which keeps its key: the page carries a
      // new one for the corrected form.
      const next = actionKeyOf(small.html)
      expect(next).toMatch(/^[0-9a-f-]{36}$/)
      expect(next).not.toBe(key)
      const hostile: Record<string, string>[] = [
        { method: 'nope' },
        { method: 'moto', actionKey: 'x'.repeat(5000), ...card(PAN, '20') },
        { method: 'cashlib', actionKey: key, voucherCode: '<script>alert(1)</script>' },
        { method: 'moto', actionKey: key, ...card('4242\u00004242', '1e9') },
      ]
      for (const fields of hostile) {
        const res = await b.post('/user-management/deposit', fields)
        expect(res.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect(res.html).not.toContain('<script>alert(1)</script>')
      }
      // The refused request's key with other details is another request: nothing is made, and the
      // page says so in the catalogue's words, the input kept and a new key in the form.
      const stale = await b.post('/user-management/deposit?method=carespay', {
        method: 'carespay',
        actionKey: key,
        amount: '150',
      })
      expect(stale.status).toBe(409)
      expect(textOf(stale.html)).toContain(
        'Esta solicitud ya se envió con otros datos, así que no se ha hecho nada. Revisa los datos y vuelve a enviarla.',
      )
      expect(stale.html).toContain('value="150"')
      const none = await b.get('/user-management/transactions?period=24h&status=pending')
      expect(textOf(none.html)).not.toContain('Transferencia bancaria')
      const bank = await b.post('/user-management/deposit?method=carespay', {
        method: 'carespay',
        actionKey: actionKeyOf(stale.html),
        amount: '150',
      })
      expect(textOf(bank.html)).toContain('Tu depósito de 150,00 € está a la espera de tu transferencia.')
      expect(textOf(bank.html)).toMatch(/BT-[A-Z2-9]{5}-[A-Z2-9]{5}/)
      const pending = await b.get('/user-management/transactions?period=24h&status=pending')
      expect(textOf(pending.html)).toContain('Transferencia bancaria')
      expect(textOf(pending.html)).toContain('Pendiente')
    })

    test('withdrawal: the wagering rule is explained, and another player’s transaction is not found', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const deposit = await b.get('/user-management/deposit?method=moto')
      await b.post('/user-management/deposit?method=moto', {
        method: 'moto',
        actionKey: actionKeyOf(deposit.html),
        ...card(PAN, '100'),
      })
      const page = await b.get('/user-management/withdrawal')
      expect(textOf(page.html)).toContain('Te quedan 300,00 € por apostar antes de poder retirar.')
      const refused = await b.post('/user-management/withdrawal', {
        ...BANK_WITHDRAWAL,
        actionKey: actionKeyOf(page.html),
        amount: '50',
      })
      expect(refused.status).toBe(400)
      expect(textOf(refused.html)).toContain('Todavía no cumples el requisito de apuesta.')
      expect(refused.html).toContain('value="Lucía García"')
      const badBtc = await b.post('/user-management/withdrawal?method=bitcoin', {
        method: 'bitcoin',
        actionKey: actionKeyOf(page.html),
        walletAddress: 'not-an-address',
        amount: '50',
      })
      expect(badBtc.status).toBe(400)

      const history = await b.get('/user-management/transactions?period=7d&type=deposit')
      const id = history.html.match(/\/user-management\/transactions\/([0-9a-f-]{36})/)?.[1]
      expect(id).toBeTruthy()
      expect(textOf((await b.get(`/user-management/transactions/${id}`)).html)).toContain('Visa •••• 4242')
      const { b: other } = await loggedInPlayer(site, Browser)
      expect((await other.get(`/user-management/transactions/${id}`)).status).toBe(404)
      expect((await other.post(`/user-management/transactions/${id}`, {})).status).toBe(404)
      const custom = await b.get('/en/user-management/transactions?period=custom&from=2026-13-01&to=x')
      expect(custom.status).toBe(200)
      expect(textOf(custom.html)).toContain(
        'For a custom range, choose a start date and an end date that is not before it.',
      )
    })
  })
}
