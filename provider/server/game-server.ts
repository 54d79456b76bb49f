/**
 * The built-in provider's game server: plays rounds for a launched game session. A round takes
 * the owner's next nonce under the seed pair's lock, asks the game's engine for the outcome
 * (derived from the seeds: games/fair.ts), and is written before any money moves. Real money
 * then moves through the seamless wallet over HTTP: the stake as `<round>:bet:<n>`, the win as
 * `<round>:win`, both idempotent, so a round left open by a crash or a lost connection is
 * settled again by the same calls on the next launch (`settleOpenRounds`). An instant round
 * (its outcome known when it is staked) sends both in one call, provider_settle (ADR 0042). Demo
 * rounds move fun chips on the session row, with the same engine, seeds and odds.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  catalogueError,
  type GameOpenAnswer,
  type GamePlayAnswer,
  type MessageArg,
  type RoundView,
} from '../../casino-api/contract/index.ts'
import type { CatalogGame } from '../games/catalog.ts'
import { roundRng } from '../games/fair.ts'
import type { Step } from '../games/engine.ts'
import type { ProviderContext, ProviderQueryable } from './context.ts'
import { gameRounds, gameSeeds, gameSessions } from './db/schema.ts'
import { ApiError } from '../../casino-api/contract/errors.ts'
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

async function gameOf(ctx: ProviderContext, session: GameSession): Promise<CatalogGame> {
  const game = ctx.catalog.game(session.gameId)
  // A live table's rounds are the table's (live.ts), never a player's own. A title the casino
  // switched off is refused by its launch and by the wallet (provider_bet), not read here.
  if (!game || game.live) throw new ApiError(403, 'game_unavailable')
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

/**
 * A game session's wallet: the player's total in real play, asked of the seamless wallet as any
 * provider would; the session's fun chips in demo.
 */
export async function balanceOf(ctx: Pick<ProviderContext, 'db' | 'wallet'>, session: GameSession) {
  if (session.mode === 'demo') {
    const [row] = await ctx.db
      .select({ chips: gameSessions.demoBalance })
      .from(gameSessions)
      .where(eq(gameSessions.id, session.id))
    return { amount: row?.chips ?? 0, currency: session.currency, mode: session.mode }
  }
  const balance = await ctx.wallet.balance({ playerId: session.playerId!, currency: session.currency })
  return { amount: balance.total, currency: session.currency, mode: session.mode }
}

/** Pays a real round whose outcome is known, and marks it settled (idempotent: safe to repeat). */
async function settle(ctx: ProviderContext, session: GameSession, row: RoundRow): Promise<RoundRow> {
  await ctx.wallet.win({ ...refOf(session, row), transactionId: `${row.id}:win`, amount: row.win! })
  const [settled] = await ctx.db
    .update(gameRounds)
    .set({ status: 'settled', settledAt: ctx.now() })
    .where(eq(gameRounds.id, row.id))
    .returning()
  return settled!
}

/**
 * Stakes a real round's opening bet, with its win when the outcome is known already (an instant
 * round: one call, provider_settle, under the same ids as the two calls); a refusal cancels the
 * round (and lets go of it) and is passed on. Answers whether the round is paid.
 */
async function stake(ctx: ProviderContext, session: GameSession, row: RoundRow) {
  const bet = { transactionId: `${row.id}:bet:0`, amount: row.stake }
  try {
    if (row.win === null) await ctx.wallet.bet({ ...refOf(session, row), ...bet })
    else
      await ctx.wallet.settle({
        ...refOf(session, row),
        bet,
        win: { transactionId: `${row.id}:win`, amount: row.win },
      })
    return row.win !== null
  } catch (error) {
    if (error instanceof ApiError)
      await ctx.db
        .update(gameRounds)
        .set({ status: 'cancelled', settledAt: ctx.now(), pending: null })
        .where(eq(gameRounds.id, row.id))
    throw error
  }
}

