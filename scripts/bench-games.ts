// `npm run bench:games`: for every built-in game, rounds simulated per second with the provably
// fair stream (HMAC-SHA256 per round, as the game server plays them) and the return measured
// over those rounds, beside the documented (exact) return and the standard error of the
// measurement. ROUNDS (default 200 000) sets the rounds per game.
import { CATALOG } from '../provider/games/catalog.ts'
import { roundRng } from '../provider/games/fair.ts'

const ROUNDS = Number(process.env.ROUNDS ?? 200_000)

/**
 * A representative opening move per engine (the documented return holds for each of these), for
 * engines that do not name one themselves (GameEngine.sampleBet).
 */
const BETS: Record<string, unknown> = {
  slots: { lineBet: 1 },
  // A dozen: 36/37 on every wheel but the American (36/38); la partage touches only even-money bets.
  roulette: { bets: [{ type: 'dozen1', numbers: [], amount: 100 }] },
  dice: { stake: 100, target: 5000, side: 'under' },
}

const rows: string[][] = [['game', 'engine', 'rounds/s', 'measured RTP', 'documented RTP', '± 1 s.e.']]
for (const game of CATALOG) {
  const bet = game.engine.sampleBet?.(game.config, 100) ?? BETS[game.engine.kind]
  if (!bet) continue
  const parsed = game.engine.bet.parse(bet)
  let staked = 0
  let paid = 0
  let sumSq = 0
  const started = performance.now()
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    let step = game.engine.start(
      game.config,
      parsed,
      roundRng({ serverSeed: `bench-${game.id}`, clientSeed: 'bench', nonce }),
    )
    // Multi-step games: the documented play, move by move, until the round ends.
    while (step.win === null && game.engine.act && game.engine.strategy) {
      const next = game.engine.act(game.config, step.state, game.engine.strategy(game.config, step.state))
      if ('error' in next) throw new Error(`${game.id}: the documented play made a refused move (${next.error})`)
      step = next
    }
    staked += step.stake
    paid += step.win ?? 0
    sumSq += ((step.win ?? 0) / step.stake) ** 2
  }
  const seconds = (performance.now() - started) / 1000
  const mean = paid / staked
  const sd = Math.sqrt(Math.max(sumSq / ROUNDS - mean ** 2, 0))
  rows.push([
    game.id,
    game.engine.kind,
    Math.round(ROUNDS / seconds).toLocaleString('en'),
    `${(mean * 100).toFixed(2)} %`,
    `${(game.engine.rtp(game.config) * 100).toFixed(2)} %`,
    `${((sd / Math.sqrt(ROUNDS)) * 100).toFixed(2)} %`,
  ])
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '))
console.log(
  `\n${ROUNDS.toLocaleString('en')} rounds per game; the measured return should lie within about 2 s.e. of the documented one.`,
)
