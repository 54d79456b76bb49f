/**
 * Live tables: rounds run by the casino API for everyone at once (ADR 0031). A round opens with
 * a fresh server seed whose SHA-256 is published at once; bets are taken while its betting
 * window is open; then the wheel spins, the result is drawn from the seed (client seed = the
 * round id, nonce 0: games/fair.ts), the seed is revealed with it, and a few seconds later the
 * next round opens.
 *
 * Every instance ticks; one drives a table at a time: each step runs in a transaction that first
 * takes a PostgreSQL advisory lock (try, never wait) for the table, and the next round is an
 * insert of the table's next `seq` that a unique key lets only one instance make. Each change of
 * phase is NOTIFYed on PROVIDER_EVENTS_CHANNEL as `{ tableId, event }` in the transaction that
 * makes it, so every instance pushes it to the sockets watching the table when it commits
 * (live-socket.ts); a payout goes as `{ playerId, event }` to that player's sockets.
 *
 * Money: a bet is written (pending) in a transaction that holds the round's row in share mode,
 * so the window cannot close under it; the stake then goes to the provider wallet as
 * `<bet>:bet`. After the result, each bet is staked again (a replay when it had arrived) and
 * paid as `<bet>:win`, both idempotent, and marked settled once: a crash in between is settled
 * again by the next tick. Demo bets move the session's fun chips in the database.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  catalogueError,
  type LiveBetAnswer,
  type LiveBetView,
  type LiveRoundView,
  type LiveTableAnswer,
  type LiveTableEvent,
  type MessageArg,
  LIVE_SOCKET_PATH,
  PROVIDER_EVENTS_CHANNEL,
} from '../../casino-api/contract/index.ts'
import type { CatalogGame } from '../games/catalog.ts'
import { hashServerSeed, roundRng } from '../games/fair.ts'
import { pocketCount, type RouletteConfig } from '../games/engines/roulette.ts'
import type { ProviderContext, ProviderQueryable } from './context.ts'
import { gameSessions, liveBets, liveRounds } from './db/schema.ts'
import { ApiError } from '../../casino-api/contract/errors.ts'
import { balanceOf, gameFacts, limitArgs } from './game-server.ts'
import type { GameSession } from './sessions.ts'

/** A round id as the table makes them: anything else names no round (and is not put to the database). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type LiveTimings = {
  /** The betting window. */
  bettingMs: number
  /** Bets closed, the wheel spinning, before the result is shown. */
  spinMs: number
  /** The result on show before the next round opens. */
  resultMs: number
  /** How often each instance looks at its tables. */
  tickMs: number
}
export const DEFAULT_LIVE_TIMINGS: LiveTimings = { bettingMs: 15_000, spinMs: 5_000, resultMs: 6_000, tickMs: 250 }

/** Results shown in a table's history. */
export const LIVE_HISTORY = 12
/** The advisory lock class of the live tables (the second key is the table id's hash). */
const LIVE_LOCK_CLASS = 7_001

type RoundRow = typeof liveRounds.$inferSelect
type BetRow = typeof liveBets.$inferSelect

export const liveTables = (ctx: Pick<ProviderContext, 'catalog'>) => ctx.catalog.games.filter((g) => g.live)

/** The pocket of a round: the first draw of its stream, as the roulette engine draws it. */
export function drawPocket(config: RouletteConfig, serverSeed: string, roundId: string) {
  return roundRng({ serverSeed, clientSeed: roundId, nonce: 0 }).int(pocketCount(config))
}

/** What a bet returns on a round: the engine played with the round's seeds, as on the verification page. */
function betWin(game: CatalogGame, round: RoundRow, bet: unknown) {
  return game.engine.start(game.config, bet, roundRng({ serverSeed: round.serverSeed, clientSeed: round.id, nonce: 0 }))
    .win as number
}

export function liveRoundView(row: RoundRow): LiveRoundView {
  const shown = row.phase === 'result'
  return {
    id: row.id,
    seq: row.seq,
    phase: row.phase,
    openedAt: row.openedAt.toISOString(),
    bettingClosesAt: row.bettingClosesAt.toISOString(),
    resultAt: row.resultAt.toISOString(),
    nextAt: row.nextAt.toISOString(),
    serverSeedHash: row.serverSeedHash,
    serverSeed: shown ? row.serverSeed : null,
    clientSeed: row.id,
    nonce: 0,
    result: shown ? (row.outcome as { pocket: number }).pocket : null,
  }
}

