/**
 * The ledger's invariants, proved on the whole database: `npm run ledger:check` and the test
 * helper after every money test run this. Each check is one query that lists what breaks it
 * (at most a few examples each), so a clean database answers no violation at all. Besides the
 * ledger's own rules, the game wallet's records against the rounds the provider keeps.
 */
import { sql } from 'drizzle-orm'
import { rowsOf, type Database, type Queryable } from '../db/open.ts'
import { KEEP_WALLET_TRANSACTIONS_MS } from './games.ts'

export type LedgerViolation = { rule: string; detail: string }

export type LedgerReport = {
  transactions: number
  postings: number
  accounts: number
  /** Sum of every posting: zero in a sound ledger. */
  postingSum: number
  /** Sum of the player balances (real + bonus, not loyalty points), per currency. */
  playerMoney: Record<string, number>
  walletTransactions: number
  /** Every rule checked, in order. */
  rules: string[]
  violations: LedgerViolation[]
}

const EXAMPLES = 5
const ALL_POSTINGS = 'all postings together sum to zero'

/** Each rule: a query whose rows (text `detail`) are its violations. */
const RULES: { rule: string; query: ReturnType<typeof sql> }[] = [
  {
    rule: "each transaction's postings sum to zero",
    query: sql`SELECT t.id || ' sums to ' || coalesce(sum(p.amount), 0) AS detail
      FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
      GROUP BY t.id HAVING coalesce(sum(p.amount), 0) <> 0 LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'each transaction has at least two postings',
    query: sql`SELECT t.id || ' has ' || count(p.id) || ' posting(s)' AS detail
      FROM ledger_transactions t LEFT JOIN ledger_postings p ON p.transaction_id = t.id
      GROUP BY t.id HAVING count(p.id) < 2 LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'each posting is in the currency of its transaction',
    query: sql`SELECT p.id::text AS detail FROM ledger_postings p
      JOIN ledger_transactions t ON t.id = p.transaction_id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.currency <> t.currency LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'each balance equals the sum of its postings',
    query: sql`SELECT a.id || ' (' || a.kind || ') holds ' || a.balance || ', its postings ' || coalesce(s.total, 0) AS detail
      FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) s
        ON s.account_id = a.id
      WHERE a.balance <> coalesce(s.total, 0) LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'no player balance is negative',
    query: sql`SELECT a.id || ' (' || a.kind || ') holds ' || a.balance AS detail
      FROM ledger_accounts a WHERE a.kind <> 'system' AND a.balance < 0 LIMIT ${EXAMPLES}`,
  },
  {
    rule: "each wallet transaction moved what it says, on its player's accounts",
    query: sql`SELECT w.provider || ':' || w.external_id AS detail FROM wallet_transactions w
      LEFT JOIN (SELECT p.transaction_id,
                        sum(p.amount) FILTER (WHERE a.kind = 'real' AND a.player_id = t.player_id) AS real,
                        sum(p.amount) FILTER (WHERE a.kind = 'bonus' AND a.player_id = t.player_id) AS bonus
                 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                 JOIN ledger_transactions t ON t.id = p.transaction_id
                 GROUP BY p.transaction_id) m ON m.transaction_id = w.ledger_transaction_id
      WHERE (w.ledger_transaction_id IS NULL AND (w.real_amount <> 0 OR w.bonus_amount <> 0))
         OR (w.ledger_transaction_id IS NOT NULL AND
             (coalesce(m.real, 0), coalesce(m.bonus, 0)) IS DISTINCT FROM
             (CASE w.kind WHEN 'bet' THEN -w.real_amount ELSE w.real_amount END,
              CASE w.kind WHEN 'bet' THEN -w.bonus_amount ELSE w.bonus_amount END))
      LIMIT ${EXAMPLES}`,
  },
  {
    // Maintenance purges wallet transactions (and what they added) after KEEP_WALLET_TRANSACTIONS_MS:
    // a requirement older than that may count more than its remaining bets, never less.
    rule: 'each wagering requirement counts the stakes of its bets that stand',
    query: sql`SELECT r.id || ' counts ' || r.wagered || ', its bets ' || coalesce(sum(c.amount), 0) AS detail
      FROM wagering_requirements r
      LEFT JOIN wagering_contributions c ON c.requirement_id = r.id
        AND NOT EXISTS (SELECT 1 FROM wallet_transactions b JOIN wallet_transactions rb
                          ON rb.provider = b.provider AND rb.kind = 'rollback' AND rb.rolls_back = b.external_id
                        WHERE b.id = c.wallet_transaction_id)
      GROUP BY r.id
      HAVING r.wagered < coalesce(sum(c.amount), 0)
          OR (r.wagered > coalesce(sum(c.amount), 0)
              AND r.created_at > now() - make_interval(secs => ${KEEP_WALLET_TRANSACTIONS_MS / 1000}))
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'the held withdrawals account holds exactly the pending withdrawals',
    query: sql`SELECT c.currency || ': held ' || coalesce(h.balance, 0) || ', pending ' || coalesce(w.total, 0) AS detail
      FROM (SELECT unnest(enum_range(NULL::currency)) AS currency) c
      LEFT JOIN ledger_accounts h ON h.kind = 'system' AND h.code = 'withdrawals_pending' AND h.currency = c.currency
      LEFT JOIN (SELECT currency, sum(amount) AS total FROM payments
                 WHERE kind = 'withdrawal' AND status = 'pending' GROUP BY currency) w ON w.currency = c.currency
      WHERE coalesce(h.balance, 0) <> coalesce(w.total, 0) LIMIT ${EXAMPLES}`,
  },
  {
    // The net winnings limit (held-winnings.ts): what wins put aside and no decision paid out yet.
    rule: 'the held winnings account holds exactly the winnings still held',
    query: sql`SELECT c.currency || ': account ' || coalesce(h.balance, 0) || ', held ' || coalesce(w.total, 0) AS detail
      FROM (SELECT unnest(enum_range(NULL::currency)) AS currency) c
      LEFT JOIN ledger_accounts h ON h.kind = 'system' AND h.code = 'winnings_held' AND h.currency = c.currency
      LEFT JOIN (SELECT currency, sum(amount) AS total FROM held_winnings WHERE status = 'held' GROUP BY currency) w
        ON w.currency = c.currency
      WHERE coalesce(h.balance, 0) <> coalesce(w.total, 0) LIMIT ${EXAMPLES}`,
  },
  // Bonuses (bonuses/service.ts, ADR 0052): each grant and each close is one ledger transaction
  // of its bonus, and the system account 'bonus' is what the bonuses gave minus what lapsed back.
  {
    rule: "each bonus was granted once, its amount to its player's bonus account",
    query: sql`SELECT b.id || ' granted ' || b.amount || ', its grant moved ' || coalesce(sum(p.amount), 0) AS detail
      FROM player_bonuses b JOIN ledger_transactions t ON t.id = b.grant_transaction_id
      LEFT JOIN ledger_postings p ON p.transaction_id = t.id
        AND p.account_id IN (SELECT id FROM ledger_accounts WHERE player_id = b.player_id AND kind = 'bonus')
      GROUP BY b.id, b.amount, t.kind, t.player_id, b.player_id
      HAVING coalesce(sum(p.amount), 0) <> b.amount OR t.kind <> 'bonus_grant' OR t.player_id <> b.player_id
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'each closed bonus took what it records off the bonus account, and converted at most its cap',
    query: sql`SELECT b.id || ' (' || b.status || ') records ' || coalesce(b.closed_amount::text, 'nothing') || ' taken and '
             || coalesce(b.converted_amount::text, 'nothing') || ' converted, its closing moved '
             || coalesce(m.bonus, 0) || ' and ' || coalesce(m.real, 0) AS detail
      FROM player_bonuses b
      LEFT JOIN ledger_transactions t ON t.id = b.close_transaction_id
      LEFT JOIN LATERAL (
        SELECT sum(p.amount) FILTER (WHERE a.kind = 'bonus') AS bonus, sum(p.amount) FILTER (WHERE a.kind = 'real') AS real
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE p.transaction_id = t.id AND a.player_id = b.player_id) m ON true
      WHERE CASE WHEN b.status = 'active'
              THEN b.close_transaction_id IS NOT NULL OR b.closed_amount IS NOT NULL
              ELSE b.closed_amount IS NULL OR b.converted_amount IS NULL
                OR b.converted_amount > coalesce(b.cash_out_cap, b.closed_amount)
                OR (b.converted_amount > 0) <> (b.status = 'converted')
                OR (b.closed_amount > 0) <> (t.id IS NOT NULL)
                OR (t.id IS NOT NULL AND (t.kind <> CASE b.status WHEN 'converted' THEN 'bonus_conversion'
                      WHEN 'expired' THEN 'bonus_expiry' WHEN 'forfeited' THEN 'bonus_forfeit' ELSE 'bonus_cancel' END
                    OR coalesce(m.bonus, 0) <> -b.closed_amount OR coalesce(m.real, 0) <> b.converted_amount))
            END
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'each bonus ledger transaction belongs to a bonus',
    query: sql`SELECT t.id || ' (' || t.kind || ')' AS detail FROM ledger_transactions t
      WHERE t.kind IN ('bonus_grant', 'bonus_conversion', 'bonus_expiry', 'bonus_forfeit', 'bonus_cancel')
        AND NOT EXISTS (SELECT 1 FROM player_bonuses b WHERE b.grant_transaction_id = t.id OR b.close_transaction_id = t.id)
      LIMIT ${EXAMPLES}`,
  },
  // The scheduled bonuses (bonuses/scheduled.ts, ADR 0055): one decision per (template, period,
  // player), and each granted one is the bonus its decision names (a bonus of such a template
  // granted by hand, 'admin:' key, is not one).
  {
    rule: 'each scheduled bonus is its decision: its player, its template, its amount, once per period',
    query: sql`SELECT coalesce(g.type::text || ' ' || g.period || ' for ' || g.player_id, 'bonus ' || b.id)
               || ' decided ' || coalesce(g.amount::text, 'nothing') || ', granted ' || coalesce(b.amount::text, 'nothing') AS detail
      FROM (SELECT * FROM scheduled_bonus_grants WHERE player_bonus_id IS NOT NULL) g
      FULL JOIN (SELECT * FROM player_bonuses
                 WHERE type IN ('weekly_cashback', 'weekly_bonus', 'monthly_bonus') AND source_key NOT LIKE 'admin:%') b
        ON b.id = g.player_bonus_id
      WHERE g.player_bonus_id IS NULL OR b.id IS NULL OR b.player_id <> g.player_id OR b.type <> g.type
         OR b.amount <> g.amount OR b.source_key <> g.type::text || ':' || g.period || ':' || g.player_id
      LIMIT ${EXAMPLES}`,
  },
  // Refer a friend (bonuses/referrals.ts, ADR 0057): each referral bonus is the one its friend's
  // decision names (a bonus of the template granted by hand, 'admin:' key, is not one).
  {
    rule: "each referral bonus is its friend's decision: the referrer, the amount, once per friend",
    query: sql`SELECT coalesce('referral of ' || d.friend_id, 'bonus ' || b.id)
               || ' decided ' || coalesce(d.amount::text, 'nothing') || ', granted ' || coalesce(b.amount::text, 'nothing') AS detail
      FROM (SELECT * FROM referral_decisions WHERE player_bonus_id IS NOT NULL) d
      FULL JOIN (SELECT * FROM player_bonuses WHERE type = 'refer_a_friend' AND source_key NOT LIKE 'admin:%') b
        ON b.id = d.player_bonus_id
      WHERE d.player_bonus_id IS NULL OR b.id IS NULL OR b.player_id <> d.referrer_id
         OR b.amount <> d.amount OR b.source_key <> 'referral:' || d.friend_id
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'the bonus account holds minus what the bonuses granted, plus what lapsed back',
    query: sql`SELECT c.currency || ': account ' || coalesce(h.balance, 0) || ', bonuses ' || coalesce(-b.total, 0) AS detail
      FROM (SELECT unnest(enum_range(NULL::currency)) AS currency) c
      LEFT JOIN ledger_accounts h ON h.kind = 'system' AND h.code = 'bonus' AND h.currency = c.currency
      LEFT JOIN (SELECT currency, sum(amount - coalesce(closed_amount, 0) + coalesce(converted_amount, 0)) AS total
                 FROM player_bonuses GROUP BY currency) b ON b.currency = c.currency
      WHERE coalesce(h.balance, 0) <> coalesce(-b.total, 0) LIMIT ${EXAMPLES}`,
  },
  // Loyalty points (bonuses/loyalty.ts, ADR 0054): counted in points on 'points' accounts, whose
  // counterparts are the system accounts 'loyalty_points' (redemptions) and 'loyalty_points:NN'
  // (earnings, 64 of them); only the loyalty kinds move them.
  {
    rule: 'loyalty points move only between points accounts and the loyalty_points accounts, by loyalty transactions',
    query: sql`SELECT t.id || ' (' || t.kind || ') moves ' || a.kind || coalesce(' ' || a.code, '') AS detail
      FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE (t.kind IN ('loyalty_earn', 'loyalty_reverse', 'loyalty_redeem'))
         <> (a.kind = 'points' OR (a.kind = 'system' AND (a.code = 'loyalty_points' OR a.code LIKE 'loyalty_points:%')))
         OR (a.kind = 'points' AND a.player_id IS DISTINCT FROM t.player_id)
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: "each bet earned its real stake's points at most once, and only from real money",
    query: sql`SELECT t.id || ' earned ' || coalesce(sum(p.amount), 0) || ' on a real stake of ' || coalesce(b.real_amount, 0) AS detail
      FROM ledger_transactions t
      LEFT JOIN ledger_postings p ON p.transaction_id = t.id AND p.amount > 0
      LEFT JOIN wallet_transactions b ON b.ledger_transaction_id::text = t.reference AND b.kind = 'bet'
      WHERE t.kind = 'loyalty_earn'
      GROUP BY t.id, t.reference, t.idempotency_key, b.real_amount, b.player_id, t.player_id, t.meta
      HAVING t.idempotency_key <> 'loyalty:earn:' || t.reference
          OR (b.real_amount IS NOT NULL AND (b.player_id <> t.player_id
              OR coalesce(sum(p.amount), 0) <> b.real_amount * (t.meta ->> 'pointsPerUnit')::bigint / 100
              OR (t.meta ->> 'stake')::bigint <> b.real_amount))
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'each rollback took back at most the points its bet earned',
    query: sql`SELECT r.id || ' took back ' || -coalesce(sum(p.amount), 0) || ' of ' || coalesce(e.earned, 0) AS detail
      FROM ledger_transactions r
      JOIN ledger_postings p ON p.transaction_id = r.id JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'points'
      LEFT JOIN LATERAL (
        SELECT sum(q.amount) AS earned FROM ledger_transactions t JOIN ledger_postings q ON q.transaction_id = t.id
        JOIN ledger_accounts x ON x.id = q.account_id AND x.kind = 'points'
        WHERE t.idempotency_key = 'loyalty:earn:' || r.reference) e ON true
      WHERE r.kind = 'loyalty_reverse'
      GROUP BY r.id, e.earned
      HAVING -sum(p.amount) > coalesce(e.earned, 0)
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: "each loyalty redemption took its points for one 'loyalty' bonus of their worth",
    query: sql`SELECT t.id || ' took ' || -coalesce(sum(p.amount), 0) || ' points for ' || coalesce(b.amount::text, 'no bonus') AS detail
      FROM ledger_transactions t
      LEFT JOIN ledger_postings p ON p.transaction_id = t.id
        AND p.account_id IN (SELECT id FROM ledger_accounts WHERE kind = 'points')
      LEFT JOIN player_bonuses b ON b.source_key = 'loyalty:' || t.id
      WHERE t.kind = 'loyalty_redeem'
      GROUP BY t.id, t.meta, t.player_id, b.amount, b.type, b.player_id
      HAVING b.amount IS NULL OR b.type <> 'loyalty' OR b.player_id <> t.player_id
          OR -coalesce(sum(p.amount), 0) <> (t.meta ->> 'points')::bigint
          OR b.amount * (t.meta ->> 'pointsPerCent')::bigint <> (t.meta ->> 'points')::bigint
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: "each 'loyalty' bonus came from a loyalty redemption",
    query: sql`SELECT b.id::text AS detail FROM player_bonuses b
      WHERE b.type = 'loyalty' AND NOT EXISTS (SELECT 1 FROM ledger_transactions t
        WHERE t.kind = 'loyalty_redeem' AND b.source_key = 'loyalty:' || t.id AND t.player_id = b.player_id)
      LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'the loyalty_points accounts hold minus the points the players hold',
    query: sql`SELECT c.currency || ': accounts ' || coalesce(h.balance, 0) || ', players ' || coalesce(s.total, 0) AS detail
      FROM (SELECT unnest(enum_range(NULL::currency)) AS currency) c
      LEFT JOIN (SELECT currency, sum(balance) AS balance FROM ledger_accounts
                 WHERE kind = 'system' AND (code = 'loyalty_points' OR code LIKE 'loyalty_points:%') GROUP BY currency) h
        ON h.currency = c.currency
      LEFT JOIN (SELECT currency, sum(balance) AS total FROM ledger_accounts WHERE kind = 'points' GROUP BY currency) s
        ON s.currency = c.currency
      WHERE coalesce(h.balance, 0) <> -coalesce(s.total, 0) LIMIT ${EXAMPLES}`,
  },
  {
    rule: 'each completed deposit was credited once, for its amount, to its player',
    query: sql`SELECT d.reference || ' credited ' || coalesce(sum(p.amount), 0) || ' of ' || d.amount AS detail
      FROM payments d
      LEFT JOIN ledger_transactions t ON t.idempotency_key = 'deposit:' || d.processor || ':' || d.id
      LEFT JOIN ledger_postings p ON p.transaction_id = t.id
        AND p.account_id IN (SELECT id FROM ledger_accounts WHERE player_id = d.player_id AND kind = 'real')
      WHERE d.kind = 'deposit'
      GROUP BY d.id, d.reference, d.amount, d.status
      HAVING coalesce(sum(p.amount), 0) <> CASE WHEN d.status = 'complete' THEN d.amount ELSE 0 END
      LIMIT ${EXAMPLES}`,
  },
]

/**
 * What the game provider answers of its records for the check (provider/server/reconcile.ts,
 * ADR 0049): its real-money rounds, a batch at a time, and its own rules over them.
 */
export type ProviderRecords = {
  walletRounds(since: Date): AsyncIterable<{ id: string; playerId: string; staked: number; paid: number }[]>
  check(): Promise<{ rules: string[]; violations: LedgerViolation[] }>
}

const ROUNDS_RULE = "each game round's stakes and win are its wallet movements"

/**
 * Checks every rule on the whole database, in one read-only REPEATABLE READ transaction: every
 * query sees the same snapshot, so movements committing meanwhile are seen whole or not at all
 * and the check can run on a live database. Then the provider's rounds against the wallet, each
 * batch of rounds against the wallet read after it (a round leaves its pending state only once
 * its wallet movement committed), and the provider's own rules.
 */
export async function checkLedger(db: Database, provider: ProviderRecords): Promise<LedgerReport> {
  const report = await db.transaction((tx) => checkIn(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
  const rounds = await checkRounds(db, provider.walletRounds(new Date(Date.now() - KEEP_WALLET_TRANSACTIONS_MS)))
  const own = await provider.check()
  return {
    ...report,
    rules: [...report.rules, ROUNDS_RULE, ...own.rules],
    violations: [...report.violations, ...rounds, ...own.violations],
  }
}

/**
 * Each round's stakes (those not rolled back) and win as the wallet recorded them under its round
 * id and player; rounds older than the wallet transactions kept were left out by the provider.
 */
async function checkRounds(
  db: Queryable,
  batches: ProviderRecords['walletRounds'] extends (s: Date) => infer B ? B : never,
) {
  const violations: LedgerViolation[] = []
  for await (const batch of batches) {
    const rows = await rowsOf<{ detail: string }>(
      db,
      sql`SELECT 'round ' || x.id || ' staked ' || x.staked || ' and paid ' || x.paid || ', its wallet '
             || coalesce(w.bets, 0) || ' and ' || coalesce(w.wins, 0) AS detail
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(id text, "playerId" uuid, staked bigint, paid bigint)
        LEFT JOIN LATERAL (
          SELECT sum(t.amount) FILTER (WHERE t.kind = 'bet' AND NOT EXISTS (
                   SELECT 1 FROM wallet_transactions rb
                   WHERE rb.provider = t.provider AND rb.kind = 'rollback' AND rb.rolls_back = t.external_id)) AS bets,
                 sum(t.amount) FILTER (WHERE t.kind = 'win') AS wins
          FROM wallet_transactions t WHERE t.round_id = x.id AND t.player_id = x."playerId") w ON true
        WHERE (coalesce(w.bets, 0), coalesce(w.wins, 0)) IS DISTINCT FROM (x.staked, x.paid)
        LIMIT ${EXAMPLES - violations.length}`,
    )
    violations.push(...rows.map((row) => ({ rule: ROUNDS_RULE, detail: row.detail })))
    if (violations.length >= EXAMPLES) break
  }
  return violations
}

async function checkIn(db: Queryable): Promise<LedgerReport> {
  const violations: LedgerViolation[] = []
  for (const { rule, query } of RULES) {
    for (const row of await rowsOf<{ detail: string }>(db, query)) violations.push({ rule, detail: row.detail })
  }
  const [counts] = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
      (SELECT count(*) FROM ledger_postings)::text AS postings,
      (SELECT count(*) FROM ledger_accounts)::text AS accounts,
      (SELECT coalesce(sum(amount), 0) FROM ledger_postings)::text AS posting_sum,
      (SELECT count(*) FROM wallet_transactions)::text AS wallet_transactions`,
  )
  const money = await rowsOf<{ currency: string; total: string }>(
    db,
    sql`SELECT currency::text AS currency, sum(balance)::text AS total FROM ledger_accounts
      WHERE kind IN ('real', 'bonus') GROUP BY currency ORDER BY currency`,
  )
  const postingSum = Number(counts!.posting_sum)
  if (postingSum !== 0) violations.push({ rule: ALL_POSTINGS, detail: `they sum to ${postingSum}` })
  return {
    transactions: Number(counts!.transactions),
    postings: Number(counts!.postings),
    accounts: Number(counts!.accounts),
    postingSum,
    playerMoney: Object.fromEntries(money.map((m) => [m.currency, Number(m.total)])),
    walletTransactions: Number(counts!.wallet_transactions),
    rules: [...RULES.map((r) => r.rule), ALL_POSTINGS],
    violations,
  }
}
