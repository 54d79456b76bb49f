/**
 * The game wallet: bet, win and rollback of game rounds, and the settlement of an instant round
 * (its bet and win at once), for the game providers (the built-in one, over HTTP:
 * wallet/handlers.ts). Each is one call of a database function (wallet_bet, wallet_win,
 * wallet_rollback, wallet_settle: their bodies in db/sql/) that locks the player's accounts, checks
 * for a replay, writes the ledger transaction and the wallet_transactions row, and updates
 * wagering, in one statement: one round trip.
 *
 * Idempotent by the provider's transaction id: a replay with the same params answers the first
 * answer (with `replayed: true`) and moves nothing; the same id with other params is refused
 * ('transaction_conflict'). A bet takes real money first, then bonus money; a win goes back to
 * the balances the round's stakes came from, in proportion. A rollback gives a bet's stake back
 * unless its round already has a win; a rollback of a bet never received is remembered, and the
 * bet is refused if it arrives later.
 *
 * The wallet trusts a provider no further than its contract (ADR 0036): a bet needs a game the
 * provider publishes with its maximum multiplier; a win closes its round (later bets and wins on
 * it are refused); a win above the game's maximum multiplier times the round's standing stake is
 * refused; the part of a win past the player's net winnings limit is held for review; a stake
 * whose real part, lost, would pass one of the player's own loss limits is refused (ADR 0064); and
 * no movement may take a balance past MAX_ACCOUNT_BALANCE.
 */
import { sql } from 'drizzle-orm'
import type { Balance, Currency } from '../../contract/index.ts'
import type { Queryable } from '../db/open.ts'
import { pgErrorOf } from '../db/errors.ts'
import { ApiError } from '../../contract/errors.ts'
import { countLedgerTransaction } from '../metrics.ts'
import { balanceOf, balanceRefusal } from './ledger.ts'

/**
 * How long a transaction id answers its replays: maintenance purges older rows, never sooner.
 * 124 days is more than any four calendar months (at most 123 days).
 */
export const KEEP_WALLET_TRANSACTIONS_MS = 124 * 24 * 3600_000

export type WalletCallBase = {
  /** Who sends it; transaction ids are unique per provider. */
  provider: string
  transactionId: string
  playerId: string
  currency: Currency
  roundId: string
  gameId: string
  at: Date
}

export type WalletResult = {
  /** The provider's transaction id. */
  transactionId: string
  /** The wallet's own id of the transaction. */
  walletTransactionId: string
  kind: 'bet' | 'win' | 'rollback'
  roundId: string
  /** Cents: the stake, the win, or the stake given back. */
  amount: number
  /** How it was split between the balances (for a win: what was credited). */
  real: number
  bonus: number
  /** The part of a win held for review by the net winnings limit (held_winnings); 0 otherwise. */
  held: number
  /** The balances right after this transaction. */
  balance: Balance
  /** True when this answers a replay: nothing moved this time. */
  replayed: boolean
  createdAt: Date
}

/** The wallet_transactions row as to_jsonb writes it. */
type Row = {
  id: string
  external_id: string
  kind: WalletResult['kind']
  round_id: string
  currency: Currency
  amount: number
  real_amount: number
  bonus_amount: number
  held: number
  real_after: number
  bonus_after: number
  created_at: string
}

type Outcome =
  | 'ok'
  | 'replayed'
  | 'conflict'
  | 'player_not_found'
  | 'player_not_active'
  | 'currency_mismatch'
  | 'insufficient_funds'
  | 'bet_rolled_back'
  | 'round_not_found'
  | 'already_rolled_back'
  | 'rollback_after_win'
  | 'game_unavailable'
  | 'round_closed'
  | 'win_above_max'
  | 'loss_limit_day'
  | 'loss_limit_week'
  | 'loss_limit_month'
  | 'reality_check_due'
  | 'kyc_overdue'

/** A loss limit's refusal (ADR 0064): the limit, what is left of it, when it resets, as the message says them. */
const lossLimit = (answer: Answer, currency: Currency) =>
  new ApiError(403, answer.outcome as 'loss_limit_day', {
    args: [
      { amount: Number(answer.limit), currency },
      { amount: Number(answer.left), currency },
      new Date(answer.resets_at!).toISOString(),
    ],
  })

const REFUSALS: Record<Exclude<Outcome, 'ok' | 'replayed'>, (answer: Answer, currency: Currency) => ApiError> = {
  conflict: () => new ApiError(409, 'transaction_conflict'),
  player_not_found: () => new ApiError(404, 'not_found'),
  player_not_active: () => new ApiError(403, 'account_not_active'),
  currency_mismatch: () => new ApiError(400, 'validation_failed', { fields: { currency: ['invalid_value'] } }),
  insufficient_funds: () => new ApiError(400, 'insufficient_funds'),
  bet_rolled_back: () => new ApiError(409, 'bet_rolled_back'),
  round_not_found: () => new ApiError(404, 'round_not_found'),
  already_rolled_back: () => new ApiError(409, 'bet_already_rolled_back'),
  rollback_after_win: () => new ApiError(409, 'rollback_after_win'),
  game_unavailable: () => new ApiError(403, 'game_unavailable'),
  round_closed: () => new ApiError(409, 'round_closed'),
  win_above_max: () => new ApiError(400, 'win_above_max'),
  loss_limit_day: lossLimit,
  loss_limit_week: lossLimit,
  loss_limit_month: lossLimit,
  reality_check_due: () => new ApiError(403, 'reality_check_due'),
  kyc_overdue: () => new ApiError(403, 'kyc_overdue'),
}

