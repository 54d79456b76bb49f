import { expect, test } from 'vitest'
import { type Card, decks, rankOf } from '../cards.ts'
import { roundRng, shuffle } from '../fair.ts'
import { CLASSIC_HI_LO, hiLoEngine, offerOf, type HiLoGuess, type HiLoState } from './hi-lo.ts'

const config = CLASSIC_HI_LO
const open = (deck: Card[], extra: Partial<HiLoState> = {}): HiLoState => ({
  deck,
  shown: 1,
  guesses: [],
  multiplier: 1,
  stake: 100,
  outcome: 'open',
  ...extra,
})
/** A deck's cards but `used`. */
const rest = (...used: Card[]) => decks(1).filter((c) => !used.includes(c))
/** The deck with `card` moved to position `at` (the next card dealt), the shown cards untouched. */
const withNext = (deck: Card[], at: number, card: Card) => {
  const out = [...deck]
  const j = out.indexOf(card)
  ;[out[at], out[j]] = [out[j]!, out[at]!]
  return out
}
const step = (state: HiLoState, move: 'higher' | 'lower' | 'cashout') => {
  const next = hiLoEngine.act!(config, state, { move })
  if ('error' in next) throw new Error(next.error)
  return next
}

test('every guess offered returns exactly 99 % of the multiplier so far, whatever was seen before', () => {
  let checked = 0
  for (let nonce = 0; nonce < 40; nonce++) {
    let state = hiLoEngine.start(config, { stake: 100 }, roundRng({ serverSeed: 'hl', clientSeed: 'c', nonce })).state
    // Along a played path (the likelier side each time), every state's both guesses, over every next card.
    while (state.outcome === 'open' && state.guesses.length < config.maxGuesses) {
      for (const guess of ['higher', 'lower'] as HiLoGuess[]) {
        if (!offerOf(config, state, guess)) continue
        const left = state.deck.slice(state.shown)
        let expected = 0
        for (const card of left) {
          const next = step({ ...state, deck: withNext(state.deck, state.shown, card) }, guess)
          expected += next.state.multiplier / left.length
        }
        expect(expected / state.multiplier).toBeCloseTo(1 - config.houseEdge, 12)
        checked++
      }
      state = step(state, hiLoEngine.strategy!(config, { ...state, guesses: [] }).move).state
    }
  }
  expect(checked).toBeGreaterThan(100)
})

test('the documented play (the likelier side once, then cash out) returns exactly 99 %: every first two cards', () => {
  let returned = 0
  let rounds = 0
  for (let first = 0; first < 52; first++) {
    for (let second = 0; second < 52; second++) {
      if (second === first) continue
      const deck = [first, second, ...decks(1).filter((c) => c !== first && c !== second)]
      let current = { state: open(deck), stake: 100, win: null as number | null }
      while (current.win === null) current = step(current.state, hiLoEngine.strategy!(config, current.state).move)
      returned += current.state.multiplier
      rounds++
    }
  }
  expect(returned / rounds).toBeCloseTo(0.99, 12)
  expect(hiLoEngine.rtp(config)).toBe(0.99)
})

test('two guesses then cash out, always higher unless it cannot win: 99 % × 99 % over every first three cards', () => {
  let returned = 0
  let rounds = 0
  const play = (state: HiLoState): number => {
    if (state.outcome === 'lost') return 0
    if (state.guesses.length === 2) return step(state, 'cashout').state.multiplier
    return play(step(state, offerOf(config, state, 'higher') ? 'higher' : 'lower').state)
  }
  for (let a = 0; a < 52; a++)
    for (let b = 0; b < 52; b++)
      for (let c = 0; c < 52; c++) {
        if (a === b || b === c || a === c) continue
        returned += play(open([a, b, c, ...decks(1).filter((x) => x !== a && x !== b && x !== c)]))
        rounds++
      }
  expect(rounds).toBe(52 * 51 * 50)
  expect(returned / rounds).toBeCloseTo(0.99 * 0.99, 12)
})

