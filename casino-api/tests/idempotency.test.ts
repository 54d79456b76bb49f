// An Idempotency-Key names one request (http/idempotency.ts): the same key with the same call and
// params answers the first answer, with anything else it is 409 idempotency_conflict and nothing
// moves, for every call that takes a key.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { TEST_CARDS } from '../src/payments/cards.ts'
import {
  activePlayer,
  AS_PROVIDER,
  adminToken,
  backends,
  checkLedgerAfterEach,
  useApis,
  type TestApi,
} from './helpers.ts'
import { as, bankWithdrawal, card, key } from './payment-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const bitcoinWithdrawal = (amount: number) => ({
  method: 'bitcoin' as const,
  amount,
  walletAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
})

const balance = async (a: TestApi, token: string) => a.ok('get_player_balance', {}, { token })
const history = async (a: TestApi, token: string) =>
  (await a.ok('get_financial_transactions', { range: { period: '24h' }, pageSize: 100 }, { token })).items

async function conflict(a: TestApi, call: Parameters<TestApi['fail']>[0], params: unknown, token: string, k: object) {
  const refused = await a.fail(call, params, 409, as(token, k as Record<string, string>))
  expect(refused.code).toBe('idempotency_conflict')
  expect(refused.message).toBe(
    'This request was already sent with other details, so nothing was done. Please check the details and send it again.',
  )
}

test.for(backends)(
  'a voucher key reused with another code is refused and redeems nothing; the same code replays [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const [first, second] = (await a.ok('mint_vouchers', { amount: 25_00, count: 2 }, { token: admin })).items
    if (!first || !second) throw new Error('two vouchers')
    const { token } = await activePlayer(a)
    const headers = key()
    const redeemed = await a.ok('cashlib_deposit_processor', { voucherCode: first.code }, as(token, headers))
    expect(redeemed.balance.real).toBe(25_00)

    await conflict(a, 'cashlib_deposit_processor', { voucherCode: second.code }, token, headers)
    expect((await balance(a, token)).real).toBe(25_00)
    const vouchers = await a.ok('list_vouchers', {}, { token: admin })
    expect(vouchers.items.find((v) => v.id === second.id)?.redeemedAt).toBeNull()
    // The second voucher is still good, with a key of its own.
    await a.ok('cashlib_deposit_processor', { voucherCode: second.code }, as(token))

    // The first code again, as typed or in lower case without dashes (the same code), is the first answer.
    for (const voucherCode of [first.code, first.code.replaceAll('-', '').toLowerCase()]) {
      const replay = await a.ok('cashlib_deposit_processor', { voucherCode }, as(token, headers))
      expect(replay.transaction.id).toBe(redeemed.transaction.id)
    }
    expect((await balance(a, token)).real).toBe(50_00)
  },
)

test.for(backends)(
  'a bank withdrawal key reused for a bitcoin withdrawal is refused and holds nothing more [%s]',
  async (backend) => {
    const a = api(backend)
    const player = await activePlayer(a)
    await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 100_00), as(player.token))
    // The deposit's wagering, met with real stakes through the provider wallet.
    for (let i = 0; i < 3; i++) {
      const round = {
        playerId: player.playerId,
        currency: 'EUR' as const,
        roundId: `r-${randomUUID()}`,
        gameId: 'golden-sevens',
      }
      await a.ok('provider_bet', { ...round, transactionId: `b-${randomUUID()}`, amount: 100_00 }, AS_PROVIDER)
      await a.ok('provider_win', { ...round, transactionId: `w-${randomUUID()}`, amount: 100_00 }, AS_PROVIDER)
    }
    const headers = key()
    const sent = await a.ok('send_withdrawal_request', bankWithdrawal(60_00), as(player.token, headers))
    expect(sent.balance.real).toBe(40_00)

    await conflict(a, 'send_withdrawal_request', bitcoinWithdrawal(30_00), player.token, headers)
    await conflict(a, 'send_withdrawal_request', bitcoinWithdrawal(60_00), player.token, headers)
    await conflict(
      a,
      'send_withdrawal_request',
      { ...bankWithdrawal(60_00), swift: 'BSCHESMMXXX' },
      player.token,
      headers,
    )
    // Another call with the key is another request too.
    await conflict(a, 'carespay_deposit_processor', { amount: 60_00 }, player.token, headers)
    expect((await balance(a, player.token)).real).toBe(40_00)
    expect((await history(a, player.token)).filter((t) => t.type === 'withdrawal')).toHaveLength(1)

    const replay = await a.ok('send_withdrawal_request', bankWithdrawal(60_00), as(player.token, headers))
    expect(replay).toMatchObject({ message: 'withdrawal_sent', transaction: { id: sent.transaction.id } })
    expect((await balance(a, player.token)).real).toBe(40_00)
  },
)

