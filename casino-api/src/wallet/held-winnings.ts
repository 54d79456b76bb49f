/**
 * Held winnings (ADR 0036): the part of a win past the player's net winnings limit of the last 24
 * hours sits in the system account 'winnings_held' (db/sql/wallet_win.sql) with a
 * held_winnings row, until an administrator releases it (paid to the balances the win would
 * have gone to) or voids it (back to the player's games account). Each decision is one ledger
 * transaction, written with the row's new status, the audit entry and the player's mailbox
 * message in one database transaction; ledger:check proves the account equals the rows held.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { formatMoney, type adminCalls, type Currency, type HeldWinning } from '../../contract/index.ts'
import type { CallInput, Context, DomainHandlers } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { isUuid } from '../db/errors.ts'
import { heldWinnings, players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { writeMailboxMessage } from '../mailbox/messages.ts'
import { winningsDecisionMessage, winningsHeldMessage } from '../mailbox/texts.ts'
import { audit } from '../payments/audit.ts'
import { playerOf } from '../payments/service.ts'
import { post, type Posting } from './ledger.ts'

type Row = typeof heldWinnings.$inferSelect
type HeldAdminCalls = Pick<typeof adminCalls, 'list_held_winnings' | 'release_held_winning' | 'void_held_winning'>

/** The system account of held winnings (one per currency). */
export const WINNINGS_HELD_ACCOUNT = 'winnings_held'

const adminOf = (input: Pick<CallInput<'list_held_winnings'>, 'session'>) => {
  if (input.session?.scope !== 'admin') throw new ApiError(403, 'forbidden')
  return input.session.playerId
}

const view = (row: Row, player: { username: string; email: string }): HeldWinning => ({
  id: row.id,
  player: { id: row.playerId, username: player.username, email: player.email },
  amount: { amount: row.amount, currency: row.currency },
  provider: row.provider,
  gameId: row.gameId,
  roundId: row.roundId,
  transactionId: row.transactionId,
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
})

/**
 * Tells the player that part of a win was held. Once per win (the mailbox keeps one message per
 * source), so a replay of the win, or a second try after a failure, adds nothing.
 */
export async function noticeHeldWinning(
  ctx: Pick<Context, 'db'>,
  win: { provider: string; transactionId: string; playerId: string; currency: Currency; held: number; at: Date },
) {
  const player = await playerOf(ctx.db, win.playerId)
  const limit = (await ctx.db.execute(
    sql`SELECT net_winnings_limit(${win.currency}::currency)::text AS cents`,
  )) as unknown as {
    rows: { cents: string }[]
  }
  await writeMailboxMessage(ctx.db, {
    playerId: win.playerId,
    category: 'payment',
    ...winningsHeldMessage(player.language, {
      amount: formatMoney(win.held, win.currency, player.language),
      limit: formatMoney(Number(limit.rows[0]!.cents), win.currency, player.language),
    }),
    source: `winnings-held:${win.provider}:${win.transactionId}`,
    at: win.at,
  })
}

/** The games account of a player, as wallet_post names it ('games:00' to 'games:63'). */
async function gamesAccountOf(db: Queryable, playerId: string) {
  const result = (await db.execute(
    sql`SELECT 'games:' || lpad((hashtext(${playerId}::text) & 63)::text, 2, '0') AS code`,
  )) as unknown as { rows: { code: string }[] }
  return result.rows[0]!.code
}