// ---- the round's lock ---------------------------------------------------------------------
//
// A round changes one move at a time. A move takes the round (game_rounds.pending, set only where
// it is null and the round is where the move was judged), makes its wallet call, then applies
// itself and lets go in one conditional update; a refused stake lets go and changes nothing. The
// wallet is another service (HTTP), so the lock is a column rather than a database lock held
// across the call. A second move meanwhile is refused ('move_in_progress'); the same move sent
// again waits for the first; a move whose request died (a crash) is played again by the next
// request that finds it, which is safe: the wallet answers a repeated stake as a replay and only
// one update can apply the move. A real round's opening stake holds the lock the same way.

/** How long a move may hold its round before another request takes it over (the wallet client gives up well before). */
const STALE_MOVE_MS = 60_000
/** How long the same move sent again waits for the first one. */
const WAIT_FOR_MOVE_MS = 15_000

type Pending = { moveId: string; at: string; action?: unknown }
type Actions = { moveId: string; action: unknown }[]

const pendingOf = (row: RoundRow) => row.pending as Pending | null
const holds = (moveId: string) => sql`${gameRounds.pending}->>'moveId' = ${moveId}`
const isStale = (ctx: ProviderContext, pending: Pending) => ctx.now().getTime() - Date.parse(pending.at) > STALE_MOVE_MS

async function reread(ctx: ProviderContext, id: string) {
  const [row] = await ctx.db.select().from(gameRounds).where(eq(gameRounds.id, id))
  return row!
}

/** Lets go of a round held for `moveId`, changing nothing else. */
const release = (ctx: ProviderContext, id: string, moveId: string) =>
  ctx.db
    .update(gameRounds)
    .set({ pending: null })
    .where(and(eq(gameRounds.id, id), holds(moveId)))

/** Plays the move a round is held for (see above) and answers the round after it. */
async function playPending(
  ctx: ProviderContext,
  session: GameSession,
  game: CatalogGame,
  row: RoundRow,
): Promise<RoundRow> {
  const pending = pendingOf(row)!
  const real = session.mode === 'real'
  if (pending.moveId === row.moveId) {
    // The opening move: its outcome was drawn when the round was written; its stake goes now,
    // and an instant round's win with it, so the round is settled as the round's lock is let go.
    const paid = await stake(ctx, session, row)
    const [opened] = await ctx.db
      .update(gameRounds)
      .set({ pending: null, ...(paid ? { status: 'settled' as const, settledAt: ctx.now() } : {}) })
      .where(and(eq(gameRounds.id, row.id), holds(pending.moveId)))
      .returning()
    return opened ?? reread(ctx, row.id)
  }
  const step = game.engine.act!(game.config, row.state, pending.action)
  if ('error' in step) {
    await release(ctx, row.id, pending.moveId)
    throw invalid('action', { move: step.error })
  }
  const raise = step.stake - row.stake
  const betId = `${row.id}:bet:${pending.moveId}`
  let next: RoundRow | null
  try {
    if (raise > 0 && real) await ctx.wallet.bet({ ...refOf(session, row), transactionId: betId, amount: raise })
    next = await ctx.db.transaction(async (tx) => {
      if (!real) {
        const [paid] = await tx
          .update(gameSessions)
          .set({ demoBalance: sql`${gameSessions.demoBalance} - ${Math.max(raise, 0)} + ${step.win ?? 0}` })
          .where(and(eq(gameSessions.id, session.id), sql`${gameSessions.demoBalance} >= ${Math.max(raise, 0)}`))
          .returning({ id: gameSessions.id })
        if (!paid) throw new ApiError(400, 'insufficient_funds')
      }
      const [updated] = await tx
        .update(gameRounds)
        .set({
          state: step.state,
          stake: step.stake,
          win: step.win,
          actions: [...(row.actions as Actions), { moveId: pending.moveId, action: pending.action }],
          pending: null,
          ...(!real && step.win !== null ? { status: 'settled' as const, settledAt: ctx.now() } : {}),
        })
        .where(and(eq(gameRounds.id, row.id), holds(pending.moveId)))
        .returning()
      return updated ?? null
    })
  } catch (error) {
    if (error instanceof ApiError) await release(ctx, row.id, pending.moveId)
    throw error
  }
  if (!next) {
    // Another request played this same move (a recovery) or let it go after a refusal.
    const now = await reread(ctx, row.id)
    const applied = (now.actions as Actions).some((a) => a.moveId === pending.moveId)
    if (!applied && raise > 0 && real)
      await ctx.wallet.rollback({
        ...refOf(session, row),
        transactionId: `${row.id}:rollback:${pending.moveId}`,
        betTransactionId: betId,
      })
    return now
  }
  return real && next.win !== null ? settle(ctx, session, next) : next
}