function betView(row: BetRow): z.input<typeof LiveBetView> {
  return {
    id: row.id,
    roundId: row.roundId,
    stake: row.stake,
    win: row.win,
    status: row.status,
    bet: row.bet,
    createdAt: row.createdAt.toISOString(),
  }
}

const notify = (
  db: ProviderQueryable,
  payload: { tableId: string; event: LiveTableEvent } | { playerId: string; event: LiveTableEvent },
) => db.execute(sql`SELECT pg_notify(${PROVIDER_EVENTS_CHANNEL}, ${JSON.stringify(payload)})`)

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** The table's latest round (the one in progress, or the last result on show). */
export async function currentRound(db: ProviderQueryable, tableId: string) {
  const [row] = await db
    .select()
    .from(liveRounds)
    .where(eq(liveRounds.tableId, tableId))
    .orderBy(desc(liveRounds.seq))
    .limit(1)
  return row ?? null
}

/**
 * One step of a table, if one is due and this instance holds the table's lock: open the next
 * round, close the window, or draw and show the result. Answers whether this instance drives.
 */
export async function stepTable(ctx: Pick<ProviderContext, 'db' | 'now'>, game: CatalogGame, timings: LiveTimings) {
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LIVE_LOCK_CLASS}, hashtext(${game.id})) AS locked`),
    )
    if (!lock?.locked) return false
    const last = await currentRound(tx, game.id)
    const at = now.toISOString()
    if (!last || (last.phase === 'result' && now >= last.nextAt)) {
      const serverSeed = randomBytes(32).toString('hex')
      const closes = now.getTime() + timings.bettingMs
      const [opened] = await tx
        .insert(liveRounds)
        .values({
          tableId: game.id,
          seq: (last?.seq ?? 0) + 1,
          phase: 'betting',
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
          openedAt: now,
          bettingClosesAt: new Date(closes),
          resultAt: new Date(closes + timings.spinMs),
          nextAt: new Date(closes + timings.spinMs + timings.resultMs),
        })
        .onConflictDoNothing()
        .returning()
      if (opened)
        await notify(tx, {
          tableId: game.id,
          event: {
            type: 'live_round_started',
            at,
            tableId: game.id,
            roundId: opened.id,
            bettingClosesAt: opened.bettingClosesAt.toISOString(),
            serverSeedHash: opened.serverSeedHash,
          },
        })
    } else if (last.phase === 'betting' && now >= last.bettingClosesAt) {
      const [closed] = await tx
        .update(liveRounds)
        .set({ phase: 'closed' })
        .where(and(eq(liveRounds.id, last.id), eq(liveRounds.phase, 'betting')))
        .returning({ id: liveRounds.id })
      if (closed)
        await notify(tx, {
          tableId: game.id,
          event: { type: 'live_bets_closed', at, tableId: game.id, roundId: last.id },
        })
    } else if (last.phase === 'closed' && now >= last.resultAt) {
      const pocket = drawPocket(game.config as RouletteConfig, last.serverSeed, last.id)
      const [shown] = await tx
        .update(liveRounds)
        .set({ phase: 'result', outcome: { pocket } })
        .where(and(eq(liveRounds.id, last.id), eq(liveRounds.phase, 'closed')))
        .returning()
      if (shown) {
        // Every bet's win is known now; demo bets are paid in fun chips at once.
        const bets = await tx
          .select()
          .from(liveBets)
          .where(and(eq(liveBets.roundId, last.id), inArray(liveBets.status, ['pending', 'staked'])))
        for (const bet of bets) {
          const win = betWin(game, shown, bet.bet)
          if (bet.mode === 'demo') {
            await tx
              .update(gameSessions)
              .set({ demoBalance: sql`${gameSessions.demoBalance} + ${win}` })
              .where(eq(gameSessions.id, bet.sessionId))
            await tx.update(liveBets).set({ win, status: 'settled', settledAt: now }).where(eq(liveBets.id, bet.id))
          } else await tx.update(liveBets).set({ win }).where(eq(liveBets.id, bet.id))
        }
        await notify(tx, {
          tableId: game.id,
          event: {
            type: 'live_round_result',
            at,
            tableId: game.id,
            roundId: last.id,
            outcome: { value: pocket, label: String(pocket) },
            serverSeed: last.serverSeed,
            nonce: 0,
          },
        })
      }
    }
    return true
  })
}

/** Stakes (a replay when it arrived) and pays a real bet whose win is known; refused stakes cancel it. */
async function settleBet(ctx: Pick<ProviderContext, 'db' | 'now' | 'wallet'>, tableId: string, bet: BetRow) {
  const ref = { playerId: bet.playerId!, currency: bet.currency, roundId: bet.id, gameId: tableId }
  try {
    await ctx.wallet.bet({ ...ref, transactionId: `${bet.id}:bet`, amount: bet.stake })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    await ctx.db
      .update(liveBets)
      .set({ status: 'cancelled', settledAt: ctx.now() })
      .where(and(eq(liveBets.id, bet.id), inArray(liveBets.status, ['pending', 'staked'])))
    return
  }
  await ctx.wallet.win({ ...ref, transactionId: `${bet.id}:win`, amount: bet.win! })
  await ctx.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(liveBets)
      .set({ status: 'settled', settledAt: ctx.now() })
      .where(and(eq(liveBets.id, bet.id), inArray(liveBets.status, ['pending', 'staked'])))
      .returning()
    if (paid)
      await notify(tx, {
        playerId: paid.playerId!,
        event: {
          type: 'live_round_settled',
          at: ctx.now().toISOString(),
          tableId,
          roundId: paid.roundId,
          bet: paid.stake,
          win: paid.win!,
          currency: paid.currency,
        },
      })
  })
}

/** Pays the real bets of every round of the table whose result is shown and not yet all paid. */
export async function settleTable(ctx: Pick<ProviderContext, 'db' | 'now' | 'wallet'>, tableId: string) {
  const rounds = await ctx.db
    .select({ id: liveRounds.id })
    .from(liveRounds)
    .where(and(eq(liveRounds.tableId, tableId), eq(liveRounds.phase, 'result'), isNull(liveRounds.settledAt)))
    .orderBy(liveRounds.seq)
    .limit(5)
  for (const round of rounds) {
    const open = await ctx.db
      .select()
      .from(liveBets)
      .where(and(eq(liveBets.roundId, round.id), inArray(liveBets.status, ['pending', 'staked'])))
    for (const bet of open) await settleBet(ctx, tableId, bet)
    await ctx.db
      .update(liveRounds)
      .set({ settledAt: ctx.now() })
      .where(
        and(
          eq(liveRounds.id, round.id),
          sql`NOT EXISTS (SELECT 1 FROM ${liveBets} WHERE ${liveBets.roundId} = ${round.id} AND ${liveBets.status} IN ('pending', 'staked'))`,
        ),
      )
  }
}

/** Drives the live tables from this instance (see the top of this file) until closed. */
export function startLiveTables(ctx: ProviderContext, timings: LiveTimings = DEFAULT_LIVE_TIMINGS) {
  let running: Promise<void> = Promise.resolve()
  let busy = false
  let stopped = false
  const tick = () => {
    if (busy || stopped) return
    busy = true
    running = (async () => {
      for (const game of liveTables(ctx)) {
        try {
          if (await stepTable(ctx, game, timings)) await settleTable(ctx, game.id)
        } catch (error) {
          ctx.log.error(
            { err: error instanceof Error ? error.message : String(error), table: game.id },
            'live table step failed',
          )
        }
      }
    })().finally(() => {
      busy = false
    })
  }
  const timer = setInterval(tick, timings.tickMs)
  timer.unref()
  tick()
  return {
    async close() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

// ---- the game server's calls ---------------------------------------------------------------

/** The session's table; one the casino switched off is refused by its launch and by the wallet. */
function liveGameOf(ctx: Pick<ProviderContext, 'catalog'>, session: GameSession): CatalogGame {
  const game = ctx.catalog.game(session.gameId)
  if (!game?.live) throw new ApiError(403, 'game_unavailable')
  return game
}

export async function liveTable(ctx: ProviderContext, session: GameSession): Promise<z.input<typeof LiveTableAnswer>> {
  const game = liveGameOf(ctx, session)
  const rounds = await ctx.db
    .select()
    .from(liveRounds)
    .where(eq(liveRounds.tableId, game.id))
    .orderBy(desc(liveRounds.seq))
    .limit(LIVE_HISTORY + 1)
  const current = rounds[0] ?? null
  const history = rounds.filter((r) => r.phase === 'result').slice(0, LIVE_HISTORY)
  const owner = session.playerId ? eq(liveBets.playerId, session.playerId) : eq(liveBets.sessionId, session.id)
  const bets =
    rounds.length === 0
      ? []
      : await ctx.db
          .select()
          .from(liveBets)
          .where(
            and(
              owner,
              eq(liveBets.mode, session.mode),
              inArray(
                liveBets.roundId,
                rounds.map((r) => r.id),
              ),
            ),
          )
          .orderBy(desc(liveBets.createdAt))
  return {
    tableId: game.id,
    ...gameFacts(game, session.language),
    language: session.language,
    balance: await balanceOf(ctx, session),
    round: current ? liveRoundView(current) : null,
    history: history.map(liveRoundView),
    bets: bets.map(betView),
    now: ctx.now().toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    // Beside its other paths, under the public URL's own path when it is served under one.
    socket: new URL(LIVE_SOCKET_PATH.slice(1), ctx.publicUrl.replace(/^http/, 'ws').replace(/\/*$/, '/')).href,
  }
}

/** A bet's refusals as field errors under `bet.`; `args` are their messages' values (the table's limits). */
function invalid(fields: Record<string, string>, args?: MessageArg[]) {
  return new ApiError(400, 'validation_failed', {
    ...(args ? { args } : {}),
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`bet.${k}`, [v]])),
  })
}

export async function placeLiveBet(
  ctx: ProviderContext,
  session: GameSession,
  params: { roundId: string; bet: unknown; moveId: string },
): Promise<z.input<typeof LiveBetAnswer>> {
  const game = liveGameOf(ctx, session)
  // Catalogue codes for messages, as for a call's params (http/app.ts).
  const parsed = game.engine.bet.safeParse(params.bet, { error: catalogueError })
  if (!parsed.success)
    throw invalid(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'value', i.message])))
  const refused = game.engine.checkBet(game.config, parsed.data, game.limits)
  if (refused) throw invalid(refused, limitArgs(game, session))
  const stake = game.engine.stakeOf(game.config, parsed.data) as number

  const row = await ctx.db.transaction(async (tx) => {
    const [replayed] = await tx
      .select()
      .from(liveBets)
      .where(and(eq(liveBets.sessionId, session.id), eq(liveBets.moveId, params.moveId)))
    if (replayed) return replayed
    if (!UUID.test(params.roundId)) throw new ApiError(409, 'betting_closed')
    // Share mode: the window cannot close (an update of this row) until this bet is written.
    const [round] = await tx
      .select()
      .from(liveRounds)
      .where(and(eq(liveRounds.id, params.roundId), eq(liveRounds.tableId, game.id)))
      .for('share')
    if (!round || round.phase !== 'betting' || ctx.now() >= round.bettingClosesAt)
      throw new ApiError(409, 'betting_closed')
    if (session.mode === 'demo') {
      const [paid] = await tx
        .update(gameSessions)
        .set({ demoBalance: sql`${gameSessions.demoBalance} - ${stake}` })
        .where(and(eq(gameSessions.id, session.id), sql`${gameSessions.demoBalance} >= ${stake}`))
        .returning({ id: gameSessions.id })
      if (!paid) throw new ApiError(400, 'insufficient_funds')
    }
    const [inserted] = await tx
      .insert(liveBets)
      .values({
        roundId: round.id,
        sessionId: session.id,
        playerId: session.playerId,
        mode: session.mode,
        currency: session.currency,
        moveId: params.moveId,
        stake,
        bet: parsed.data,
        status: session.mode === 'demo' ? 'staked' : 'pending',
        createdAt: ctx.now(),
      })
      .returning()
    return inserted!
  })

  let result = row
  if (row.mode === 'real' && row.status === 'pending') {
    try {
      await ctx.wallet.bet({
        playerId: row.playerId!,
        currency: row.currency,
        roundId: row.id,
        gameId: game.id,
        transactionId: `${row.id}:bet`,
        amount: row.stake,
      })
    } catch (error) {
      if (error instanceof ApiError)
        await ctx.db
          .update(liveBets)
          .set({ status: 'cancelled', settledAt: ctx.now() })
          .where(and(eq(liveBets.id, row.id), eq(liveBets.status, 'pending')))
      throw error
    }
    await ctx.db
      .update(liveBets)
      .set({ status: 'staked' })
      .where(and(eq(liveBets.id, row.id), eq(liveBets.status, 'pending')))
    // The round's settlement may have passed in between: the bet as it stands.
    const [now] = await ctx.db.select().from(liveBets).where(eq(liveBets.id, row.id))
    result = now ?? row
  }
  if (result.status === 'cancelled') throw new ApiError(400, 'insufficient_funds')
  return { bet: betView(result), balance: await balanceOf(ctx, session) }
}
