import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { DEFAULT_SETTINGS, setSetting } from '../src/site/settings.ts'
import { activePlayer, backends, checkLedgerAfterEach, useApis, type TestApi, adminToken } from './helpers.ts'
import { as, bankWithdrawal, card, key } from './payment-helpers.ts'
import { wager } from './game-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const balance = async (a: TestApi, token: string) => a.ok('get_player_balance', {}, { token })
/** An amount of euros as a refusal's value. */
const eur = (amount: number) => ({ amount, currency: 'EUR' })

/** A player with `cents` deposited by card and wagered, so they may withdraw. */
async function withdrawable(a: TestApi, cents: number) {
  const player = await activePlayer(a)
  await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, cents), as(player.token))
  await wager(a, player.playerId, cents * 3, cents)
  return player
}

test.for(backends)(
  'a card payment without 3-D Secure is credited once, however often it is sent [%s]',
  async (backend) => {
    const a = api(backend)
    const { token } = await activePlayer(a)
    const headers = key()
    const first = await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 50_00), as(token, headers))
    expect(first).toMatchObject({
      status: 'complete',
      message: 'deposit_complete',
      balance: { real: 50_00, total: 50_00 },
    })
    expect(first.transaction).toMatchObject({
      type: 'deposit',
      status: 'complete',
      amount: 50_00,
      card: { brand: 'visa', last4: '4242' },
    })
    const again = await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 50_00), as(token, headers))
    expect(again.transaction.id).toBe(first.transaction.id)
    expect((await balance(a, token)).real).toBe(50_00)
    // The same key with another amount is not a replay.
    expect(
      (await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 60_00), 409, as(token, headers))).code,
    ).toBe('idempotency_conflict')
    const history = await a.ok('get_financial_transactions', { range: { period: '24h' } }, { token })
    expect(history.items.map((t) => t.id)).toEqual([first.transaction.id])
  },
)

test.for(backends)('declined cards move nothing and say why [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  const wrong = await a.fail('moto_deposit_processor', card(TEST_CARDS.declined, 20_00), 402, as(token))
  expect(wrong.code).toBe('wrong_card_info')
  const refused = await a.fail(
    'altitudepay_deposit_processor',
    card(TEST_CARDS.insufficientFunds, 20_00),
    402,
    as(token),
  )
  expect(refused).toMatchObject({
    code: 'deposit_failed',
    message: 'The amount of €20.00 could not be deposited.',
    args: [eur(20_00)],
  })
  expect((await balance(a, token)).total).toBe(0)
  const failed = await a.ok('get_financial_transactions', { status: 'failed', range: { period: '24h' } }, { token })
  expect(failed.items).toHaveLength(2)
  // Rules of the form, answered before any processor is asked.
  const bad = await a.fail('moto_deposit_processor', { ...card('4242424242424241', 20_00), cvv2: '12' }, 400, as(token))
  expect(bad.fields).toMatchObject({ cardNumber: ['invalid_card_number'], cvv2: ['invalid_cvv'] })
  const small = await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 1_00), 400, as(token))
  // Amounts as money, in the player's currency, never as cents.
  expect(small).toMatchObject({
    code: 'amount_out_of_range',
    message: 'The amount must be between €10.00 and €10,000.00.',
    args: [eur(10_00), eur(10_000_00)],
    fields: { amount: ['amount_out_of_range'] },
  })
  const keyless = await a.fail('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 20_00), 400, { token })
  expect(keyless.fields).toEqual({ idempotencyKey: ['field_required'] })
})