/**
 * The round once no move holds it: waits for the move under way (the same move sent again),
 * or plays it when its request died; a refusal of that move is its own request's answer.
 */
async function awaitMove(
  ctx: ProviderContext,
  session: GameSession,
  game: CatalogGame,
  row: RoundRow,
): Promise<RoundRow> {
  const deadline = Date.now() + WAIT_FOR_MOVE_MS
  for (let current = row; ; current = await reread(ctx, row.id)) {
    const pending = pendingOf(current)
    if (!pending) return current
    if (isStale(ctx, pending)) {
      try {
        return await playPending(ctx, session, game, current)
      } catch (error) {
        if (error instanceof ApiError) return reread(ctx, row.id)
        throw error
      }
    }
    if (Date.now() > deadline) throw new ApiError(409, 'move_in_progress')
    await sleep(50)
  }
}

/**
 * Rounds left open. Real ones of this player and game: a round whose move's request died is
 * played on; one whose outcome is known is paid; one waiting for a move is answered to be
 * resumed. In demo, the session's round waiting for a move.
 */
async function settleOpenRounds(ctx: ProviderContext, session: GameSession, game: CatalogGame) {
  const open = await ctx.db
    .select()
    .from(gameRounds)
    .where(
      session.mode === 'real'
        ? and(
            eq(gameRounds.playerId, session.playerId!),
            eq(gameRounds.gameId, game.id),
            eq(gameRounds.mode, 'real'),
            eq(gameRounds.status, 'open'),
          )
        : // Fun chips move with the round, so a demo round is only ever open while it waits for a move.
          and(eq(gameRounds.sessionId, session.id), eq(gameRounds.status, 'open')),
    )
    .orderBy(gameRounds.createdAt)
  let waiting: RoundRow | null = null
  for (let row of open) {
    const pending = pendingOf(row)
    if (pending && isStale(ctx, pending)) {
      try {
        row = await playPending(ctx, session, game, row)
      } catch (error) {
        if (error instanceof ApiError) continue
        throw error
      }
    } else if (!pending && row.win !== null && session.mode === 'real') {
      row = await settle(ctx, session, row)
    }
    if (row.status === 'open' && row.win === null) waiting = row
  }
  return waiting
}

