// The provider wallet protects itself from its providers (ADR 0036): balances stay safe
// integers, a win is capped by its game's maximum multiplier, a win closes its round, and net
// winnings past the daily limit are held for an administrator's review.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { games, heldWinnings, ledgerAccounts, walletTransactions } from '../src/db/schema.ts'
import { MAX_ACCOUNT_BALANCE, playerBalance } from '../src/wallet/ledger.ts'
import { DEFAULT_SETTINGS, setSetting } from '../src/site/settings.ts'
import { creditDeposit } from '../src/wallet/wagering.ts'
import { CATALOG } from '../../provider/games/catalog.ts'
import { adjustBalance } from './funded-players.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import {
  adminToken,
  AS_PROVIDER,
  backends,
  checkLedgerAfterEach,
  useApis,
  type TestApi,
  ledgerReport,
} from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

/** The calls of one round of `gameId` for a player, each with a new transaction id. */
function roundOf(playerId: string, gameId = 'golden-sevens', roundId = `round-${randomUUID()}`) {
  const base = { playerId, currency: 'EUR' as const, roundId, gameId }
  return {
    ...base,
    bet: (amount: number) => ({ ...base, transactionId: `bet-${randomUUID()}`, amount }),
    win: (amount: number) => ({ ...base, transactionId: `win-${randomUUID()}`, amount }),
  }
}

/** An administrator's call: its token and an idempotency key. */
const as = (token: string) => ({ token, headers: { 'idempotency-key': `k-${randomUUID()}` } })

const total = async (a: TestApi, playerId: string) => (await playerBalance(a.db, playerId, 'EUR')).total

const adjust = (a: TestApi, playerId: string, cents: number) => adjustBalance(a.db, playerId, cents)

test.for(backends)(
  'a win of 2^53 - 1 cents is refused, and the balance still reads afterwards [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 10_00)
    const round = roundOf(playerId, 'classic-keno')
    await a.ok('provider_bet', round.bet(10_00), AS_PROVIDER)
    const refused = await a.call('provider_win', round.win(Number.MAX_SAFE_INTEGER), AS_PROVIDER)
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect(await a.ok('get_player_balance', {}, { token })).toMatchObject({ total: 0 })
    expect(await a.ok('provider_get_balance', { playerId, currency: 'EUR' }, AS_PROVIDER)).toMatchObject({ total: 0 })
    // Amounts past the safe integers are refused by the contract before anything runs.
    for (const amount of [2 ** 53, 1e300])
      expect((await a.fail('provider_win', round.win(amount), 400, AS_PROVIDER)).fields).toHaveProperty('amount')
  },
)

test.for(backends)(
  "no movement takes a player's account past 2^52 - 1 cents: wins, deposits and adjustments are refused whole [%s]",
  async (backend) => {
    const a = api(backend)
    const { playerId, token } = await fundedPlayer(a, 10_00)
    await adjust(a, playerId, MAX_ACCOUNT_BALANCE - 10_00 - 5_00)
    expect(await total(a, playerId)).toBe(MAX_ACCOUNT_BALANCE - 5_00)

    // A win within the game's cap that the account cannot hold: refused, nothing moves.
    const round = roundOf(playerId)
    await a.ok('provider_bet', round.bet(1_00), AS_PROVIDER)
    const win = round.win(10_00)
    const refused = await a.fail('provider_win', win, 400, AS_PROVIDER)
    expect(refused.code).toBe('amount_out_of_range')
    expect(
      await a.db.select().from(walletTransactions).where(eq(walletTransactions.externalId, win.transactionId)),
    ).toEqual([])
    expect(await total(a, playerId)).toBe(MAX_ACCOUNT_BALANCE - 6_00)
    // The round is still open: a win the account can hold goes through.
    expect((await a.ok('provider_win', round.win(6_00), AS_PROVIDER)).balance.total).toBe(MAX_ACCOUNT_BALANCE)
    const full = await a.ok('get_player_balance', {}, { token })

    // The ledger's other writers: a deposit, an adjustment.
    const deposit = creditDeposit(a.db, {
      playerId,
      currency: 'EUR',
      amount: 1,
      idempotencyKey: `deposit:test:${randomUUID()}`,
      processor: 'sandbox',
      at: new Date(),
    })
    await expect(deposit).rejects.toMatchObject({ status: 400, code: 'amount_out_of_range' })
    await expect(adjust(a, playerId, 1)).rejects.toMatchObject({ status: 400, code: 'amount_out_of_range' })
    // Nothing moved: the same balance, and the same version of it.
    expect(full).toMatchObject({ currency: 'EUR', real: MAX_ACCOUNT_BALANCE, bonus: 0, total: MAX_ACCOUNT_BALANCE })
    expect(await a.ok('get_player_balance', {}, { token })).toEqual(full)
  },
)

