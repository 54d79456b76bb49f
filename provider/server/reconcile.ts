/**
 * What the provider offers the casino's ledger check (ADR 0049): its real-money rounds with what
 * each staked and paid, for the casino to find in its wallet by round id, and the rules its own
 * records keep. A round's wallet round is the round (game_rounds) or, at a live table, each bet
 * (live_bets); one whose move is under way (pending) is between two states and is left out.
 */
import { sql } from 'drizzle-orm'
import type { ProviderQueryable } from './context.ts'

export type WalletRound = {
  /** The round id the wallet knows it by. */
  id: string
  playerId: string
  /** Cents staked (nothing for a stake refused) and paid (nothing until settled). */
  staked: number
  paid: number
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * The real-money rounds made after `since`, `size` at a time in the order of their ids. Each
 * batch is read when asked for, so a check that reads the wallet after each batch sees every
 * movement the batch's rounds record (the wallet commits before the round leaves its pending state).
 */
export async function* walletRounds(db: ProviderQueryable, since: Date, size = 1000): AsyncGenerator<WalletRound[]> {
  for (let after = ''; ;) {
    const batch = rowsOf<{ id: string; player_id: string; staked: string; paid: string }>(
      await db.execute(sql`SELECT id, player_id, staked::text, paid::text FROM (
          SELECT r.id::text AS id, r.player_id,
                 CASE WHEN r.status = 'cancelled' THEN 0 ELSE r.stake END AS staked,
                 CASE WHEN r.status = 'settled' THEN r.win ELSE 0 END AS paid
          FROM game_rounds r
          WHERE r.mode = 'real' AND r.pending IS NULL AND r.created_at > ${since.toISOString()}
          UNION ALL
          SELECT b.id::text, b.player_id,
                 CASE WHEN b.status = 'cancelled' THEN 0 ELSE b.stake END,
                 CASE WHEN b.status = 'settled' THEN b.win ELSE 0 END
          FROM live_bets b
          WHERE b.mode = 'real' AND b.status <> 'pending' AND b.created_at > ${since.toISOString()}) x
        WHERE id > ${after} ORDER BY id LIMIT ${size}`),
    )
    if (batch.length === 0) return
    yield batch.map((r) => ({ id: r.id, playerId: r.player_id, staked: Number(r.staked), paid: Number(r.paid) }))
    if (batch.length < size) return
    after = batch.at(-1)!.id
  }
}

const EXAMPLES = 5

/** The provider's own rules over its records, each with the examples that break it (at most 5). */
export async function checkProviderRecords(db: ProviderQueryable) {
  const rules = [
    {
      // Its seed would show the open round's undealt cards, or its outcome before its stake.
      rule: 'no revealed seed pair has an open round',
      query: sql`SELECT 'round ' || r.id || ' is open on the revealed pair ' || s.id AS detail
        FROM game_rounds r JOIN game_seeds s ON s.id = r.seed_id
        WHERE r.status = 'open' AND s.revealed_at IS NOT NULL LIMIT ${EXAMPLES}`,
    },
  ]
  const violations: { rule: string; detail: string }[] = []
  for (const { rule, query } of rules)
    for (const row of rowsOf<{ detail: string }>(await db.execute(query))) violations.push({ rule, detail: row.detail })
  return { rules: rules.map((r) => r.rule), violations }
}

/** The provider's answers to the casino's ledger check (wallet/check.ts ProviderRecords). */
export const providerRecords = (db: ProviderQueryable) => ({
  walletRounds: (since: Date) => walletRounds(db, since),
  check: () => checkProviderRecords(db),
})
