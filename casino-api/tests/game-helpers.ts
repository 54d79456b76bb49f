// What the game tests share: a funded player, a launched game's session token, the header that
// carries it, a real round's wallet calls.
import { randomUUID } from 'node:crypto'
import { GAME_SESSION_HEADER } from '../contract/index.ts'
import { creditDeposit } from '../src/wallet/wagering.ts'
import { activePlayer, AS_PROVIDER, type TestApi } from './helpers.ts'

export const asGame = (token: string) => ({ headers: { [GAME_SESSION_HEADER]: token } })

/** An active player whose first deposit of `cents` is credited (sandbox). */
export async function fundedPlayer(a: TestApi, cents: number) {
  const player = await activePlayer(a)
  await creditDeposit(a.db, {
    playerId: player.playerId,
    currency: 'EUR',
    amount: cents,
    idempotencyKey: `deposit:test:${player.playerId}`,
    processor: 'sandbox',
    at: new Date(),
  })
  return player
}

/** Launches a game (demo, or real with the player's token) and answers its URL and session token. */
export async function launchGame(
  a: TestApi,
  gameId: string,
  mode: 'demo' | 'real',
  token?: string,
  language: 'es' | 'en' = 'en',
) {
  const { url } = await a.ok('get_game_url', { gameId, mode, language }, token ? { token } : {})
  return { url, session: new URL(url).pathname.split('/').pop()! }
}

/** The wallet calls of one real round of a game for a player, each with a new transaction id. */
export function roundOf(playerId: string, gameId = 'golden-sevens') {
  const base = { playerId, currency: 'EUR' as const, roundId: `round-${randomUUID()}`, gameId }
  return {
    base,
    bet: (amount: number) => ({ ...base, transactionId: `bet-${randomUUID()}`, amount }),
    win: (amount: number) => ({ ...base, transactionId: `win-${randomUUID()}`, amount }),
    settle: (bet: number, win: number) => ({
      ...base,
      bet: { transactionId: `bet-${randomUUID()}`, amount: bet },
      win: { transactionId: `win-${randomUUID()}`, amount: win },
    }),
  }
}

/** Stakes `turnover` with real money through the provider wallet (each stake won back), meeting a deposit's wagering. */
export async function wager(a: TestApi, playerId: string, turnover: number, stake: number) {
  for (let staked = 0; staked < turnover; staked += stake) {
    const roundId = `r-${randomUUID()}`
    const round = { playerId, currency: 'EUR' as const, roundId, gameId: 'golden-sevens' }
    await a.ok('provider_bet', { ...round, transactionId: `b-${randomUUID()}`, amount: stake }, AS_PROVIDER)
    await a.ok('provider_win', { ...round, transactionId: `w-${randomUUID()}`, amount: stake }, AS_PROVIDER)
  }
}
