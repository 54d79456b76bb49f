/**
 * The built-in provider's game server: plays rounds for a launched game session. A round takes
 * the owner's next nonce under the seed pair's lock, asks the game's engine for the outcome
 * (derived from the seeds: games/fair.ts), and is written before any money moves. Real money
 * then moves through the seamless wallet over HTTP: the stake as `<round>:bet:<n>`, the win as
 * `<round>:win`, both idempotent, so a round left open by a crash or a lost connection is
 * settled again by the same calls on the next launch (`settleOpenRounds`). Demo rounds move fun
 * chips on the session row, with the same engine, seeds and odds.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  catalogueError,
  type GameOpenAnswer,
  type GamePlayAnswer,
  type MessageArg,
  type RoundView,
} from '../../contract/index.ts'
import { catalogGame, type CatalogGame } from '../../games/catalog.ts'
import { roundRng } from '../../games/fair.ts'
import type { Step } from '../../games/engine.ts'
import type { Context } from '../context.ts'
import { gameRounds, gameSeeds, gameSessions, games } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { playerBalance } from '../wallet/ledger.ts'
import {
  activeSeeds,
  DEMO_CHIPS,
  lastRevealed,
  ownerOf,
  revealedView,
  rotateSeeds,
  seedView,
  type GameSession,
} from './sessions.ts'
import type { RoundRef } from './wallet-client.ts'

type RoundRow = typeof gameRounds.$inferSelect
type Answer = z.input<typeof GamePlayAnswer>

const RECENT_ROUNDS = 10

async function gameOf(ctx: Context, session: GameSession): Promise<CatalogGame> {
  const game = catalogGame(session.gameId)
  const [row] = await ctx.db.select({ enabled: games.enabled }).from(games).where(eq(games.id, session.gameId))
  // A live table's rounds are the table's (live.ts), never a player's own.
  if (!game || game.live || !row?.enabled) throw new ApiError(403, 'game_unavailable')
  return game
}

export function roundView(game: CatalogGame, row: RoundRow): z.input<typeof RoundView> {
  const finished = row.win !== null
  return {
    id: row.id,
    nonce: row.nonce,
    stake: row.stake,
    win: row.win,
    finished,
    view: game.engine.view(game.config, row.state, finished),
    createdAt: row.createdAt.toISOString(),
  }
}

const refOf = (session: GameSession, row: RoundRow): RoundRef => ({
  playerId: session.playerId!,
  currency: session.currency,
  roundId: row.id,
  gameId: row.gameId,
})

/** What a game client draws and plays with: the title in the session's language, its engine, limits and return (%). */
export const gameFacts = (game: CatalogGame, language: GameSession['language']) => ({
  name: game.name[language],
  engine: game.engine.kind,
  config: game.config,
  minBet: game.limits.minBet,
  maxBet: game.limits.maxBet,
  rtp: Math.round(game.engine.rtp(game.config) * 10000) / 100,
})

/** A game session's wallet: the player's total in real play, the session's fun chips in demo. */
export async function balanceOf(ctx: Pick<Context, 'db'>, session: GameSession) {
  if (session.mode === 'demo') {
    const [row] = await ctx.db
      .select({ chips: gameSessions.demoBalance })
      .from(gameSessions)
      .where(eq(gameSessions.id, session.id))
    return { amount: row?.chips ?? 0, currency: session.currency, mode: session.mode }
  }
  const balance = await playerBalance(ctx.db, session.playerId!, session.currency)
  return { amount: balance.total, currency: session.currency, mode: session.mode }
}

/** Pays a real round whose outcome is known, and marks it settled (idempotent: safe to repeat). */
async function settle(ctx: Context, session: GameSession, row: RoundRow): Promise<RoundRow> {
  await ctx.gameWallet.win({ ...refOf(session, row), transactionId: `${row.id}:win`, amount: row.win! })
  const [settled] = await ctx.db
    .update(gameRounds)
    .set({ status: 'settled', settledAt: ctx.now() })
    .where(eq(gameRounds.id, row.id))
    .returning()
  return settled!
}

