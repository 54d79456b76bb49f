// The card games through the game server: a real-money hi-lo round played guess by guess and
// cashed out, with the ledger holding one stake and one win for it; refused moves; baccarat and
// andar bahar settling in one move, in demo and for real.
import { randomUUID } from 'node:crypto'
import { and, eq, like } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { catalogGame } from '../../provider/games/catalog.ts'
import type { HiLoView } from '../../provider/games/engines/hi-lo.ts'
import { roundRng } from '../../provider/games/fair.ts'
import { ledgerPostings, ledgerTransactions } from '../src/db/schema.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { backends, checkLedgerAfterEach, useApis, type TestApi } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

const move = () => randomUUID()

/** The ledger's transactions of a round, by kind, with the player's side of each. */
async function roundLedger(a: TestApi, roundId: string) {
  const rows = await a.db
    .select({ kind: ledgerTransactions.kind, key: ledgerTransactions.idempotencyKey, amount: ledgerPostings.amount })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .where(and(like(ledgerTransactions.idempotencyKey, `game:builtin:${roundId}:%`)))
  const keys = [...new Set(rows.map((r) => r.key))].sort()
  return { keys, sum: rows.reduce((s, r) => s + r.amount, 0) }
}

for (const backend of backends) {
  test(`${backend}: a real hi-lo round: staked at the deal, guessed, cashed out; the ledger holds one stake and one win`, async () => {
    const a = api(backend)
    const { token } = await fundedPlayer(a, 10_000)
    const game = (await launchGame(a, 'hi-lo', 'real', token)).session
    let balance = 10_000
    // The likelier side wins more often than not; play rounds until one guess wins, then cash out.
    for (let round = 0; round < 30; round++) {
      const dealt = await a.ok('game_play', { bet: { stake: 200 }, moveId: move() }, asGame(game))
      expect(dealt.round).toMatchObject({ stake: 200, win: null, finished: false })
      balance -= 200
      expect(dealt.balance.amount).toBe(balance)
      const view = dealt.round.view as HiLoView
      // The open round shows one card and the offers, never the deck.
      expect(view.cards).toHaveLength(1)
      expect(view).not.toHaveProperty('deck')
      expect(view.cashout).toBeNull()
      // Cashing out before a correct guess is refused and changes nothing.
      const early = await a.fail(
        'game_act',
        { roundId: dealt.round.id, action: { move: 'cashout' }, moveId: move() },
        400,
        asGame(game),
      )
      expect(early.fields).toEqual({ 'action.move': ['action_failed'] })
      // Another round cannot start while this one waits.
      await a.fail('game_play', { bet: { stake: 200 }, moveId: move() }, 409, asGame(game))
      const offers = view.offers!
      const guess = (offers.higher?.chance ?? 0) >= (offers.lower?.chance ?? 0) ? 'higher' : 'lower'
      const guessed = await a.ok(
        'game_act',
        { roundId: dealt.round.id, action: { move: guess }, moveId: move() },
        asGame(game),
      )
      const after = guessed.round.view as HiLoView
      expect(after.cards).toHaveLength(2)
      if (guessed.round.win === 0) {
        expect(after.outcome).toBe('lost')
        expect(guessed.balance.amount).toBe(balance)
        expect((await roundLedger(a, dealt.round.id)).keys).toEqual([`game:builtin:${dealt.round.id}:bet:0`])
        continue
      }
      expect(guessed.round.win).toBeNull()
      const pays = Math.round(200 * offers[guess]!.multiplier)
      expect(after.cashout).toBe(pays)
      const moveId = move()
      const cashed = await a.ok(
        'game_act',
        { roundId: dealt.round.id, action: { move: 'cashout' }, moveId },
        asGame(game),
      )
      expect(cashed.round).toMatchObject({ win: pays, finished: true })
      balance += pays
      expect(cashed.balance.amount).toBe(balance)
      // A resent cash-out answers the same round and pays nothing more.
      const again = await a.ok(
        'game_act',
        { roundId: dealt.round.id, action: { move: 'cashout' }, moveId },
        asGame(game),
      )
      expect(again.balance.amount).toBe(balance)
      expect((await a.ok('get_player_balance', {}, { token })).total).toBe(balance)
      // One stake and one win in the ledger, each balanced (double entry).
      const ledger = await roundLedger(a, dealt.round.id)
      expect(ledger.keys).toEqual([`game:builtin:${dealt.round.id}:bet:0`, `game:builtin:${dealt.round.id}:win`])
      expect(ledger.sum).toBe(0)
      // The bet list shows it; once the seeds are rotated, the round replays move by move.
      const bets = await a.ok('get_bet_list', { pageSize: 100, language: 'en' }, { token })
      expect(bets.items[0]).toMatchObject({ gameName: 'Hi-Lo', bet: 200, win: pays, status: 'settled' })
      expect(bets.totals.bet - bets.totals.win).toBe(10_000 - balance)
      await a.ok('game_rotate_seeds', {}, asGame(game))
      const details = await a.ok('get_bet_details', { id: dealt.round.id }, { token })
      const hiLo = catalogGame('hi-lo')!
      let replay = hiLo.engine.start(
        hiLo.config,
        details.moves!.bet,
        roundRng({ ...details.seeds!, serverSeed: details.seeds!.serverSeed! }),
      )
      for (const action of details.moves!.actions) {
        const next = hiLo.engine.act!(hiLo.config, replay.state, action)
        if ('error' in next) throw new Error(`the replay refused a move: ${next.error}`)
        replay = next
      }
      expect(replay.win).toBe(pays)
      return
    }
    throw new Error('thirty rounds without a correct guess on the likelier side')
  })

  test(`${backend}: baccarat and andar bahar settle at the deal, in demo and for real; unknown sides are field errors`, async () => {
    const a = api(backend)
    const demo = (await launchGame(a, 'punto-banco', 'demo')).session
    const coup = await a.ok('game_play', { bet: { side: 'tie', stake: 100 }, moveId: move() }, asGame(demo))
    const state = coup.round.view as { winner: string; player: number[]; banker: number[] }
    expect(coup.round.finished).toBe(true)
    expect(coup.round.win).toBe(state.winner === 'tie' ? 900 : 0)
    expect(coup.balance.amount).toBe(100_000 - 100 + coup.round.win!)
    const refused = await a.fail(
      'game_play',
      { bet: { side: 'dragon', stake: 100 }, moveId: move() },
      400,
      asGame(demo),
    )
    expect(refused.fields).toEqual({ 'bet.side': ['invalid_value'] })

    const { token } = await fundedPlayer(a, 5_000)
    const real = (await launchGame(a, 'andar-bahar', 'real', token)).session
    const dealt = await a.ok('game_play', { bet: { side: 'andar', stake: 1_000 }, moveId: move() }, asGame(real))
    const deal = dealt.round.view as { winner: string }
    expect(dealt.round.win).toBe(deal.winner === 'andar' ? 1_900 : 0)
    expect((await a.ok('get_player_balance', {}, { token })).total).toBe(5_000 - 1_000 + dealt.round.win!)
    const ledger = await roundLedger(a, dealt.round.id)
    expect(ledger.keys).toContain(`game:builtin:${dealt.round.id}:bet:0`)
    expect(ledger.sum).toBe(0)
    const limits = await a.fail('game_play', { bet: { side: 'bahar', stake: 5 }, moveId: move() }, 400, asGame(real))
    expect(limits.fields).toEqual({ 'bet.stake': ['amount_out_of_range'] })

    // A real coup on the banker: paid 0.95 to 1 on a banker win, the stake back on a tie.
    const table = (await launchGame(a, 'punto-banco', 'real', token)).session
    const before = (await a.ok('get_player_balance', {}, { token })).total
    const banker = await a.ok('game_play', { bet: { side: 'banker', stake: 200 }, moveId: move() }, asGame(table))
    const winner = (banker.round.view as { winner: string }).winner
    expect(banker.round.win).toBe(winner === 'banker' ? 390 : winner === 'tie' ? 200 : 0)
    expect((await a.ok('get_player_balance', {}, { token })).total).toBe(before - 200 + banker.round.win!)
    expect((await roundLedger(a, banker.round.id)).sum).toBe(0)
  })
}
