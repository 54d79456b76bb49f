// The administrator's money pages with JavaScript off, against the real casino API: who may see
// them, and each decision as the player then sees it (withdrawals, bank transfers, vouchers,
// crypto deposits, the audit log).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, textOf } from '../setup/http.ts'
import {
  BANK_WITHDRAWAL,
  loggedInAdmin,
  loggedInPlayer,
  playAsProvider,
  startTestSite,
  testDatabases,
  wagerAsProvider,
  type TestSite,
} from '../setup/harness.ts'

const ADMIN_FIRST = 'admin-first-password-2026'
const ADMIN_PASSWORD = 'admin-changed-password-2026'
const keyOf = (html: string) => html.match(/name="actionKey" value="([^"]+)"/)?.[1] ?? ''

const adminBrowser = (site: TestSite) => loggedInAdmin(site, Browser, ADMIN_FIRST, ADMIN_PASSWORD)

/** A player with 100 € deposited by card and wagered three times through the provider wallet. */
async function playerWhoMayWithdraw(site: TestSite) {
  const { b, player } = await loggedInPlayer(site, Browser)
  const form = await b.get('/user-management/deposit?method=moto')
  await b.post('/user-management/deposit?method=moto', {
    method: 'moto',
    actionKey: keyOf(form.html),
    holderName: 'Lucía García',
    cardNumber: '4242 4242 4242 4242',
    month: '10',
    year: String(new Date().getUTCFullYear() + 2),
    cvv2: '123',
    amount: '100',
  })
  await wagerAsProvider(site, player.username, 300_00, 100_00)
  return { b, player }
}