test.for(backends)('3-D Secure: the challenge decides, once; an unanswered one expires [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  const started = await a.ok('altitudepay_deposit_processor', card(TEST_CARDS.challenge, 30_00), as(token))
  if (started.status !== 'three_ds_required') throw new Error('expected a challenge')
  expect(started.threeDSUrl).toBe(`http://web.test/threedsecure?reference=${started.reference}`)
  expect(started.transaction.status).toBe('pending')
  const challenge = await a.ok('get_threeds_challenge', { reference: started.reference }, { token })
  expect(challenge).toMatchObject({ status: 'pending', amount: { amount: 30_00 }, card: { last4: '3220' } })
  expect((await balance(a, token)).total).toBe(0)

  // Another player cannot see or answer it.
  const other = await activePlayer(a)
  await a.fail('get_threeds_challenge', { reference: started.reference }, 404, { token: other.token })
  await a.fail('complete_threeds_challenge', { reference: started.reference, outcome: 'approve' }, 404, {
    token: other.token,
  })

  const done = await a.ok('complete_threeds_challenge', { reference: started.reference, outcome: 'approve' }, { token })
  expect(done).toMatchObject({ status: 'complete', message: 'deposit_complete', balance: { real: 30_00 } })
  // A second answer (a resent form, a failing click after approving) changes nothing.
  const replay = await a.ok('complete_threeds_challenge', { reference: started.reference, outcome: 'fail' }, { token })
  expect(replay.status).toBe('complete')
  expect((await balance(a, token)).real).toBe(30_00)
  expect((await a.ok('get_eupayment_financial_transaction', { reference: started.reference }, { token })).status).toBe(
    'complete',
  )

  const failing = await a.ok('altitudepay_deposit_processor', card(TEST_CARDS.challenge, 40_00), as(token))
  const failed = await a.ok('complete_threeds_challenge', { reference: failing.reference, outcome: 'fail' }, { token })
  expect(failed).toMatchObject({ status: 'failed', message: 'deposit_failed' })

  const abandoned = await a.ok('altitudepay_deposit_processor', card(TEST_CARDS.challenge, 50_00), as(token))
  a.advance(16 * 60_000)
  const polled = await a.ok('get_eupayment_financial_transaction', { reference: abandoned.reference }, { token })
  expect(polled).toMatchObject({ status: 'failed', message: 'deposit_failed' })
  const late = await a.ok(
    'complete_threeds_challenge',
    { reference: abandoned.reference, outcome: 'approve' },
    { token },
  )
  expect(late.status).toBe('failed')
  expect((await balance(a, token)).real).toBe(30_00)
})

test.for(backends)('no card number or CVV is kept in the database, the mails or the answers [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  const pan = '5555555555554444'
  const answer = await a.call('moto_deposit_processor', { ...card(pan, 25_00), cvv2: '9183' }, as(token))
  expect(answer.status).toBe(200)
  expect(JSON.stringify(answer.body)).not.toContain(pan)
  await a.call('altitudepay_deposit_processor', card(TEST_CARDS.challenge, 25_00), as(token))
  const tables = (await a.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] }
  let dump = ''
  for (const { table_name } of tables.rows) {
    const rows = (await a.db.execute(sql.raw(`SELECT t::text AS row FROM "${table_name}" t`))) as unknown as {
      rows: { row: string }[]
    }
    dump += rows.rows.map((r) => r.row).join('\n')
  }
  expect(dump).toContain('4444')
  for (const secret of [pan, TEST_CARDS.challenge]) expect(dump).not.toContain(secret)
  // The CVV as a value of its own: random hex (uuids, hashes, one group of a uuid between its
  // dashes) or a timestamp's fraction may hold its digits.
  expect(dump).not.toMatch(/(?<![0-9A-Za-z._-])9183(?![0-9A-Za-z_-])/)
  await a.mailSettled()
  const mailDir = join(a.dataDir, 'mail')
  const mails = await readdir(mailDir).catch(() => [] as string[])
  for (const file of mails) expect(await readFile(join(mailDir, file), 'utf8')).not.toContain(pan)
})

test.for(backends)(
  'a bank transfer waits for the administrator, who credits what arrived, once [%s]',
  async (backend) => {
    const a = api(backend)
    const { token, params } = await activePlayer(a)
    const admin = await adminToken(a)
    const pending = await a.ok('carespay_deposit_processor', { amount: 200_00 }, as(token))
    expect(pending).toMatchObject({ status: 'pending', bank: { iban: 'ES9121000418450200051332' } })
    expect(pending.reference).toMatch(/^BT-[A-Z2-9]{5}-[A-Z2-9]{5}$/)
    expect(
      (await a.ok('get_eupayment_financial_transaction', { reference: pending.reference }, { token })).status,
    ).toBe('pending')
    await a.fail('confirm_bank_transfer', { reference: pending.reference, amount: 200_00 }, 403, as(token))
    const listed = await a.ok('list_pending_bank_transfers', {}, { token: admin })
    expect(listed.items.map((t) => t.reference)).toContain(pending.reference)
    const confirmed = await a.ok('confirm_bank_transfer', { reference: pending.reference, amount: 190_00 }, as(admin))
    expect(confirmed.transaction).toMatchObject({ status: 'complete', amount: 190_00 })
    await a.ok('confirm_bank_transfer', { reference: pending.reference, amount: 190_00 }, as(admin))
    expect((await balance(a, token)).real).toBe(190_00)
    const audit = await a.ok('get_admin_audit', {}, { token: admin })
    expect(audit.items[0]).toMatchObject({
      admin: 'admin',
      action: 'confirm_bank_transfer',
      target: confirmed.transaction.id,
      // Readable for the audit page: whose payment, which one, how much.
      targetPlayer: params.username,
      targetLabel: pending.reference,
      amount: { amount: 190_00, currency: 'EUR' },
    })
  },
)