test.for(backends)(
  "a win above the game's maximum multiplier times the round's standing stake is refused [%s]",
  async (backend) => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 100_00)
    // Every title of the catalogue is published with its maximum (four decimals, rounded up).
    const published = await a.db.select({ id: games.id, max: games.maxMultiplier }).from(games)
    for (const game of CATALOG) {
      const exact = game.engine.maxMultiplier(game.config)
      const max = published.find((g) => g.id === game.id)?.max ?? 0
      expect(max, game.id).toBeGreaterThanOrEqual(exact)
      expect(max, game.id).toBeLessThan(exact + 0.0001)
    }

    // Roulette pays at most 36 times the stake: 2 € + 1 € standing, a 5 € bet rolled back.
    const round = roundOf(playerId, 'european-roulette')
    await a.ok('provider_bet', round.bet(2_00), AS_PROVIDER)
    await a.ok('provider_bet', round.bet(1_00), AS_PROVIDER)
    const undone = round.bet(5_00)
    await a.ok('provider_bet', undone, AS_PROVIDER)
    await a.ok(
      'provider_rollback',
      { ...round, transactionId: `rb-${randomUUID()}`, betTransactionId: undone.transactionId },
      AS_PROVIDER,
    )
    const above = round.win(3 * 36_00 + 1)
    expect((await a.fail('provider_win', above, 400, AS_PROVIDER)).code).toBe('win_above_max')
    expect(
      await a.db.select().from(walletTransactions).where(eq(walletTransactions.externalId, above.transactionId)),
    ).toEqual([])
    expect(await total(a, playerId)).toBe(97_00)
    // A win claimed on another game than the round's bets finds no stake of that game.
    expect((await a.fail('provider_win', { ...round.win(1_00), gameId: 'classic-keno' }, 404, AS_PROVIDER)).code).toBe(
      'round_not_found',
    )
    expect((await a.ok('provider_win', round.win(3 * 36_00), AS_PROVIDER)).balance.total).toBe(97_00 + 108_00)

    // A bet on a game the provider does not publish, or on a round of another game, is refused.
    expect((await a.fail('provider_bet', roundOf(playerId, 'no-such-game').bet(1_00), 403, AS_PROVIDER)).code).toBe(
      'game_unavailable',
    )
    const keno = roundOf(playerId, 'classic-keno')
    await a.ok('provider_bet', keno.bet(1_00), AS_PROVIDER)
    expect((await a.fail('provider_bet', { ...keno.bet(1_00), gameId: 'dice' }, 409, AS_PROVIDER)).code).toBe(
      'transaction_conflict',
    )
    // A disabled title takes no more bets.
    await a.db.update(games).set({ enabled: false }).where(eq(games.id, 'dice'))
    try {
      expect((await a.fail('provider_bet', roundOf(playerId, 'dice').bet(1_00), 403, AS_PROVIDER)).code).toBe(
        'game_unavailable',
      )
    } finally {
      await a.db.update(games).set({ enabled: true }).where(eq(games.id, 'dice'))
    }
    expect(await total(a, playerId)).toBe(97_00 + 108_00 - 1_00)
  },
)

test.for(backends)(
  'a win closes its round: another win or a new bet on it is refused, replays still answer [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 50_00)
    const round = roundOf(playerId)
    const bet = round.bet(10_00)
    await a.ok('provider_bet', bet, AS_PROVIDER)
    const win = round.win(15_00)
    const paid = await a.ok('provider_win', win, AS_PROVIDER)
    expect(paid.balance.total).toBe(55_00)

    expect((await a.fail('provider_win', round.win(15_00), 409, AS_PROVIDER)).code).toBe('round_closed')
    expect((await a.fail('provider_bet', round.bet(10_00), 409, AS_PROVIDER)).code).toBe('round_closed')
    expect(
      (
        await a.fail(
          'provider_rollback',
          { ...round, transactionId: `rb-${randomUUID()}`, betTransactionId: bet.transactionId },
          409,
          AS_PROVIDER,
        )
      ).code,
    ).toBe('rollback_after_win')
    expect((await a.ok('provider_bet', bet, AS_PROVIDER)).replayed).toBe(true)
    expect(await a.ok('provider_win', win, AS_PROVIDER)).toEqual({ ...paid, replayed: true })

    // A win of zero closes a lost round the same way.
    const lost = roundOf(playerId)
    await a.ok('provider_bet', lost.bet(5_00), AS_PROVIDER)
    await a.ok('provider_win', lost.win(0), AS_PROVIDER)
    expect((await a.fail('provider_win', lost.win(10_00), 409, AS_PROVIDER)).code).toBe('round_closed')
    expect((await a.fail('provider_bet', lost.bet(5_00), 409, AS_PROVIDER)).code).toBe('round_closed')
    expect(await total(a, playerId)).toBe(50_00)

    // Two wins of one round sent at once: one is paid.
    const raced = roundOf(playerId)
    await a.ok('provider_bet', raced.bet(1_00), AS_PROVIDER)
    const both = await Promise.all([
      a.call('provider_win', raced.win(2_00), AS_PROVIDER),
      a.call('provider_win', raced.win(2_00), AS_PROVIDER),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await total(a, playerId)).toBe(51_00)
  },
)

