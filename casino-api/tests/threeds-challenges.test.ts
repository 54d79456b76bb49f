// 3-D Secure challenges left alone: the job fails them on time (the player's open pages hear it),
// never together with the player's own answer, and the player may cancel one still pending.
import { expect, test } from 'vitest'
import { TEST_CARDS } from '../src/payments/cards.ts'
import { expireOverdueChallenges } from '../src/payments/challenges.ts'
import { CHALLENGE_TTL_MS } from '../src/payments/config.ts'
import { activePlayer, backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'
import { as, card, key } from './payment-helpers.ts'
import { connect, until } from './socket-helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

/** A card payment of `cents` waiting for its challenge; `headers` carry the request's Idempotency-Key. */
async function challenged(a: TestApi, token: string, cents: number, headers = key()) {
  const started = await a.ok('altitudepay_deposit_processor', card(TEST_CARDS.challenge, cents), as(token, headers))
  if (started.status !== 'three_ds_required') throw new Error('expected a challenge')
  return { ...started.transaction, reference: started.reference }
}

const transaction = (a: TestApi, token: string, id: string) => a.ok('get_financial_transaction', { id }, { token })
const balance = async (a: TestApi, token: string) => (await a.ok('get_player_balance', {}, { token })).real
const approve = (a: TestApi, token: string, reference: string) =>
  a.ok('complete_threeds_challenge', { reference, outcome: 'approve' }, { token })

test.for(backends)('an abandoned challenge fails after 15 minutes without the player, live [%s]', async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  const socket = await connect(a.url, token)
  const abandoned = await challenged(a, token, 30_00)
  a.advance(10 * 60_000)
  const fresh = await challenged(a, token, 20_00)
  const at = new Date(Date.parse(abandoned.createdAt) + 16 * 60_000)

  // Two instances run the job at the same moment: the payment fails once.
  const failed = await Promise.all([expireOverdueChallenges(a.db, at), expireOverdueChallenges(a.db, at)])
  expect(failed.sort()).toEqual([0, 1])
  expect(await transaction(a, token, abandoned.id)).toMatchObject({
    status: 'failed',
    failure: { code: 'deposit_failed', reason: 'challenge_expired' },
  })
  // The player's open transaction pages hear it.
  const heard = (id: string, status: string) =>
    socket.events.filter(
      (e) => e.type === 'transaction_status_changed' && e.transaction.id === id && e.transaction.status === status,
    )
  await until(() => heard(abandoned.id, 'failed').length > 0, 'the failed payment on the socket')
  // Run again, it changes nothing.
  expect(await expireOverdueChallenges(a.db, at)).toBe(0)

  // The fresh one (6 minutes old) is still the player's to answer; the abandoned one is not.
  expect((await transaction(a, token, fresh.id)).status).toBe('pending')
  expect((await approve(a, token, abandoned.reference)).status).toBe('failed')
  expect((await approve(a, token, fresh.reference)).status).toBe('complete')
  expect(await balance(a, token)).toBe(20_00)
  // The fresh payment's event comes after any the job sent: the abandoned one was told once.
  await until(() => heard(fresh.id, 'complete').length > 0, 'the approved payment on the socket')
  expect(heard(abandoned.id, 'failed')).toHaveLength(1)
  socket.ws.close()
})

test.for(backends)("the job and the player's Approve at the same moment: one of them decides [%s]", async (backend) => {
  const a = api(backend)
  const { token } = await activePlayer(a)
  const payments = []
  for (let i = 1; i <= 6; i++) payments.push(await challenged(a, token, 10_00 * i))
  // The job's clock is past every deadline; the player answers all of them in time on theirs. The
  // job starts once the first answer is in, so both outcomes happen while the rest race it.
  const at = new Date(Date.parse(payments.at(-1)!.createdAt) + CHALLENGE_TTL_MS + 1)
  const answering = payments.map((p) => approve(a, token, p.reference))
  const expired = await answering[0]!.then(() => expireOverdueChallenges(a.db, at))
  const answers = await Promise.all(answering)
  expect(answers[0]?.status).toBe('complete')
  let credited = 0
  for (const [i, p] of payments.entries()) {
    const final = await transaction(a, token, p.id)
    // The player was told what happened to the payment, whichever came first.
    expect(answers[i]?.status).toBe(final.status)
    if (final.status === 'complete') credited += p.amount
    else expect(final).toMatchObject({ status: 'failed', failure: { reason: 'challenge_expired' } })
  }
  expect(expired).toBe(payments.filter((_, i) => answers[i]?.status === 'failed').length)
  expect(await balance(a, token)).toBe(credited)
})

test.for(backends)('the player cancels a pending challenge; not another player; once [%s]', async (backend) => {
  const a = api(backend)
  const owner = await activePlayer(a)
  const other = await activePlayer(a)
  const request = key()
  const pending = await challenged(a, owner.token, 25_00, request)

  expect((await a.fail('cancel_threeds_challenge', { id: pending.id }, 404, { token: other.token })).code).toBe(
    'not_found',
  )
  expect((await transaction(a, owner.token, pending.id)).status).toBe('pending')

  const cancelled = await a.ok('cancel_threeds_challenge', { id: pending.id }, { token: owner.token })
  expect(cancelled).toMatchObject({
    message: 'deposit_cancelled',
    transaction: { id: pending.id, status: 'cancelled' },
  })
  // A resent form answers the same; the challenge can no longer be approved.
  expect(await a.ok('cancel_threeds_challenge', { id: pending.id }, { token: owner.token })).toEqual(cancelled)
  const late = await a.fail('complete_threeds_challenge', { reference: pending.reference, outcome: 'approve' }, 409, {
    token: owner.token,
  })
  expect(late.code).toBe('transaction_not_pending')
  // The deposit request sent again does not offer the challenge again.
  await a.fail('altitudepay_deposit_processor', card(TEST_CARDS.challenge, 25_00), 409, as(owner.token, request))
  expect(await balance(a, owner.token)).toBe(0)

  // A decided payment, or one past its deadline, is no longer pending.
  const approved = await challenged(a, owner.token, 15_00)
  await approve(a, owner.token, approved.reference)
  const overdue = await challenged(a, owner.token, 35_00)
  a.advance(CHALLENGE_TTL_MS + 60_000)
  for (const { id } of [approved, overdue])
    expect((await a.fail('cancel_threeds_challenge', { id }, 409, { token: owner.token })).code).toBe(
      'transaction_not_pending',
    )
  expect((await transaction(a, owner.token, overdue.id)).status).toBe('failed')
  expect(await balance(a, owner.token)).toBe(15_00)
})