/** Stakes a real round's opening bet; a refusal cancels the round and is passed on. */
async function stake(ctx: Context, session: GameSession, row: RoundRow) {
  try {
    await ctx.gameWallet.bet({ ...refOf(session, row), transactionId: `${row.id}:bet:0`, amount: row.stake })
  } catch (error) {
    if (error instanceof ApiError)
      await ctx.db
        .update(gameRounds)
        .set({ status: 'cancelled', settledAt: ctx.now() })
        .where(eq(gameRounds.id, row.id))
    throw error
  }
}

/**
 * Rounds left open. Real ones of this player and game: those with an outcome are staked (a replay
 * when the stake arrived) and paid; one waiting for a move is answered to be resumed. In demo, the
 * session's round waiting for a move.
 */
async function settleOpenRounds(ctx: Context, session: GameSession, game: CatalogGame) {
  if (session.mode !== 'real') {
    // Fun chips move with the round, so a demo round is only ever open while it waits for a move.
    const [waiting] = await ctx.db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.sessionId, session.id), eq(gameRounds.status, 'open'), isNull(gameRounds.win)))
      .limit(1)
    return waiting ?? null
  }
  const open = await ctx.db
    .select()
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.playerId, session.playerId!),
        eq(gameRounds.gameId, game.id),
        eq(gameRounds.mode, 'real'),
        eq(gameRounds.status, 'open'),
      ),
    )
    .orderBy(gameRounds.createdAt)
  let waiting: RoundRow | null = null
  for (const row of open) {
    try {
      await stake(ctx, session, row)
    } catch (error) {
      if (error instanceof ApiError) continue
      throw error
    }
    if (row.win !== null) await settle(ctx, session, row)
    else waiting = row
  }
  return waiting
}

export async function openGame(ctx: Context, session: GameSession): Promise<z.input<typeof GameOpenAnswer>> {
  const game = await gameOf(ctx, session)
  const waiting = await settleOpenRounds(ctx, session, game)
  if (session.mode === 'demo' && (session.demoBalance ?? 0) < game.limits.minBet) {
    // Fun chips are free: a demo that ran out starts again.
    await ctx.db.update(gameSessions).set({ demoBalance: DEMO_CHIPS }).where(eq(gameSessions.id, session.id))
  }
  const owner = session.playerId ? eq(gameRounds.playerId, session.playerId) : eq(gameRounds.sessionId, session.id)
  const recent = await ctx.db
    .select()
    .from(gameRounds)
    .where(
      and(owner, eq(gameRounds.gameId, game.id), eq(gameRounds.mode, session.mode), eq(gameRounds.status, 'settled')),
    )
    .orderBy(desc(gameRounds.createdAt))
    .limit(RECENT_ROUNDS)
  const [{ played } = { played: 0 }] = await ctx.db
    .select({ played: sql<number>`count(*)::int` })
    .from(gameRounds)
    .where(eq(gameRounds.sessionId, session.id))
  const seeds = await activeSeeds(ctx.db, ownerOf(session), ctx.now())
  return {
    gameId: game.id,
    ...gameFacts(game, session.language),
    volatility: game.volatility,
    language: session.language,
    balance: await balanceOf(ctx, session),
    seeds: seedView(seeds),
    openRound: waiting ? roundView(game, waiting) : null,
    recentRounds: recent.map((r) => roundView(game, r)),
    lastRevealed: await lastRevealed(ctx.db, ownerOf(session)),
    roundsPlayed: played,
    expiresAt: session.expiresAt.toISOString(),
  }
}

/**
 * Engine refusals as the contract's field errors under `bet.` (or `action.`); `args` are their
 * messages' values (the game's bet limits of 'The amount must be between {{0}} and {{1}}').
 */
