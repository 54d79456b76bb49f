/**
 * The handlers of the provider wallet calls (contract/wallet, providerWalletCalls): a game
 * provider's server stakes, pays and rolls back real-money rounds (wallet/games.ts). The geo
 * guard does not apply here: these come from the provider's server, not the player; the player
 * was checked when the real-money game was launched (get_game_url is a money call). An instant
 * round is settled by one call (provider_settle: its bet and win together). A win with a part
 * held by the net winnings limit tells the player in their mailbox (held-winnings.ts). A round's
 * win (or settlement) that completes the active bonus's turnover converts the bonus
 * (bonuses/service.ts): after the round, so that its win lands before the bonus money turns real.
 */
import { eq } from 'drizzle-orm'
import type { providerWalletCalls } from '../../contract/index.ts'
import type { Context, DomainHandlers } from '../context.ts'
import { players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { convertIfMet } from '../bonuses/service.ts'
import { bet, rollback, settle, win, type WalletResult } from './games.ts'
import { noticeHeldWinning } from './held-winnings.ts'
import { playerBalance } from './ledger.ts'

const answer = (result: WalletResult) => ({ ...result, createdAt: result.createdAt.toISOString() })

/** The router sets `provider` on every 'provider' call; without it nothing moves. */
const base = (ctx: Context, provider: string | undefined) => {
  if (!provider) throw new ApiError(401, 'unauthorized')
  return { provider, at: ctx.now() }
}

/**
 * Tells the player about the part of a win held for review. A replay writes it too (once per
 * win): the first answer may have failed right before it.
 */
async function noticed(ctx: Context, call: Omit<Parameters<typeof noticeHeldWinning>[1], 'held'>, paid: WalletResult) {
  if (paid.held > 0) await noticeHeldWinning(ctx, { ...call, held: paid.held })
  return paid
}

export const walletHandlers: DomainHandlers<typeof providerWalletCalls> = {
  provider_get_balance: async (ctx, { params }) => {
    const [player] = await ctx.db
      .select({ currency: players.currency })
      .from(players)
      .where(eq(players.id, params.playerId))
    if (!player) throw new ApiError(404, 'not_found')
    if (player.currency !== params.currency)
      throw new ApiError(400, 'validation_failed', { fields: { currency: ['invalid_value'] } })
    return playerBalance(ctx.db, params.playerId, params.currency)
  },

  provider_bet: async (ctx, { params, provider }) => answer(await bet(ctx.db, { ...params, ...base(ctx, provider) })),

  provider_win: async (ctx, { params, provider }) => {
    const call = { ...params, ...base(ctx, provider) }
    const paid = await noticed(ctx, call, await win(ctx.db, call))
    await convertIfMet(ctx.db, call.playerId, call.at)
    return answer(paid)
  },

  provider_settle: async (ctx, { params, provider }) => {
    const { bet: stake, win: paid, ...round } = params
    const call = { ...round, ...base(ctx, provider) }
    const settled = await settle(ctx.db, {
      ...call,
      betTransactionId: stake.transactionId,
      winTransactionId: paid.transactionId,
      bet: stake.amount,
      win: paid.amount,
    })
    const won = await noticed(ctx, { ...call, transactionId: paid.transactionId }, settled.win)
    await convertIfMet(ctx.db, call.playerId, call.at)
    return { bet: answer(settled.bet), win: answer(won) }
  },

  provider_rollback: async (ctx, { params, provider }) =>
    answer(await rollback(ctx.db, { ...params, ...base(ctx, provider) })),
}