test.for(backends)(
  'a voucher is credited once, even when two players redeem it at the same moment [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const minted = await a.ok('mint_vouchers', { amount: 25_00, count: 2 }, { token: admin })
    const [first, second] = minted.items
    if (!first || !second) throw new Error('two vouchers')
    expect(first.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    const players = await Promise.all(Array.from({ length: 6 }, () => activePlayer(a)))
    const answers = await Promise.all(
      players.map((p) => a.call('cashlib_deposit_processor', { voucherCode: first.code }, as(p.token))),
    )
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 400)).toHaveLength(5)
    const totals = await Promise.all(players.map((p) => balance(a, p.token)))
    expect(totals.reduce((sum, b) => sum + b.real, 0)).toBe(25_00)
    const unknown = await a.fail(
      'cashlib_deposit_processor',
      { voucherCode: 'ABCD-EFGH-JKLM-NPQR' },
      400,
      as(players[0]!.token),
    )
    expect(unknown.code).toBe('voucher_invalid')
    const listed = await a.ok('list_vouchers', {}, { token: admin })
    expect(listed.items.find((v) => v.id === first.id)?.redeemedBy).toBeTruthy()
    expect(listed.items.find((v) => v.id === second.id)?.redeemedAt).toBeNull()
  },
)

test.for(backends)(
  'crypto: an address of the player own, credited once per chain transaction after its confirmations [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const one = await activePlayer(a)
    const two = await activePlayer(a)
    const btc = await a.ok('generate_wallet', { currency: 'BTC' }, { token: one.token })
    expect(btc).toMatchObject({ network: 'bitcoin', paymentUri: `bitcoin:${btc.address}` })
    expect(btc.address).toMatch(/^bc1q[a-z0-9]{38}$/)
    expect((await a.ok('generate_wallet', { currency: 'BTC' }, { token: one.token })).address).toBe(btc.address)
    expect((await a.ok('generate_wallet', { currency: 'BTC' }, { token: two.token })).address).not.toBe(btc.address)
    const usdt = await a.ok('generate_wallet', { currency: 'USDT' }, { token: one.token })
    expect(usdt).toMatchObject({ network: 'tron' })
    expect(usdt.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)

    const txId = 'ab'.repeat(32)
    const report = { coin: 'BTC' as const, address: btc.address, txId, units: '0.001', confirmations: 1 }
    const waiting = await a.ok('report_crypto_deposit', report, as(admin))
    expect(waiting).toMatchObject({
      message: 'deposit_pending',
      confirmationsNeeded: 1,
      transaction: { amount: 85_00 },
    })
    expect((await balance(a, one.token)).real).toBe(0)
    const credited = await a.ok('report_crypto_deposit', { ...report, confirmations: 2 }, as(admin))
    expect(credited).toMatchObject({ message: 'deposit_complete', confirmationsNeeded: 0 })
    await a.ok('report_crypto_deposit', { ...report, confirmations: 6 }, as(admin))
    expect((await balance(a, one.token)).real).toBe(85_00)
    await a.fail('report_crypto_deposit', { ...report, units: '0.002' }, 409, as(admin))
    await a.fail(
      'report_crypto_deposit',
      { ...report, address: 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el', txId: 'cd'.repeat(32) },
      404,
      as(admin),
    )
  },
)