function invalid(prefix: string, fields: Record<string, string>, args?: MessageArg[]) {
  return new ApiError(400, 'validation_failed', {
    ...(args ? { args } : {}),
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, [v]])),
  })
}

/** The bet limits of a game as its refusals' values, in the session's currency. */
export const limitArgs = (game: CatalogGame, session: GameSession): MessageArg[] => [
  { amount: game.limits.minBet, currency: session.currency },
  { amount: game.limits.maxBet, currency: session.currency },
]

export async function playRound(
  ctx: Context,
  session: GameSession,
  params: { bet: unknown; moveId: string },
): Promise<Answer> {
  const game = await gameOf(ctx, session)
  // Catalogue codes for messages, as for a call's params (http/app.ts).
  const parsed = game.engine.bet.safeParse(params.bet, { error: catalogueError })
  if (!parsed.success)
    throw invalid('bet', Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'value', i.message])))
  const refused = game.engine.checkBet(game.config, parsed.data, game.limits)
  if (refused) throw invalid('bet', refused, limitArgs(game, session))
  const stakeAmount = game.engine.stakeOf(game.config, parsed.data)

  const row = await ctx.db.transaction(async (tx) => {
    const [replayed] = await tx
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.sessionId, session.id), eq(gameRounds.moveId, params.moveId)))
    if (replayed) return replayed
    if (game.engine.act) {
      // A multi-step game plays one round at a time: finish (or resume) the one waiting first.
      const [waiting] = await tx
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(and(eq(gameRounds.sessionId, session.id), eq(gameRounds.status, 'open'), isNull(gameRounds.win)))
        .limit(1)
      if (waiting) throw new ApiError(409, 'action_failed')
    }
    const seeds = await activeSeeds(tx, ownerOf(session), ctx.now(), true)
    const step: Step<unknown> = game.engine.start(game.config, parsed.data, roundRng(seeds))
    await tx
      .update(gameSeeds)
      .set({ nonce: seeds.nonce + 1 })
      .where(eq(gameSeeds.id, seeds.id))
    if (session.mode === 'demo') {
      // Fun chips: taken and paid at once, never below zero.
      const [paid] = await tx
        .update(gameSessions)
        .set({ demoBalance: sql`${gameSessions.demoBalance} - ${step.stake} + ${step.win ?? 0}` })
        .where(and(eq(gameSessions.id, session.id), sql`${gameSessions.demoBalance} >= ${step.stake}`))
        .returning({ id: gameSessions.id })
      if (!paid) throw new ApiError(400, 'insufficient_funds')
    }
    const [inserted] = await tx
      .insert(gameRounds)
      .values({
        gameId: game.id,
        sessionId: session.id,
        playerId: session.playerId,
        mode: session.mode,
        seedId: seeds.id,
        nonce: seeds.nonce,
        moveId: params.moveId,
        currency: session.currency,
        stake: stakeAmount,
        win: step.win,
        status: session.mode === 'demo' && step.win !== null ? 'settled' : 'open',
        bet: parsed.data,
        state: step.state,
        createdAt: ctx.now(),
        settledAt: session.mode === 'demo' && step.win !== null ? ctx.now() : null,
      })
      .returning()
    return inserted!
  })

  let result = row
  if (session.mode === 'real' && row.status === 'open') {
    await stake(ctx, session, row)
    if (row.win !== null) result = await settle(ctx, session, row)
  }
  if (result.status === 'cancelled') throw new ApiError(400, 'insufficient_funds')
  const seeds = await activeSeeds(ctx.db, ownerOf(session), ctx.now())
  return { round: roundView(game, result), balance: await balanceOf(ctx, session), seeds: seedView(seeds) }
}

