/**
 * The player's bonus calls (contract/bonuses): the bonuses with their wagering progress. The
 * bonus code and loyalty calls come with their parts of issue 22 and are not routed yet (they
 * answer 404 like any unknown path). Handlers open no transaction: bonuses/service.ts does.
 */
import type { bonusCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import { players } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { eq } from 'drizzle-orm'
import { playerBonusesOf } from './service.ts'

export const bonusHandlers: DomainHandlers<Pick<typeof bonusCalls, 'get_player_bonuses'>> = {
  get_player_bonuses: async (ctx, { session }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const [player] = await ctx.db
      .select({ language: players.language })
      .from(players)
      .where(eq(players.id, session.playerId))
    const rows = await playerBonusesOf(ctx.db, session.playerId)
    return {
      items: rows.map(({ bonus, required, wagered }) => ({
        id: bonus.id,
        type: bonus.type,
        name: player?.language === 'en' ? bonus.nameEn : bonus.nameEs,
        status: bonus.status,
        code: null,
        granted: { amount: bonus.amount, currency: bonus.currency },
        // A closed bonus's requirement no longer takes stakes: what it shows is where it stopped.
        wagering: { required, done: Math.min(wagered, required) },
        converted:
          bonus.status === 'converted' ? { amount: bonus.convertedAmount ?? 0, currency: bonus.currency } : null,
        grantedAt: bonus.grantedAt.toISOString(),
        expiresAt: bonus.expiresAt.toISOString(),
      })),
    }
  },
}