test.for(backends)('a withdrawal needs the wagering, holds the amount and is decided once [%s]', async (backend) => {
  const a = api(backend)
  const admin = await adminToken(a)
  const fresh = await activePlayer(a)
  await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 100_00), as(fresh.token))
  const unwagered = await a.fail('send_withdrawal_request', bankWithdrawal(50_00), 400, as(fresh.token))
  expect(unwagered).toMatchObject({ code: 'wager_not_met', args: [eur(300_00)] })

  const { token, playerId } = await withdrawable(a, 100_00)
  const badIban = await a.fail(
    'send_withdrawal_request',
    { ...bankWithdrawal(50_00), iban: 'ES91 2100 0418 4502 0005 1333' },
    400,
    as(token),
  )
  expect(badIban.fields).toMatchObject({ iban: ['invalid_value'] })
  const badBtc = await a.fail(
    'send_withdrawal_request',
    { method: 'bitcoin', amount: 50_00, walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv' },
    400,
    as(token),
  )
  expect(badBtc.fields).toMatchObject({ walletAddress: ['invalid_value'] })
  const tooMuch = await a.fail('send_withdrawal_request', bankWithdrawal(150_00), 400, as(token))
  expect(tooMuch).toMatchObject({
    code: 'amount_too_big',
    message: 'The amount must not be more than €100.00.',
    args: [eur(100_00)],
  })
  expect((await a.fail('send_withdrawal_request', bankWithdrawal(5_00), 400, as(token))).code).toBe(
    'amount_below_minimum',
  )

  const headers = key()
  const sent = await a.ok('send_withdrawal_request', bankWithdrawal(60_00), as(token, headers))
  expect(sent.transaction).toMatchObject({
    type: 'withdrawal',
    status: 'pending',
    amount: -60_00,
    cancellable: true,
    destination: 'ES91 •••• 1332',
  })
  expect(sent.balance.real).toBe(40_00)
  expect((await a.ok('send_withdrawal_request', bankWithdrawal(60_00), as(token, headers))).transaction.id).toBe(
    sent.transaction.id,
  )
  expect((await balance(a, token)).real).toBe(40_00)

  // Someone else's withdrawal is not there for them.
  const other = await activePlayer(a)
  await a.fail('get_financial_transaction', { id: sent.transaction.id }, 404, { token: other.token })
  await a.fail('cancel_withdrawal_request', { id: sent.transaction.id }, 404, as(other.token))

  const cancelled = await a.ok('cancel_withdrawal_request', { id: sent.transaction.id }, as(token))
  expect(cancelled).toMatchObject({ message: 'withdrawal_cancelled', balance: { real: 100_00 } })
  expect((await a.fail('accept_withdrawal', { id: sent.transaction.id }, 409, as(admin))).code).toBe(
    'transaction_not_pending',
  )

  const btc = await a.ok(
    'send_withdrawal_request',
    { method: 'bitcoin', amount: 30_00, walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' },
    as(token),
  )
  const pendingList = await a.ok('list_pending_withdrawals', {}, { token: admin })
  expect(pendingList.items.find((w) => w.id === btc.transaction.id)?.payout).toEqual({
    method: 'bitcoin',
    walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  })
  const accepted = await a.ok('accept_withdrawal', { id: btc.transaction.id, payoutReference: 'chain-tx-1' }, as(admin))
  expect(accepted.transaction).toMatchObject({ status: 'complete', cancellable: false })
  await a.fail('cancel_withdrawal_request', { id: btc.transaction.id }, 409, as(token))

  const rejectedOne = await a.ok('send_withdrawal_request', bankWithdrawal(20_00), as(token))
  await a.ok(
    'reject_withdrawal',
    { id: rejectedOne.transaction.id, reason: 'The account holder does not match.' },
    as(admin),
  )
  const detail = await a.ok('get_financial_transaction', { id: rejectedOne.transaction.id }, { token })
  expect(detail).toMatchObject({
    status: 'rejected',
    failure: { code: 'withdrawal_rejected', reason: 'The account holder does not match.' },
  })
  expect((await balance(a, token)).real).toBe(70_00)
  const ledger = await a.ok(
    'get_player_ledger',
    { username: (await a.ok('player', {}, { token })).username },
    { token: admin },
  )
  expect(ledger).toMatchObject({ player: { id: playerId }, balance: { real: 70_00 }, wageringRemaining: 0 })
})

test.for(backends)('a cancel and an accept at the same moment end in exactly one state [%s]', async (backend) => {
  const a = api(backend)
  const admin = await adminToken(a)
  const { token } = await withdrawable(a, 400_00)
  for (let i = 0; i < 20; i++) {
    const sent = await a.ok('send_withdrawal_request', bankWithdrawal(20_00), as(token))
    const [cancel, accept] = await Promise.all([
      a.call('cancel_withdrawal_request', { id: sent.transaction.id }, as(token)),
      a.call('accept_withdrawal', { id: sent.transaction.id }, as(admin)),
    ])
    expect([cancel.status, accept.status].filter((s) => s === 200)).toHaveLength(1)
    const final = await a.ok('get_financial_transaction', { id: sent.transaction.id }, { token })
    expect(final.status).toBe(cancel.status === 200 ? 'cancelled' : 'complete')
  }
  const history = await a.ok(
    'get_financial_transactions',
    { type: 'withdrawal', range: { period: '24h' }, pageSize: 100 },
    { token },
  )
  const paidOut = history.items.filter((t) => t.status === 'complete').reduce((sum, t) => sum - t.amount, 0)
  expect((await balance(a, token)).real).toBe(400_00 - paidOut)
})