/** Stakes `amount` cents (more than zero) on a round: real balance first, then bonus. */
export function bet(db: Queryable, call: WalletCallBase & { amount: number }) {
  checkAmount(call.amount, 1)
  return one(
    db,
    call,
    sql`select wallet_bet(${call.provider}, ${call.transactionId}, ${call.playerId}::uuid, ${call.currency}::currency,
      ${call.amount}::bigint, ${call.roundId}, ${call.gameId}, ${call.at.toISOString()}::timestamptz) as r`,
  )
}

/** Pays `amount` cents (zero closes a lost round) on a round that has a stake standing. */
export function win(db: Queryable, call: WalletCallBase & { amount: number }) {
  checkAmount(call.amount, 0)
  return one(
    db,
    call,
    sql`select wallet_win(${call.provider}, ${call.transactionId}, ${call.playerId}::uuid, ${call.currency}::currency,
      ${call.amount}::bigint, ${call.roundId}, ${call.gameId}, ${call.at.toISOString()}::timestamptz) as r`,
  )
}

/**
 * Settles an instant round in one call (wallet_settle, ADR 0042): its bet `betTransactionId` and
 * its win `winTransactionId`, as `bet` then `win` would, in one statement. A replay answers both
 * first answers; either id used otherwise is refused ('transaction_conflict').
 */
export async function settle(
  db: Queryable,
  call: Omit<WalletCallBase, 'transactionId'> & {
    betTransactionId: string
    winTransactionId: string
    bet: number
    win: number
  },
): Promise<{ bet: WalletResult; win: WalletResult }> {
  checkAmount(call.bet, 1)
  checkAmount(call.win, 0)
  const answer = await run(
    db,
    call,
    sql`select wallet_settle(${call.provider}, ${call.betTransactionId}, ${call.winTransactionId}, ${call.playerId}::uuid,
      ${call.currency}::currency, ${call.bet}::bigint, ${call.win}::bigint, ${call.roundId}, ${call.gameId},
      ${call.at.toISOString()}::timestamptz) as r`,
  )
  const replayed = answer.outcome === 'replayed'
  return { bet: resultOf(answer.bet!, replayed || !!answer.bet_replayed), win: resultOf(answer.win!, replayed) }
}

/** Gives back the stake of the bet `betTransactionId`, unless its round has a win. */
export function rollback(db: Queryable, call: WalletCallBase & { betTransactionId: string }) {
  return one(
    db,
    call,
    sql`select wallet_rollback(${call.provider}, ${call.transactionId}, ${call.betTransactionId}, ${call.playerId}::uuid,
      ${call.currency}::currency, ${call.roundId}, ${call.gameId}, ${call.at.toISOString()}::timestamptz) as r`,
  )
}

function checkAmount(amount: number, min: number) {
  if (!Number.isSafeInteger(amount) || amount < min) throw new Error(`invalid wallet amount ${amount}`)
}

/** What a wallet function answers: its outcome and the rows it wrote (or found, on a replay). */
type Answer = {
  outcome: Outcome
  tx?: Row
  bet?: Row
  win?: Row
  bet_replayed?: boolean
  /** A loss limit's refusal: the limit, what is left of it (cents) and when it resets. */
  limit?: number
  left?: number
  resets_at?: string
}

/** Runs a wallet function; a refusal is thrown as its API error. */
async function run(
  db: Queryable,
  player: Pick<WalletCallBase, 'playerId' | 'currency'>,
  query: ReturnType<typeof sql>,
): Promise<Answer> {
  let answer: Answer
  try {
    const result = (await db.execute(query)) as unknown as { rows: { r: Answer }[] }
    answer = result.rows[0]!.r
  } catch (error) {
    const pg = pgErrorOf(error)
    // The same transaction id sent at once for two players, or replayed after its row was
    // purged: the unique keys refuse it, and nothing moved.
    if (
      pg?.code === '23505' &&
      (pg.constraint === 'wallet_transactions_external_key' ||
        pg.constraint === 'ledger_transactions_idempotency_key' ||
        pg.constraint === 'wallet_transactions_rollback_key')
    )
      throw new ApiError(409, 'transaction_conflict')
    // The database's own guard; the function checks the balance first, so this is a backstop.
    if (pg?.constraint === 'ledger_accounts_player_balance_nonnegative') throw new ApiError(400, 'insufficient_funds')
    throw (await balanceRefusal(db, error, player)) ?? error
  }
  if (answer.outcome !== 'ok' && answer.outcome !== 'replayed') throw REFUSALS[answer.outcome](answer, player.currency)
  // A win of zero (a lost round closing) moves nothing in the ledger.
  if (answer.outcome === 'ok')
    for (const row of [answer.tx, answer.bet, answer.win])
      if (row && row.amount > 0) countLedgerTransaction(row.kind, row.amount)
  return answer
}

/** A call that writes one row: bet, win or rollback. */
async function one(
  db: Queryable,
  player: Pick<WalletCallBase, 'playerId' | 'currency'>,
  query: ReturnType<typeof sql>,
) {
  const answer = await run(db, player, query)
  return resultOf(answer.tx!, answer.outcome === 'replayed')
}

function resultOf(row: Row, replayed: boolean): WalletResult {
  return {
    transactionId: row.external_id,
    walletTransactionId: row.id,
    kind: row.kind,
    roundId: row.round_id,
    amount: row.amount,
    real: row.real_amount,
    bonus: row.bonus_amount,
    held: row.held,
    balance: balanceOf(row.currency, row.real_after, row.bonus_after),
    replayed,
    createdAt: new Date(row.created_at),
  }
}