/** The next move of a round waiting for one: a raised stake is staked first, then the move is kept. */
export async function actRound(
  ctx: Context,
  session: GameSession,
  params: { roundId: string; action: unknown; moveId: string },
): Promise<Answer> {
  const game = await gameOf(ctx, session)
  const { engine } = game
  if (!engine.act || !engine.action) throw new ApiError(404, 'round_not_found')
  const parsedAction = engine.action.safeParse(params.action)
  if (!parsedAction.success) throw invalid('action', { move: 'invalid_value' })
  const [row] = await ctx.db
    .select()
    .from(gameRounds)
    .where(and(eq(gameRounds.id, params.roundId), eq(gameRounds.sessionId, session.id)))
  if (!row) throw new ApiError(404, 'round_not_found')
  const actions = row.actions as { moveId: string; action: unknown }[]
  const seeds = async () => seedView(await activeSeeds(ctx.db, ownerOf(session), ctx.now()))
  if (actions.some((a) => a.moveId === params.moveId) || row.win !== null) {
    // A resend of a move already made (or a move after the end): the round as it stands.
    return { round: roundView(game, row), balance: await balanceOf(ctx, session), seeds: await seeds() }
  }
  const step = engine.act(game.config, row.state, parsedAction.data)
  if ('error' in step) throw invalid('action', { move: step.error })
  const raise = step.stake - row.stake
  if (raise > 0 && session.mode === 'real') {
    await ctx.gameWallet.bet({
      ...refOf(session, row),
      transactionId: `${row.id}:bet:${params.moveId}`,
      amount: raise,
    })
  }
  const next = await ctx.db.transaction(async (tx) => {
    if (session.mode === 'demo') {
      const [paid] = await tx
        .update(gameSessions)
        .set({ demoBalance: sql`${gameSessions.demoBalance} - ${Math.max(raise, 0)} + ${step.win ?? 0}` })
        .where(and(eq(gameSessions.id, session.id), sql`${gameSessions.demoBalance} >= ${Math.max(raise, 0)}`))
        .returning({ id: gameSessions.id })
      if (!paid) throw new ApiError(400, 'insufficient_funds')
    }
    // Only from the state the move was made on: two tabs making moves at once, one wins.
    const [updated] = await tx
      .update(gameRounds)
      .set({
        state: step.state,
        stake: step.stake,
        win: step.win,
        actions: [...actions, { moveId: params.moveId, action: parsedAction.data }],
        ...(session.mode === 'demo' && step.win !== null ? { status: 'settled' as const, settledAt: ctx.now() } : {}),
      })
      .where(and(eq(gameRounds.id, row.id), sql`jsonb_array_length(${gameRounds.actions}) = ${actions.length}`))
      .returning()
    return updated ?? null
  })
  if (!next) {
    if (raise > 0 && session.mode === 'real')
      await ctx.gameWallet.rollback({
        ...refOf(session, row),
        transactionId: `${row.id}:rollback:${params.moveId}`,
        betTransactionId: `${row.id}:bet:${params.moveId}`,
      })
    throw new ApiError(409, 'action_failed')
  }
  const result = session.mode === 'real' && next.win !== null ? await settle(ctx, session, next) : next
  return { round: roundView(game, result), balance: await balanceOf(ctx, session), seeds: await seeds() }
}

export async function rotate(ctx: Context, session: GameSession, clientSeed: string | undefined) {
  // Revealing the seed of a round still waiting for a move would show its undealt cards.
  const owner = session.playerId ? eq(gameRounds.playerId, session.playerId) : eq(gameRounds.sessionId, session.id)
  const [waiting] = await ctx.db
    .select({ id: gameRounds.id })
    .from(gameRounds)
    .where(and(owner, eq(gameRounds.status, 'open'), sql`${gameRounds.win} is null`))
    .limit(1)
  if (waiting) throw new ApiError(409, 'action_failed')
  const { revealed, next } = await ctx.db.transaction((tx) => rotateSeeds(tx, ownerOf(session), ctx.now(), clientSeed))
  return { revealed: revealedView(revealed), seeds: seedView(next) }
}