test.for(backends)(
  'net winnings past 5 000 € in 24 hours are held, not credited, and the held account holds them [%s]',
  async (backend) => {
    const a = api(backend)
    const { playerId } = await fundedPlayer(a, 100_00)
    // Staked 10 €, won 6 000 €: 5 010 € takes the net to the limit, 990 € is held.
    const big = roundOf(playerId, 'classic-keno')
    await a.ok('provider_bet', big.bet(10_00), AS_PROVIDER)
    const paid = await a.ok('provider_win', big.win(6_000_00), AS_PROVIDER)
    expect(paid).toMatchObject({ amount: 6_000_00, real: 5_010_00, bonus: 0, held: 990_00 })
    expect(paid.balance.total).toBe(90_00 + 5_010_00)

    // At the limit, the next winning round is held whole beyond its own stake.
    const next = roundOf(playerId, 'classic-keno')
    await a.ok('provider_bet', next.bet(10_00), AS_PROVIDER)
    expect(await a.ok('provider_win', next.win(30_00), AS_PROVIDER)).toMatchObject({ real: 10_00, held: 20_00 })

    const held = await a.db
      .select({ amount: heldWinnings.amount, status: heldWinnings.status, roundId: heldWinnings.roundId })
      .from(heldWinnings)
      .where(eq(heldWinnings.playerId, playerId))
      .orderBy(heldWinnings.createdAt)
    expect(held).toEqual([
      { amount: 990_00, status: 'held', roundId: big.roundId },
      { amount: 20_00, status: 'held', roundId: next.roundId },
    ])

    // A day later the window has moved on: a win is credited whole again.
    a.advance(24 * 3600_000 + 1000)
    const later = roundOf(playerId, 'classic-keno')
    await a.ok('provider_bet', later.bet(10_00), AS_PROVIDER)
    expect(await a.ok('provider_win', later.win(40_00), AS_PROVIDER)).toMatchObject({ real: 40_00, held: 0 })
    expect(await total(a, playerId)).toBe(90_00 + 5_010_00 + 10_00 - 10_00 + 30_00)
    const [account] = await a.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.code, 'winnings_held'), eq(ledgerAccounts.currency, 'EUR')))
    expect(account!.balance).toBeGreaterThanOrEqual(1_010_00)
  },
)

test.for(backends)(
  'an administrator releases held winnings to the player or voids them; the player is told each time [%s]',
  async (backend) => {
    const a = api(backend)
    const admin = await adminToken(a)
    const { playerId, token } = await fundedPlayer(a, 20_00)
    const held = async (amount: number) => {
      const round = roundOf(playerId, 'classic-keno')
      await a.ok('provider_bet', round.bet(10_00), AS_PROVIDER)
      const won = round.win(amount)
      const paid = await a.ok('provider_win', won, AS_PROVIDER)
      // A replay tells the player nothing more.
      await a.ok('provider_win', won, AS_PROVIDER)
      return paid
    }
    expect((await held(5_100_00)).held).toBe(90_00)
    expect((await held(50_00)).held).toBe(40_00)
    const balance = await total(a, playerId)
    expect(balance).toBe(20_00 - 20_00 + 5_010_00 + 10_00)

    const mailbox = await a.ok('get_mailbox', {}, { token })
    const notices = mailbox.items.filter((m) => m.subject === 'Estamos revisando parte de tu premio')
    expect(notices).toHaveLength(2)
    expect(notices.map((m) => m.html).join('\n')).toContain('90,00')

    // Players cannot see or decide them; the list shows them oldest first.
    expect((await a.fail('list_held_winnings', {}, 403, { token })).code).toBe('forbidden')
    const list = await a.ok('list_held_winnings', { pageSize: 100 }, { token: admin })
    const mine = list.items.filter((h) => h.player.id === playerId)
    expect(mine.map((h) => [h.amount.amount, h.status, h.gameId])).toEqual([
      [90_00, 'held', 'classic-keno'],
      [40_00, 'held', 'classic-keno'],
    ])
    const [first, second] = mine as [(typeof mine)[number], (typeof mine)[number]]

    const released = await a.ok('release_held_winning', { id: first.id }, as(admin))
    expect(released).toMatchObject({ message: 'winnings_released', item: { status: 'released' } })
    expect(await total(a, playerId)).toBe(balance + 90_00)
    // The same decision again answers it again and pays nothing; the other one is refused.
    await a.ok('release_held_winning', { id: first.id }, as(admin))
    expect((await a.fail('void_held_winning', { id: first.id, reason: 'x' }, 409, as(admin))).code).toBe(
      'transaction_not_pending',
    )
    expect(await total(a, playerId)).toBe(balance + 90_00)

    const voided = await a.ok('void_held_winning', { id: second.id, reason: 'Irregular play' }, as(admin))
    expect(voided.item).toMatchObject({ status: 'voided', reason: 'Irregular play' })
    expect((await a.fail('release_held_winning', { id: second.id }, 409, as(admin))).code).toBe(
      'transaction_not_pending',
    )
    expect(await total(a, playerId)).toBe(balance + 90_00)
    expect((await a.fail('release_held_winning', { id: randomUUID() }, 404, as(admin))).code).toBe('not_found')

    const after = await a.ok('get_mailbox', {}, { token })
    expect(after.items.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Ganancias retenidas pagadas', 'Ganancias retenidas no pagadas']),
    )
    expect(after.items.find((m) => m.subject === 'Ganancias retenidas no pagadas')?.html).toContain('Irregular play')
    const audit = await a.ok('get_admin_audit', {}, { token: admin })
    expect(audit.items.map((e) => [e.action, e.target])).toEqual(
      expect.arrayContaining([
        ['release_held_winning', first.id],
        ['void_held_winning', second.id],
      ]),
    )
  },
)

