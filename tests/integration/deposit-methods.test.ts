// The deposit page offers the methods the casino API registers (get_processors), not a list of its
// own: against a casino API that offers two of them, the page links those two, falls back to the
// first for another, and renders each method's form from its kind. JavaScript off.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { motoCard } from '#casino-api/src/payments/methods/card.ts'
import { crypto } from '#casino-api/src/payments/methods/crypto.ts'
import { Browser, textOf } from '../setup/http.ts'
import { loggedInPlayer, startTestSite, testDatabases, type TestSite } from '../setup/harness.ts'

const methodLinks = (html: string) => [...html.matchAll(/href="[^"]*\?method=([a-z_]+)"/g)].map((m) => m[1])

for (const database of testDatabases()) {
  describe(`deposit methods on ${database.name}`, () => {
    let site: TestSite
    beforeAll(async () => {
      site = await startTestSite({ database, api: { depositMethods: [motoCard, crypto] } })
    })
    afterAll(async () => {
      await site?.close()
    })

    test('the page links the methods the casino API offers and renders the form of their kind', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const page = await b.get('/user-management/deposit')
      expect(page.status).toBe(200)
      expect(methodLinks(page.html)).toEqual(['moto', 'crypto'])
      expect(textOf(page.html)).toContain('Tarjeta')
      expect(textOf(page.html)).not.toContain('Transferencia bancaria')
      // The first method's form: a card's fields.
      expect(page.html).toContain('id="deposit-moto"')
      expect(page.html).toContain('name="cardNumber"')

      // A method it does not offer is the first one's page; crypto's has no form but its coins.
      const other = await b.get('/user-management/deposit?method=carespay')
      expect(other.html).toContain('id="deposit-moto"')
      const coins = await b.get('/user-management/deposit?method=crypto')
      expect(coins.html).not.toContain('name="cardNumber"')
      expect(coins.html).toContain('name="coin"')
    })
  })
}