export async function openGame(ctx: ProviderContext, session: GameSession): Promise<z.input<typeof GameOpenAnswer>> {
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
  // A refused round staked nothing; an open one has its stake taken and nothing paid yet.
  const [{ played, staked, paid } = { played: 0, staked: '0', paid: '0' }] = await ctx.db
    .select({
      played: sql<number>`count(*)::int`,
      staked: sql<string>`coalesce(sum(${gameRounds.stake}) filter (where ${gameRounds.status} <> 'cancelled'), 0)`,
      paid: sql<string>`coalesce(sum(${gameRounds.win}) filter (where ${gameRounds.status} = 'settled'), 0)`,
    })
    .from(gameRounds)
    .where(eq(gameRounds.sessionId, session.id))
  const seeds = await activeSeeds(ctx.db, ownerOf(session), ctx.now())
  return {
    gameId: game.id,
    ...gameFacts(game, session.language),
    symbols: game.theme.symbols ?? {},
    volatility: game.volatility,
    language: session.language,
    balance: await balanceOf(ctx, session),
    seeds: seedView(seeds),
    openRound: waiting ? roundView(game, waiting) : null,
    recentRounds: recent.map((r) => roundView(game, r)),
    lastRevealed: await lastRevealed(ctx.db, ownerOf(session)),
    roundsPlayed: played,
    minRoundMs: minRoundMs(ctx, game),
    session: {
      minutes: Math.max(0, Math.floor((ctx.now().getTime() - session.createdAt.getTime()) / 60_000)),
      net: Number(paid) - Number(staked),
    },
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

// ---- the minimum slot round duration ------------------------------------------------------
//
// After RTS 14 (UK Gambling Commission, 2021): a slot round starts at least slotMinRoundMs after
// the owner's last one (of any slot title, in the same mode), whatever the client, so no client,
// script or quick form can play faster. A spin sent early is held until its time comes, then
// played: without JavaScript a quick second click just takes a moment longer. One that still
// finds a round begun too recently under the seed pair's lock (two tabs spinning at once) is
// refused with round_too_soon.

/** The ids of this instance's slot titles, worked out once per catalogue. */
const slotIdsOf = new WeakMap<ProviderContext['catalog'], string[]>()
function slotIds(ctx: ProviderContext) {
  let ids = slotIdsOf.get(ctx.catalog)
  if (!ids) {
    ids = ctx.catalog.games.filter((g) => g.engine.kind === 'slots').map((g) => g.id)
    slotIdsOf.set(ctx.catalog, ids)
  }
  return ids
}

/** How long, in ms, before the owner's next slot round may start (0: now). */
async function slotWait(ctx: ProviderContext, db: ProviderQueryable, session: GameSession, minMs: number) {
  const owner = session.playerId ? eq(gameRounds.playerId, session.playerId) : eq(gameRounds.sessionId, session.id)
  const [last] = await db
    .select({ at: gameRounds.createdAt })
    .from(gameRounds)
    .where(
      and(
        owner,
        eq(gameRounds.mode, session.mode),
        inArray(gameRounds.gameId, slotIds(ctx)),
        ne(gameRounds.status, 'cancelled'),
      ),
    )
    .orderBy(desc(gameRounds.createdAt))
    .limit(1)
  return last ? Math.max(0, last.at.getTime() + minMs - ctx.now().getTime()) : 0
}

/** The least time between the starts of two rounds of a game, in ms: the setting for slots, none for the others. */
export const minRoundMs = (ctx: ProviderContext, game: CatalogGame) =>
  game.engine.kind === 'slots' ? ctx.slotMinRoundMs : 0

export async function playRound(
  ctx: ProviderContext,
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
  const minMs = minRoundMs(ctx, game)
  const early = minMs > 0 ? await slotWait(ctx, ctx.db, session, minMs) : 0
  if (early > 0) await sleep(early)

  const row = await ctx.db.transaction(async (tx) => {
    // The owner's seed pair is locked first: it serializes every deal of the owner with the
    // others and with rotation, which reveals the pair only when no round on it is open.
    const seeds = await activeSeeds(tx, ownerOf(session), ctx.now(), true)
    const [replayed] = await tx
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.sessionId, session.id), eq(gameRounds.moveId, params.moveId)))
    if (replayed) return replayed
    const tooSoon = minMs > 0 ? await slotWait(ctx, tx, session, minMs) : 0
    if (tooSoon > 0)
      throw new ApiError(429, 'round_too_soon', { args: [minMs / 1000], retryAfterSeconds: Math.ceil(tooSoon / 1000) })
    if (game.engine.act) {
      // A multi-step game plays one round at a time: finish (or resume) the one waiting first.
      const [waiting] = await tx
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(and(eq(gameRounds.sessionId, session.id), eq(gameRounds.status, 'open'), isNull(gameRounds.win)))
        .limit(1)
      if (waiting) throw new ApiError(409, 'round_in_progress')
    }
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
    const settledNow = session.mode === 'demo' && step.win !== null
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
        status: settledNow ? 'settled' : 'open',
        // A real round is held by its opening move until the stake is taken.
        pending: session.mode === 'real' ? { moveId: params.moveId, at: ctx.now().toISOString() } : null,
        bet: parsed.data,
        state: step.state,
        createdAt: ctx.now(),
        settledAt: settledNow ? ctx.now() : null,
      })
      .returning()
    return { ...inserted!, fresh: true }
  })
  if ('fresh' in row) ctx.metrics.roundOpened(game.id, session.mode)

  const result =
    'fresh' in row && pendingOf(row)
      ? await playPending(ctx, session, game, row)
      : await awaitMove(ctx, session, game, row)
  if (result.status === 'cancelled') throw new ApiError(400, 'insufficient_funds')
  const seeds = await activeSeeds(ctx.db, ownerOf(session), ctx.now())
  return { round: roundView(game, result), balance: await balanceOf(ctx, session), seeds: seedView(seeds) }
}