test.for(backends)('ledger:check fails when the held winnings account and the rows disagree [%s]', async (backend) => {
  const a = api(backend)
  const { playerId } = await fundedPlayer(a, 20_00)
  const round = roundOf(playerId, 'classic-keno')
  await a.ok('provider_bet', round.bet(10_00), AS_PROVIDER)
  await a.ok('provider_win', round.win(5_100_00), AS_PROVIDER)
  const mine = eq(heldWinnings.playerId, playerId)
  // Marked released without paying it: the account still holds it.
  await a.db.update(heldWinnings).set({ status: 'released', decidedAt: new Date() }).where(mine)
  try {
    const report = await ledgerReport(a)
    expect(report.violations.map((v) => v.rule)).toEqual([
      'the held winnings account holds exactly the winnings still held',
    ])
  } finally {
    await a.db.update(heldWinnings).set({ status: 'held', decidedAt: null }).where(mine)
  }
})

test.for(backends)(
  "the limit follows the settings, in rupees at 100 per euro; the bet history shows a round's held part [%s]",
  async (backend) => {
    const a = api(backend)
    const limitOf = async (currency: string) =>
      Number(
        (
          (await a.db.execute(sql`SELECT net_winnings_limit(${currency}::currency)::text AS cents`)) as unknown as {
            rows: { cents: string }[]
          }
        ).rows[0]!.cents,
      )
    expect([await limitOf('EUR'), await limitOf('INR')]).toEqual([5_000_00, 500_000_00])

    await setSetting(a.db, 'limits', { ...DEFAULT_SETTINGS.limits, maxNetWinningsPerDay: 1_000_00 }, new Date())
    try {
      expect([await limitOf('EUR'), await limitOf('INR')]).toEqual([1_000_00, 100_000_00])
    } finally {
      await setSetting(a.db, 'limits', DEFAULT_SETTINGS.limits, new Date())
    }

    // A player at the limit (a provider's round holds what passes it) plays roulette, red: a
    // winning round's own stake comes back, the rest of its win is held.
    const { playerId, token } = await fundedPlayer(a, 100_00)
    const { session } = await launchGame(a, 'european-roulette', 'real', token)
    let won = null
    for (let i = 0; i < 40 && !won; i++) {
      const topUp = roundOf(playerId, 'classic-keno')
      await a.ok('provider_bet', topUp.bet(10_00), AS_PROVIDER)
      const toLimit = await a.ok('provider_win', topUp.win(i === 0 ? 6_000_00 : 100_00), AS_PROVIDER)
      expect(toLimit.held).toBeGreaterThan(0)
      const played = await a.ok(
        'game_play',
        { bet: { bets: [{ type: 'red', numbers: [], amount: 1_00 }] }, moveId: randomUUID() },
        asGame(session),
      )
      if (played.round.win) won = played.round
    }
    expect(won).not.toBeNull()
    const list = await a.ok('get_bet_list', { language: 'en', pageSize: 100 }, { token })
    expect(list.items.find((b) => b.id === won!.id)).toMatchObject({
      win: 2_00,
      held: { amount: 1_00, status: 'held' },
    })
    expect(list.items.filter((b) => b.id !== won!.id).every((b) => b.held === null)).toBe(true)
    const details = await a.ok('get_bet_details', { id: won!.id, language: 'en' }, { token })
    expect(details.held).toEqual({ amount: 1_00, status: 'held' })
  },
)