/** Release or void: exactly one decision finds the row held; the same decision again answers it again. */
async function decide(
  ctx: Context,
  adminId: string,
  id: string,
  decision: { status: 'released' } | { status: 'voided'; reason: string },
): Promise<HeldWinning> {
  if (!isUuid(id)) throw new ApiError(404, 'not_found')
  const [row] = await ctx.db.select().from(heldWinnings).where(eq(heldWinnings.id, id))
  if (!row) throw new ApiError(404, 'not_found')
  const player = await playerOf(ctx.db, row.playerId)
  const answer = async () => {
    const [now] = await ctx.db.select().from(heldWinnings).where(eq(heldWinnings.id, id))
    if (now?.status !== decision.status) throw new ApiError(409, 'transaction_not_pending')
    return view(now, player)
  }
  if (row.status !== 'held') return answer()
  const at = ctx.now()
  const held: Posting = { account: { system: WINNINGS_HELD_ACCOUNT }, amount: -row.amount }
  const postings: Posting[] =
    decision.status === 'released'
      ? [
          { account: { playerId: row.playerId, kind: 'real' as const }, amount: row.realAmount },
          { account: { playerId: row.playerId, kind: 'bonus' as const }, amount: row.bonusAmount },
          held,
        ].filter((p) => p.amount !== 0)
      : [held, { account: { system: await gamesAccountOf(ctx.db, row.playerId) }, amount: row.amount }]
  await post(
    ctx.db,
    {
      kind: decision.status === 'released' ? 'winnings_release' : 'winnings_void',
      idempotencyKey: `held-winning:${row.id}`,
      currency: row.currency,
      playerId: row.playerId,
      reference: row.roundId,
      meta: { heldWinning: row.id, provider: row.provider, game: row.gameId, round: row.roundId },
      postings,
      createdAt: at,
    },
    async (tx, posted) => {
      // Only from 'held': a decision made meanwhile (another administrator) rolls this one back.
      const [decided] = await tx
        .update(heldWinnings)
        .set({
          status: decision.status,
          decidedAt: at,
          decidedBy: adminId,
          decisionLedgerTransactionId: posted.transactionId,
          reason: 'reason' in decision ? decision.reason : null,
        })
        .where(and(eq(heldWinnings.id, row.id), eq(heldWinnings.status, 'held')))
        .returning({ id: heldWinnings.id })
      if (!decided) throw new ApiError(409, 'transaction_not_pending')
      await audit(tx, {
        adminId,
        action: decision.status === 'released' ? 'release_held_winning' : 'void_held_winning',
        target: row.id,
        details: {
          amount: row.amount,
          currency: row.currency,
          player: row.playerId,
          ...('reason' in decision ? { reason: decision.reason } : {}),
        },
        at,
      })
      await writeMailboxMessage(tx, {
        playerId: row.playerId,
        category: 'payment',
        ...winningsDecisionMessage(player.language, {
          amount: formatMoney(row.amount, row.currency, player.language),
          released: decision.status === 'released',
          reason: 'reason' in decision ? decision.reason : undefined,
        }),
        source: `winnings-decided:${row.id}`,
        at,
      })
    },
  )
  return answer()
}

export const heldWinningsAdminHandlers: DomainHandlers<HeldAdminCalls> = {
  list_held_winnings: async (ctx, input) => {
    adminOf(input)
    const { status, page, pageSize } = input.params
    const where = eq(heldWinnings.status, status)
    const [rows, [counted]] = await Promise.all([
      ctx.db
        .select({ row: heldWinnings, username: players.username, email: players.email })
        .from(heldWinnings)
        .innerJoin(players, eq(players.id, heldWinnings.playerId))
        .where(where)
        .orderBy(asc(heldWinnings.createdAt), asc(heldWinnings.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(heldWinnings).where(where),
    ])
    return {
      items: rows.map(({ row, username, email }) => view(row, { username, email })),
      total: counted?.n ?? 0,
      page,
      pageSize,
    }
  },

  release_held_winning: async (ctx, input) => {
    const item = await decide(ctx, adminOf(input), input.params.id, { status: 'released' })
    return { ok: true, message: 'winnings_released', item }
  },

  void_held_winning: async (ctx, input) => {
    const item = await decide(ctx, adminOf(input), input.params.id, { status: 'voided', reason: input.params.reason })
    return { ok: true, message: 'winnings_voided', item }
  },
}
