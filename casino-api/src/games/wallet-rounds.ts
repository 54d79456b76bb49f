/**
 * The rounds of the other game providers (GAME_PROVIDERS), as the casino's seamless wallet
 * received them: another provider keeps its rounds' moves and outcomes on its own side, so the
 * casino's record of them is the provider's bets, wins and rollbacks in `wallet_transactions`,
 * grouped by the provider's round id (and kept for good: maintenance.ts prunes only the built-in
 * provider's, whose rounds its own records keep). Bet History lists them beside the built-in
 * provider's rounds (bet-history.ts).
 *
 * A round is placed at its first bet, which gives it its id in Bet History (that bet's uuid); its
 * stake is what its bets took less what their rollbacks gave back, its win what its wins asked
 * (a part may be held: held_winnings); it is settled once a win (of zero for a loss) arrived, and
 * rolled back when rollbacks gave back all it took and no win came.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { ProviderRound } from '../../contract/index.ts'
import { isUuid } from '../db/errors.ts'
import { rowsOf, type Queryable } from '../db/open.ts'
import { BUILTIN_PROVIDER } from '../wallet/provider-auth.ts'

export type WalletRound = ProviderRound & { provider: string; rolledBack: boolean }

type RoundRow = {
  id: string
  provider: string
  round_id: string
  game_id: string
  currency: ProviderRound['currency']
  stake: unknown
  win: unknown
  settled: boolean
  rolled_back: boolean
  placed_at: unknown
  settled_at: unknown
  total?: unknown
  bets?: unknown
  wins?: unknown
}

const asIso = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString())

function walletRound(row: RoundRow): WalletRound {
  return {
    id: row.id,
    provider: row.provider,
    roundId: row.round_id,
    gameId: row.game_id,
    stake: Number(row.stake),
    win: Number(row.win),
    settled: row.settled,
    rolledBack: row.rolled_back,
    currency: row.currency,
    createdAt: asIso(row.placed_at)!,
    settledAt: asIso(row.settled_at),
    // Another provider's fairness is its own to show.
    revealed: false,
  }
}

/** Each round of `rounds` (provider, round_id) summed over all its movements of the player's. */
const roundsOf = (playerId: string, rounds: SQL) => sql`
  SELECT (array_agg(t.id::text ORDER BY t.created_at, t.id) FILTER (WHERE t.kind = 'bet'))[1] AS id,
         t.provider, t.round_id, min(t.game_id) AS game_id, min(t.currency::text) AS currency,
         coalesce(sum(t.amount) FILTER (WHERE t.kind = 'bet'), 0)
           - coalesce(sum(t.real_amount + t.bonus_amount) FILTER (WHERE t.kind = 'rollback'), 0) AS stake,
         coalesce(sum(t.amount) FILTER (WHERE t.kind = 'win'), 0) AS win,
         bool_or(t.kind = 'win') AS settled,
         NOT bool_or(t.kind = 'win') AND bool_or(t.kind = 'rollback')
           AND coalesce(sum(t.amount) FILTER (WHERE t.kind = 'bet'), 0)
             <= coalesce(sum(t.real_amount + t.bonus_amount) FILTER (WHERE t.kind = 'rollback'), 0) AS rolled_back,
         min(t.created_at) FILTER (WHERE t.kind = 'bet') AS placed_at,
         max(t.created_at) FILTER (WHERE t.kind = 'win') AS settled_at
    FROM wallet_transactions t
    JOIN (${rounds}) r ON r.round_id = t.round_id AND r.provider = t.provider
   WHERE t.player_id = ${playerId}
   GROUP BY t.provider, t.round_id`

export type WalletRoundsParams = { playerId: string; from: Date; to: Date; gameId?: string; limit: number }

/**
 * The player's rounds at other providers placed in [from, to) (of one game when asked), the
 * newest `limit` of them newest first, with their count and sums over the whole window.
 */
export async function walletRounds(db: Queryable, params: WalletRoundsParams) {
  const placed = sql`
    SELECT DISTINCT provider, round_id FROM wallet_transactions
     WHERE player_id = ${params.playerId} AND provider <> ${BUILTIN_PROVIDER} AND kind = 'bet'
       AND created_at >= ${params.from.toISOString()}::timestamptz AND created_at < ${params.to.toISOString()}::timestamptz
       ${params.gameId ? sql`AND game_id = ${params.gameId}` : sql``}`
  const rows = await rowsOf<RoundRow>(
    db,
    sql`
    SELECT *, count(*) OVER () AS total, sum(stake) OVER () AS bets,
           sum(win) OVER () AS wins
      FROM (${roundsOf(params.playerId, placed)}) lines
     WHERE placed_at >= ${params.from.toISOString()}::timestamptz
     ORDER BY placed_at DESC, id DESC
     LIMIT ${params.limit}`,
  )
  return {
    items: rows.map(walletRound),
    total: Number(rows[0]?.total ?? 0),
    totals: { bet: Number(rows[0]?.bets ?? 0), win: Number(rows[0]?.wins ?? 0) },
  }
}

/** One of the player's rounds at another provider by its id in Bet History; null when there is none. */
export async function walletRoundById(db: Queryable, playerId: string, id: string): Promise<WalletRound | null> {
  if (!isUuid(id)) return null
  const [row] = await rowsOf<RoundRow>(
    db,
    roundsOf(
      playerId,
      sql`SELECT provider, round_id FROM wallet_transactions
           WHERE id = ${id} AND player_id = ${playerId} AND provider <> ${BUILTIN_PROVIDER} AND kind = 'bet'`,
    ),
  )
  // A round's id is its first bet's: a later bet of it names no round of its own.
  return row && row.id === id.toLowerCase() ? walletRound(row) : null
}