for (const database of testDatabases()) {
  describe(`administrator's money pages on ${database.name}`, () => {
    let site: TestSite
    let admin: Browser
    beforeAll(async () => {
      site = await startTestSite({ database, adminPassword: ADMIN_FIRST })
      admin = await adminBrowser(site)
    })
    afterAll(async () => {
      await site?.close()
    })

    test('only the admin scope opens /admin: visitors go home, players get 403', async () => {
      const visitor = await new Browser(site.webUrl).get('/admin/withdrawals')
      expect(visitor.url).toBe(`${site.webUrl}/`)
      const { b } = await loggedInPlayer(site, Browser)
      expect((await b.get('/admin/withdrawals')).status).toBe(403)
      expect((await b.get('/en/admin/audit')).status).toBe(403)
      expect((await b.post('/admin/withdrawals', { intent: 'accept', id: randomUUID() })).status).toBe(403)
      const page = await admin.get('/admin')
      expect(page.url).toBe(`${site.webUrl}/admin/withdrawals`)
      expect(textOf(page.html)).toContain('Retiradas pendientes de decisión')
    })

    test('a rejected and an accepted withdrawal, as the player sees them; the audit log keeps both', async () => {
      const { b, player } = await playerWhoMayWithdraw(site)
      const form = await b.get('/user-management/withdrawal')
      const sent = await b.post('/user-management/withdrawal', {
        ...BANK_WITHDRAWAL,
        actionKey: keyOf(form.html),
        amount: '60',
      })
      expect(textOf(sent.html)).toContain('Tu solicitud de retirada de 60,00 € se ha programado correctamente.')
      const pending = await admin.get('/admin/withdrawals')
      expect(textOf(pending.html)).toContain('ES9121000418450200051332')
      // The page speaks to the administrator about the player's account, not about "yours".
      expect(textOf(pending.html)).toContain('IBAN o número de cuenta del jugador ES9121000418450200051332')
      expect(textOf(pending.html)).toContain('Nombre completo del titular de la cuenta Lucía García')
      const id = pending.html.match(new RegExp(`name="id" value="([0-9a-f-]{36})"`))?.[1]
      expect(id).toBeTruthy()
      const rejected = await admin.post('/admin/withdrawals', {
        intent: 'reject',
        id: id!,
        reason: 'El titular no coincide.',
      })
      expect(textOf(rejected.html)).toContain('Retirada rechazada')
      const detail = await b.get(`/user-management/transactions/${id}`)
      expect(textOf(detail.html)).toContain('Rechazada')
      expect(textOf(detail.html)).toContain('El titular no coincide.')
      expect(textOf(detail.html)).toMatch(/Saldo total\s*100,00 €/)

      const second = await b.get('/user-management/withdrawal?method=bitcoin')
      await b.post('/user-management/withdrawal?method=bitcoin', {
        method: 'bitcoin',
        actionKey: keyOf(second.html),
        walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
        amount: '30',
      })
      const list = await admin.get('/admin/withdrawals')
      expect(textOf(list.html)).toContain('Dirección de Bitcoin del jugador bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
      expect(textOf(list.html)).not.toContain('Dirección de tu monedero de Bitcoin')
      const inEnglish = textOf((await admin.get('/en/admin/withdrawals')).html)
      expect(inEnglish).toContain('Player’s Bitcoin address bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
      const bitcoinId = list.html.match(new RegExp(`name="id" value="([0-9a-f-]{36})"`))?.[1]
      const accepted = await admin.post('/admin/withdrawals', {
        intent: 'accept',
        id: bitcoinId!,
        payoutReference: 'txid-123',
      })
      expect(textOf(accepted.html)).toContain('Retirada aceptada')
      expect(textOf((await b.get(`/user-management/transactions/${bitcoinId}`)).html)).toContain('Completada')
      expect((await site.lastMailTo(player.email)).text).toContain('Hemos pagado tu retiro de 30,00')
      // A second accept (a resent form) changes nothing; a cancel after it is refused.
      await admin.post('/admin/withdrawals', { intent: 'accept', id: bitcoinId! })
      expect((await b.post(`/user-management/transactions/${bitcoinId}`, {})).status).toBe(409)
      const audit = await admin.get('/admin/audit')
      // Each row says who did what to whose payment and how much, readably; ids and the record as
      // stored stay behind each row's disclosure.
      const rows = [...audit.html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => textOf(m[1]!))
      const row = (action: string) => rows.find((r) => r.includes(action) && r.includes(player.username))
      expect(row('Rechazó una retirada')).toMatch(
        /admin Rechazó una retirada .*60,00 € · Motivo: El titular no coincide\./,
      )
      expect(row('Aceptó una retirada')).toMatch(/admin Aceptó una retirada .*30,00 €/)
      const outsideDisclosures = textOf(audit.html.replace(/<details>[\s\S]*?<\/details>/g, ''))
      expect(outsideDisclosures).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)
      expect(outsideDisclosures).not.toContain('{')
      expect(audit.html).toMatch(/<details><summary>Datos completos<\/summary>/)
      expect(textOf(audit.html)).toContain(`"target": "${id}"`)
      const auditInEnglish = textOf((await admin.get('/en/admin/audit')).html)
      expect(auditInEnglish).toMatch(/Rejected a withdrawal .*€60\.00 · Reason: El titular no coincide\./)
      const ledger = await admin.get(`/admin/players?username=${player.username}`)
      expect(textOf(ledger.html)).toMatch(/Saldo total\s*70,00 €/)
    })

    test('winnings held by the net winnings limit: voided with a reason or released, as the player reads it', async () => {
      const { b, player } = await playerWhoMayWithdraw(site)
      // 10 € staked, 6 000 € and then 30 € won: 5 010 € takes the net to 5 000 €, the rest is held.
      await playAsProvider(site, player.username, { stake: 10_00, win: 6_000_00, gameId: 'classic-keno' })
      await playAsProvider(site, player.username, { stake: 10_00, win: 30_00, gameId: 'classic-keno' })
      const page = await admin.get('/admin/held-winnings')
      const text = textOf(page.html)
      expect(text).toContain('Ganancias retenidas para revisar')
      expect(text).toContain(`990,00 € · ${player.username} · classic-keno`)
      expect(text).toContain(`20,00 € · ${player.username} · classic-keno`)
      const ids = [...page.html.matchAll(/name="id" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!)
      const [first, second] = [...new Set(ids)].slice(-2) as [string, string]
      const voided = await admin.post('/admin/held-winnings', {
        intent: 'void',
        id: second,
        reason: 'Juego irregular.',
      })
      expect(textOf(voided.html)).toContain('Las ganancias se han anulado')
      const released = await admin.post('/admin/held-winnings', { intent: 'release', id: first })
      expect(textOf(released.html)).toContain('Las ganancias se han pagado al jugador')
      // The other decision on a decided one is refused, in the form.
      const late = await admin.post('/admin/held-winnings', { intent: 'release', id: second })
      expect(late.status).toBe(409)
      expect(textOf(late.html)).toContain('Esta transacción ya no está pendiente.')
      expect(textOf((await admin.get('/admin/held-winnings')).html)).not.toContain(player.username)
      const audit = textOf((await admin.get('/admin/audit')).html)
      expect(audit).toContain('Liberó ganancias retenidas')
      expect(audit).toContain('Anuló ganancias retenidas')
      const mailbox = textOf((await b.get('/user-management/mailbox')).html)
      expect(mailbox).toContain('Estamos revisando parte de tu premio')
      expect(mailbox).toContain('Ganancias retenidas pagadas')
      expect(mailbox).toContain('Ganancias retenidas no pagadas')
      // 100 € deposited, 20 € staked, 5 020 € credited and 990 € released.
      const ledger = await admin.get(`/admin/players?username=${player.username}`)
      expect(textOf(ledger.html)).toMatch(/Saldo total\s*6\.090,00 €/)
    })

    test('a bank transfer, a voucher and a crypto deposit are credited by what the administrator does', async () => {
      const { b } = await loggedInPlayer(site, Browser)
      const form = await b.get('/user-management/deposit?method=carespay')
      const bank = await b.post('/user-management/deposit?method=carespay', {
        method: 'carespay',
        actionKey: keyOf(form.html),
        amount: '150',
      })
      const reference = textOf(bank.html).match(/BT-[A-Z2-9]{5}-[A-Z2-9]{5}/)?.[0]
      expect(reference).toBeTruthy()
      const waiting = await admin.get('/admin/deposits')
      expect(textOf(waiting.html)).toContain(reference!)
      const confirmed = await admin.post('/admin/deposits', {
        intent: 'confirm',
        reference: reference!,
        amount: '150,00',
      })
      expect(textOf(confirmed.html)).toContain('Transferencia confirmada y abonada.')

      // Amounts outside the deposits' range are refused, said in money.
      const range = 'El importe debe estar entre 10,00 € y 10.000,00 €.'
      const tooBig = await admin.post('/admin/vouchers', { amount: '90071992547409,91', count: '2' })
      expect(textOf(tooBig.html)).toContain(range)
      const minted = await admin.post('/admin/vouchers', { amount: '20', count: '1' })
      const code = textOf(minted.html).match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)?.[0]
      expect(code).toBeTruthy()
      const voucherForm = await b.get('/user-management/deposit?method=cashlib')
      const redeemed = await b.post('/user-management/deposit?method=cashlib', {
        method: 'cashlib',
        actionKey: keyOf(voucherForm.html),
        voucherCode: code!,
      })
      expect(textOf(redeemed.html)).toContain('El depósito de 20,00 € se ha completado.')
      const again = await b.post('/user-management/deposit?method=cashlib', {
        method: 'cashlib',
        actionKey: randomUUID(),
        voucherCode: code!,
      })
      expect(textOf(again.html)).toContain('El código del cupón no es válido o ya se ha usado.')

      const wallet = await b.get('/user-management/deposit?method=crypto&coin=BTC')
      const address = wallet.html.match(/bc1q[a-z0-9]{38}/)?.[0]
      expect(address).toBeTruthy()
      expect(wallet.html).toContain('data:image/svg+xml;base64,')
      const report = { intent: 'crypto', coin: 'BTC', address: address!, txId: 'ef'.repeat(32), units: '0.001' }
      const huge = await admin.post('/admin/deposits', {
        ...report,
        txId: 'ab'.repeat(32),
        units: '999999999999.99999999',
        confirmations: '6',
      })
      expect(huge.status).toBe(400)
      expect(textOf(huge.html)).toContain(range)
      const early = await admin.post('/admin/deposits', { ...report, confirmations: '1' })
      expect(textOf(early.html)).toContain('faltan 1 confirmaciones')
      const credited = await admin.post('/admin/deposits', { ...report, confirmations: '3' })
      expect(textOf(credited.html)).toContain('Depósito en criptomoneda abonado.')
      const history = await b.get('/user-management/transactions?period=24h&status=complete')
      expect(textOf(history.html)).toMatch(/Saldo total\s*255,00 €/)
      expect(textOf(history.html)).toContain('Criptomoneda')

      // Units typed as the Spanish page writes numbers ('por ejemplo, 0,0025'): 0,0002 BTC is
      // credited at the sandbox's rate; what no language reads as a number is refused under its field.
      const comma = { ...report, txId: 'cd'.repeat(32), confirmations: '3' }
      const unreadable = await admin.post('/admin/deposits', { ...comma, units: '0,0,2' })
      expect(unreadable.status).toBe(400)
      expect(textOf(unreadable.html)).toMatch(/Importe en monedas\s*:\s*Introduce un número válido\./)
      const inSpanish = await admin.post('/admin/deposits', { ...comma, units: '0,0002' })
      expect(textOf(inSpanish.html)).toContain('Depósito en criptomoneda abonado.')
      const after = await b.get('/user-management/transactions?period=24h&status=complete')
      expect(textOf(after.html)).toMatch(/Saldo total\s*272,00 €/)
    })
  })
}