test.for(backends)(
  'withdrawals: the monthly maximum, extra review above the threshold, player cancellation switched off [%s]',
  async (backend) => {
    const a = api(backend)
    const { token } = await withdrawable(a, 3_000_00)
    const big = await a.ok('send_withdrawal_request', bankWithdrawal(2_600_00), as(token))
    const admin = await adminToken(a)
    const listed = await a.ok('list_pending_withdrawals', {}, { token: admin })
    expect(listed.items.some((w) => w.id === big.transaction.id)).toBe(true)
    const [row] = (
      (await a.db.execute(sql`SELECT review_required FROM payments WHERE id = ${big.transaction.id}`)) as unknown as {
        rows: { review_required: boolean }[]
      }
    ).rows
    expect(row?.review_required).toBe(true)
    await setSetting(a.db, 'withdrawalCancellation', false, new Date())
    try {
      expect((await a.ok('get_financial_transaction', { id: big.transaction.id }, { token })).cancellable).toBe(false)
      await a.fail('cancel_withdrawal_request', { id: big.transaction.id }, 409, as(token))
    } finally {
      await setSetting(a.db, 'withdrawalCancellation', true, new Date())
    }
    await setSetting(a.db, 'limits', { ...DEFAULT_SETTINGS.limits, maxWithdrawalPerMonth: 2_800_00 }, new Date())
    try {
      const over = await a.fail('send_withdrawal_request', bankWithdrawal(300_00), 400, as(token))
      expect(over).toMatchObject({ code: 'limit_exceeded', args: [eur(200_00)] })
    } finally {
      await setSetting(a.db, 'limits', DEFAULT_SETTINGS.limits, new Date())
    }
  },
)

/** A crypto deposit's report, on a chain transaction of its own, with all its confirmations. */
const cryptoReport = (coin: 'BTC' | 'USDT', address: string, units: string) => ({
  coin,
  address,
  txId: randomUUID().replaceAll('-', '').repeat(2),
  units,
  confirmations: 100,
})

test.for(backends)(
  'amounts beyond what the casino takes are refused as out of range, never a 500, and move nothing [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const { token } = await activePlayer(a)
    const btc = await a.ok('generate_wallet', { currency: 'BTC' }, { token })
    const usdt = await a.ok('generate_wallet', { currency: 'USDT' }, { token })
    // The largest units the contract takes: far beyond a safe integer of cents in BTC, and beyond
    // the deposit maximum in USDT; and a sum just over the maximum.
    for (const [coin, address, units] of [
      ['BTC', btc.address, '999999999999.99999999'],
      ['USDT', usdt.address, '999999999999.99999999'],
      ['BTC', btc.address, '0.11765'],
    ] as const) {
      const refused = await a.fail('report_crypto_deposit', cryptoReport(coin, address, units), 400, as(admin))
      expect(refused, `${coin} ${units}`).toMatchObject({
        code: 'amount_out_of_range',
        // The range as money, so the page writes it as it writes every amount.
        args: [
          { amount: DEFAULT_SETTINGS.limits.minDeposit, currency: 'EUR' },
          { amount: DEFAULT_SETTINGS.limits.maxDeposit, currency: 'EUR' },
        ],
        fields: { units: ['amount_out_of_range'] },
      })
    }
    // Vouchers are deposits too: none is minted beyond the deposit maximum.
    const voucher = await a.fail('mint_vouchers', { amount: Number.MAX_SAFE_INTEGER, count: 2 }, 400, { token: admin })
    expect(voucher).toMatchObject({ code: 'amount_out_of_range', fields: { amount: ['amount_out_of_range'] } })
    expect(
      (await a.ok('list_vouchers', { pageSize: 100 }, { token: admin })).items.map((v) => v.amount.amount),
    ).not.toContain(Number.MAX_SAFE_INTEGER)
    expect((await balance(a, token)).total).toBe(0)
    expect(await a.ok('get_financial_transactions', { range: { period: '24h' } }, { token })).toMatchObject({
      total: 0,
    })
    // The maximum itself is taken: 10 000 € is 0.11764706 BTC at the sandbox's rate.
    const top = await a.ok('report_crypto_deposit', cryptoReport('BTC', btc.address, '0.11764706'), as(admin))
    expect(top.transaction).toMatchObject({ status: 'complete', amount: 10_000_00 })
  },
)