test('rules: a tie loses, impossible guesses and early cash-outs are refused, the cap and the last guess', () => {
  // Seven of spades (6), then seven of hearts (19): a tie loses either guess.
  const tie = open([6, 19, ...rest(6, 19)])
  expect(step(tie, 'higher')).toMatchObject({ win: 0, state: { outcome: 'lost', multiplier: 0 } })
  expect(step(tie, 'lower').win).toBe(0)
  // Nothing ranks below an ace: lower is refused, and so is a cash-out before a correct guess.
  const ace = open([0, 5, ...rest(0, 5)])
  expect(hiLoEngine.act!(config, ace, { move: 'lower' })).toEqual({ error: 'action_failed' })
  expect(hiLoEngine.act!(config, ace, { move: 'cashout' })).toEqual({ error: 'action_failed' })
  // Ace then six: higher wins × 0.99 × 51 / 48; cashing out pays it, rounded to the cent.
  const won = step(ace, 'higher')
  expect(won.win).toBeNull()
  expect(won.state.multiplier).toBeCloseTo((0.99 * 51) / 48, 12)
  expect(step(won.state, 'cashout')).toMatchObject({ win: Math.round((100 * 0.99 * 51) / 48), stake: 100 })
  // A finished round takes no more moves.
  expect(hiLoEngine.act!(config, step(tie, 'higher').state, { move: 'higher' })).toEqual({ error: 'action_failed' })
  // Near the cap, a guess paying more than the cap allows is not offered.
  const high = { ...open([1, 5, ...rest(1, 5)]), multiplier: 800, guesses: ['higher' as const] }
  expect(offerOf(config, high, 'lower')).toBeNull()
  expect(hiLoEngine.act!(config, high, { move: 'lower' })).toEqual({ error: 'action_failed' })
  expect(offerOf(config, high, 'higher')?.multiplier).toBeCloseTo((0.99 * 51) / 44, 12)
  // The last guess allowed cashes out by itself.
  const last = { ...open([0, 5, ...rest(0, 5)]), guesses: Array<HiLoGuess>(config.maxGuesses - 1).fill('higher') }
  const done = step(last, 'higher')
  expect(done.state.outcome).toBe('cashed')
  expect(done.win).toBe(Math.round(100 * done.state.multiplier))
})

test('the view of an open round shows the cards dealt and the offers, never the deck', () => {
  const start = hiLoEngine.start(config, { stake: 250 }, roundRng({ serverSeed: 'hl', clientSeed: 'view', nonce: 3 }))
  expect(start.win).toBeNull()
  expect(start.stake).toBe(250)
  expect(start.state.deck).toEqual(shuffle(decks(1), roundRng({ serverSeed: 'hl', clientSeed: 'view', nonce: 3 })))
  const view = hiLoEngine.view(config, start.state, false)
  expect(view).not.toHaveProperty('deck')
  expect(view.cards).toEqual([start.state.deck[0]])
  expect(JSON.stringify(view)).not.toContain(JSON.stringify(start.state.deck.slice(1, 4)).slice(1, -1))
  const shown = rankOf(start.state.deck[0]!)
  const higher = start.state.deck.slice(1).filter((c) => rankOf(c) > shown).length
  expect(view.offers?.higher?.chance ?? 0).toBeCloseTo(higher / 51, 12)
  expect(view.cashout).toBeNull()
  const guess = hiLoEngine.strategy!(config, start.state)
  const after = step(start.state, guess.move)
  const seen = hiLoEngine.view(config, after.state, after.win !== null)
  expect(seen.cards).toEqual(start.state.deck.slice(0, 2))
  if (after.win === null) expect(seen.cashout).toBe(Math.round(250 * after.state.multiplier))
  else expect(seen.offers).toBeNull()
  expect(hiLoEngine.action!.safeParse({ move: 'double' }).success).toBe(false)
})
