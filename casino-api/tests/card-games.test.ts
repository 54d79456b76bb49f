import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import type { Card } from '../../provider/games/cards.ts'
import { catalogGame } from '../../provider/games/catalog.ts'
import type { Step } from '../../provider/games/engine.ts'
import type { BlackjackView } from '../../provider/games/engines/blackjack.ts'
import type { VideoPokerView } from '../../provider/games/engines/video-poker.ts'
import { roundRng } from '../../provider/games/fair.ts'
import { asGame, fundedPlayer, launchGame } from './game-helpers.ts'
import { backends, checkLedgerAfterEach, useApis } from './helpers.ts'

const api = useApis()
checkLedgerAfterEach(api)

for (const backend of backends) {
  test(`${backend}: a real-money blackjack round with a double: the raised stake and the win move through the wallet`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const game = (await launchGame(a, 'blackjack', 'real', player.token)).session
    // Deal until a round waits for a move on a hand that is not a pair (naturals settle at once).
    let settledAtDeal = 0
    let round
    for (;;) {
      const dealt = await a.ok('game_play', { bet: { stake: 100 }, moveId: randomUUID() }, asGame(game))
      const view = dealt.round.view as BlackjackView
      if (dealt.round.win !== null) {
        settledAtDeal += dealt.round.win - 100
        continue
      }
      // The dealer's second card stays face down while the round waits.
      expect(view.dealer).toHaveLength(2)
      expect(view.dealer[1]).toBeNull()
      expect(JSON.stringify(dealt.round.view)).not.toContain('shoe')
      expect(view.moves).toContain('double')
      expect(dealt.balance.amount).toBe(10_000 + settledAtDeal - 100)
      round = dealt.round
      if (!view.moves.includes('split')) break
      // A pair: stand it out and deal again.
      const stood = await a.ok(
        'game_act',
        { roundId: round.id, action: { move: 'stand' }, moveId: randomUUID() },
        asGame(game),
      )
      settledAtDeal += stood.round.win! - 100
    }
    // A new round cannot start while one waits; a move the hand does not allow is refused.
    const busy = await a.fail('game_play', { bet: { stake: 100 }, moveId: randomUUID() }, 409, asGame(game))
    expect(busy.code).toBe('round_in_progress')
    const refused = await a.fail(
      'game_act',
      { roundId: round.id, action: { move: 'split' }, moveId: randomUUID() },
      400,
      asGame(game),
    )
    expect(refused.fields).toEqual({ 'action.move': ['action_failed'] })

    const moveId = randomUUID()
    const doubled = await a.ok('game_act', { roundId: round.id, action: { move: 'double' }, moveId }, asGame(game))
    expect(doubled.round.finished).toBe(true)
    expect(doubled.round.stake).toBe(200)
    const view = doubled.round.view as BlackjackView
    expect(view.hands[0]!.cards).toHaveLength(3)
    expect(view.hands[0]!.doubled).toBe(true)
    expect(view.dealer.every((c) => c !== null)).toBe(true)
    const win = doubled.round.win!
    expect([0, 200, 400]).toContain(win)
    expect(win).toBe({ win: 400, push: 200, lose: 0, blackjack: -1 }[view.hands[0]!.result!])
    // The wallet took 100 at the deal and 100 more for the double, and paid the win once.
    const balance = await a.ok('get_player_balance', {}, { token: player.token })
    expect(balance.total).toBe(10_000 + settledAtDeal - 200 + win)
    expect(doubled.balance.amount).toBe(balance.total)
    // The same move sent again changes nothing.
    const again = await a.ok('game_act', { roundId: round.id, action: { move: 'double' }, moveId }, asGame(game))
    expect(again.round.win).toBe(win)
    expect((await a.ok('get_player_balance', {}, { token: player.token })).total).toBe(balance.total)
    const bets = await a.ok('get_bet_list', { language: 'en' }, { token: player.token })
    expect(bets.items[0]).toMatchObject({ gameName: 'Blackjack', bet: 200, win, total: win - 200, status: 'settled' })

    // Verification: the revealed seed and the moves replay the round to the same end.
    await a.ok('game_rotate_seeds', {}, asGame(game))
    const details = await a.ok('get_bet_details', { id: round.id, language: 'en' }, { token: player.token })
    const bj = catalogGame('blackjack')!
    let step: Step<unknown> = bj.engine.start(
      bj.config,
      details.moves!.bet,
      roundRng({ ...details.seeds!, serverSeed: details.seeds!.serverSeed! }),
    )
    for (const action of details.moves!.actions) {
      const next = bj.engine.act!(bj.config, step.state, action)
      if ('error' in next) throw new Error(next.error)
      step = next
    }
    expect(step).toMatchObject({ stake: 200, win })
  })

  test(`${backend}: a real video poker round: the stake leaves at the deal, the pay arrives at the draw`, async () => {
    const a = api(backend)
    const player = await fundedPlayer(a, 10_000)
    const game = (await launchGame(a, 'jacks-or-better', 'real', player.token)).session
    const dealt = await a.ok('game_play', { bet: { stake: 500 }, moveId: randomUUID() }, asGame(game))
    expect(dealt.round.win).toBeNull()
    expect(dealt.balance).toEqual({ amount: 9_500, currency: 'EUR', mode: 'real' })
    expect((await a.ok('get_player_balance', {}, { token: player.token })).total).toBe(9_500)
    const drawn = await a.ok(
      'game_act',
      { roundId: dealt.round.id, action: { hold: [0, 1, 2, 3, 4] }, moveId: randomUUID() },
      asGame(game),
    )
    const end = drawn.round.view as VideoPokerView
    // All five held: the final hand is the dealt one, paid by its rank.
    expect(end.final).toEqual((dealt.round.view as VideoPokerView).hand)
    expect(drawn.round.win).toBe(500 * end.pays!)
    expect((await a.ok('get_player_balance', {}, { token: player.token })).total).toBe(9_500 + drawn.round.win!)
    const bets = await a.ok('get_bet_list', { language: 'en' }, { token: player.token })
    expect(bets.items[0]).toMatchObject({ bet: 500, win: drawn.round.win, status: 'settled' })
  })

  test(`${backend}: a demo video poker round: five cards, hold some, one draw, paid by the 9/6 table`, async () => {
    const a = api(backend)
    const game = (await launchGame(a, 'jacks-or-better', 'demo')).session
    const dealt = await a.ok('game_play', { bet: { stake: 100 }, moveId: randomUUID() }, asGame(game))
    expect(dealt.round.win).toBeNull()
    const view = dealt.round.view as VideoPokerView
    expect(view.hand).toHaveLength(5)
    expect(view.final).toBeNull()
    expect(Object.keys(view)).not.toContain('deck')
    expect(dealt.balance.amount).toBe(100_000 - 100)
    const bad = await a.fail(
      'game_act',
      { roundId: dealt.round.id, action: { hold: [7] }, moveId: randomUUID() },
      400,
      asGame(game),
    )
    expect(bad.fields).toEqual({ 'action.move': ['invalid_value'] })
    const drawn = await a.ok(
      'game_act',
      { roundId: dealt.round.id, action: { hold: [0, 2] }, moveId: randomUUID() },
      asGame(game),
    )
    const end = drawn.round.view as VideoPokerView
    expect(end.final).toHaveLength(5)
    expect(end.final![0]).toBe(view.hand[0])
    expect(end.final![2]).toBe(view.hand[2])
    const others: Card[] = [end.final![1]!, end.final![3]!, end.final![4]!]
    expect(others.some((c) => view.hand.includes(c))).toBe(false)
    expect(drawn.round.win).toBe(100 * end.pays!)
    expect(drawn.balance.amount).toBe(100_000 - 100 + drawn.round.win!)
  })
}