test.for(backends)(
  'a card deposit key reused with another amount, card or processor is refused and charges nothing [%s]',
  async (backend) => {
    const a = api(backend)
    const { token } = await activePlayer(a)
    const headers = key()
    const first = await a.ok('moto_deposit_processor', card(TEST_CARDS.approvedVisa, 50_00), as(token, headers))

    await conflict(a, 'moto_deposit_processor', card(TEST_CARDS.approvedVisa, 60_00), token, headers)
    await conflict(a, 'moto_deposit_processor', card(TEST_CARDS.approvedMastercard, 50_00), token, headers)
    await conflict(a, 'altitudepay_deposit_processor', card(TEST_CARDS.approvedVisa, 50_00), token, headers)
    expect((await balance(a, token)).real).toBe(50_00)
    expect((await history(a, token)).map((t) => t.id)).toEqual([first.transaction.id])

    // The same card and amount is the same request; the CVV is not part of what the key is bound to
    // (it is never kept, not even as a hash).
    for (const cvv2 of ['737', '738']) {
      const replay = await a.ok(
        'moto_deposit_processor',
        { ...card(TEST_CARDS.approvedVisa, 50_00), cvv2 },
        as(token, headers),
      )
      expect(replay).toMatchObject({ status: 'complete', transaction: { id: first.transaction.id } })
    }
    expect((await balance(a, token)).real).toBe(50_00)
  },
)

test.for(backends)(
  "a refused request binds its key too; another player's key of the same text is theirs [%s]",
  async (backend) => {
    const a = api(backend)
    const one = await activePlayer(a)
    const two = await activePlayer(a)
    const headers = key()
    const small = await a.fail('carespay_deposit_processor', { amount: 1_00 }, 400, as(one.token, headers))
    expect(small.code).toBe('amount_out_of_range')
    // Sent again it is refused again; corrected, it is another request, which needs its own key.
    await a.fail('carespay_deposit_processor', { amount: 1_00 }, 400, as(one.token, headers))
    await conflict(a, 'carespay_deposit_processor', { amount: 20_00 }, one.token, headers)
    expect(await history(a, one.token)).toEqual([])

    const theirs = await a.ok('carespay_deposit_processor', { amount: 20_00 }, as(two.token, headers))
    expect(theirs.amount.amount).toBe(20_00)
  },
)

test.for(backends)('administrators’ keys name one decision too [%s]', async (backend) => {
  const a = api(backend)
  const admin = await adminToken(a)
  const { token } = await activePlayer(a)
  const pending = await a.ok('carespay_deposit_processor', { amount: 200_00 }, as(token))
  const headers = key()
  const confirmed = await a.ok(
    'confirm_bank_transfer',
    { reference: pending.reference, amount: 190_00 },
    as(admin, headers),
  )
  await conflict(a, 'confirm_bank_transfer', { reference: pending.reference, amount: 200_00 }, admin, headers)
  const replay = await a.ok(
    'confirm_bank_transfer',
    { reference: pending.reference, amount: 190_00 },
    as(admin, headers),
  )
  expect(replay.transaction).toMatchObject({ id: confirmed.transaction.id, amount: 190_00 })
  expect((await balance(a, token)).real).toBe(190_00)
})