/**
 * The next move of a round waiting for one, judged against the round as it stands and played
 * under the round's lock (see above): a raised stake goes through the wallet, then the move is kept.
 */
export async function actRound(
  ctx: ProviderContext,
  session: GameSession,
  params: { roundId: string; action: unknown; moveId: string },
): Promise<Answer> {
  const game = await gameOf(ctx, session)
  const { engine } = game
  if (!engine.act || !engine.action) throw new ApiError(404, 'round_not_found')
  const parsedAction = engine.action.safeParse(params.action)
  if (!parsedAction.success) throw invalid('action', { move: 'invalid_value' })
  const answer = async (row: RoundRow): Promise<Answer> => ({
    round: roundView(game, row),
    balance: await balanceOf(ctx, session),
    seeds: seedView(await activeSeeds(ctx.db, ownerOf(session), ctx.now())),
  })
  for (;;) {
    const [found] = await ctx.db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.id, params.roundId), eq(gameRounds.sessionId, session.id)))
    if (!found || found.status === 'cancelled') throw new ApiError(404, 'round_not_found')
    const pending = pendingOf(found)
    if (pending && pending.moveId !== params.moveId && !isStale(ctx, pending))
      throw new ApiError(409, 'move_in_progress')
    const row = pending ? await awaitMove(ctx, session, game, found) : found
    const actions = row.actions as Actions
    // A resend of a move already made (or a move after the end): the round as it stands.
    if (actions.some((a) => a.moveId === params.moveId) || row.win !== null) return answer(row)
    if (pending) continue
    // Judged before the round is taken: a move the hand does not allow changes nothing.
    const step = engine.act(game.config, row.state, parsedAction.data)
    if ('error' in step) throw invalid('action', { move: step.error })
    const [taken] = await ctx.db
      .update(gameRounds)
      .set({ pending: { moveId: params.moveId, at: ctx.now().toISOString(), action: parsedAction.data } })
      .where(
        and(
          eq(gameRounds.id, row.id),
          eq(gameRounds.status, 'open'),
          isNull(gameRounds.pending),
          isNull(gameRounds.win),
          sql`jsonb_array_length(${gameRounds.actions}) = ${actions.length}`,
        ),
      )
      .returning()
    // Another move came first: this one is judged again against the round it left.
    if (!taken) continue
    return answer(await playPending(ctx, session, game, taken))
  }
}

/**
 * Reveals the seed pair in use and starts the next one. Under the pair's lock, the one every deal
 * takes: a round on the pair that is still open (waiting for a move, or its stake or win still on
 * the way) would have its undealt cards, or its outcome before its stake, shown by the seed.
 */
export async function rotate(ctx: ProviderContext, session: GameSession, clientSeed: string | undefined) {
  const { revealed, next } = await ctx.db.transaction(async (tx) => {
    const current = await activeSeeds(tx, ownerOf(session), ctx.now(), true)
    const [open] = await tx
      .select({ id: gameRounds.id })
      .from(gameRounds)
      .where(and(eq(gameRounds.seedId, current.id), eq(gameRounds.status, 'open')))
      .limit(1)
    if (open) throw new ApiError(409, 'round_in_progress')
    return rotateSeeds(tx, ownerOf(session), ctx.now(), clientSeed, current)
  })
  return { revealed: revealedView(revealed), seeds: seedView(next) }
}
