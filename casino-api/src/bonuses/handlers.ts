/**
 * The player's bonus calls (contract/bonuses): the bonuses with their wagering progress, the
 * deposit bonus the next deposit earns, and giving up the active bonus. The
 * bonus code and loyalty calls come with their parts of issue 22 and are not routed yet (they
 * answer 404 like any unknown path). Handlers open no transaction: bonuses/service.ts does.
 */
import type { bonusCalls, Currency } from '../../contract/index.ts'
import type { Context, DomainHandlers } from '../context.ts'
import { players } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { eq } from 'drizzle-orm'
import { playerBalance } from '../wallet/ledger.ts'
import { getSettings } from '../site/settings.ts'
import {
  claimableDepositTemplates,
  depositBonusOffer,
  forfeitOwnBonus,
  playerBonusesOf,
  type BonusTemplateRow,
  type PlayerBonusRow,
} from './service.ts'

type BuiltCalls = Pick<
  typeof bonusCalls,
  'get_player_bonuses' | 'get_deposit_bonus_offer' | 'get_bonus_offers' | 'forfeit_bonus'
>

async function playerOf(ctx: Context, playerId: string) {
  const [player] = await ctx.db
    .select({ language: players.language, currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player) throw new ApiError(401, 'unauthorized')
  return player
}

/** A bonus as the contract's PlayerBonus, named in the player's language. */
const playerBonus = (bonus: PlayerBonusRow, required: number, wagered: number, language: string) => ({
  id: bonus.id,
  type: bonus.type,
  name: language === 'en' ? bonus.nameEn : bonus.nameEs,
  status: bonus.status,
  code: null,
  granted: { amount: bonus.amount, currency: bonus.currency },
  // A closed bonus's requirement no longer takes stakes: what it shows is where it stopped.
  wagering: { required, done: Math.min(wagered, required) },
  converted: bonus.status === 'converted' ? { amount: bonus.convertedAmount ?? 0, currency: bonus.currency } : null,
  grantedAt: bonus.grantedAt.toISOString(),
  expiresAt: bonus.expiresAt.toISOString(),
})

/** A deposit bonus template as the contract's offer, named in `language`. */
const offerOf = (template: BonusTemplateRow, language: string, currency: Currency) => ({
  type: template.type,
  name: language === 'en' ? template.nameEn : template.nameEs,
  percent: template.percent,
  amount: null,
  maxBonus: template.maxBonus,
  minDeposit: template.minDeposit,
  currency,
  wageringMultiplier: template.wageringMultiplier,
  validityDays: template.validityDays,
})

export const bonusHandlers: DomainHandlers<BuiltCalls> = {
  get_player_bonuses: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx, session.playerId)
    const rows = await playerBonusesOf(ctx.db, session.playerId)
    const language = params.locale ?? player.language
    return { items: rows.map(({ bonus, required, wagered }) => playerBonus(bonus, required, wagered, language)) }
  },

  get_deposit_bonus_offer: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx, session.playerId)
    const template = await depositBonusOffer(ctx.db, session.playerId, ctx.now())
    return { offer: template ? offerOf(template, params.locale ?? player.language, player.currency) : null }
  },

  get_bonus_offers: async (ctx, { params }) => {
    const [templates, settings] = await Promise.all([claimableDepositTemplates(ctx.db), getSettings(ctx.db)])
    return { items: templates.map((t) => offerOf(t, params.locale, settings.currency)) }
  },

  forfeit_bonus: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx, session.playerId)
    await forfeitOwnBonus(ctx.db, session.playerId, params.id, ctx.now())
    const rows = await playerBonusesOf(ctx.db, session.playerId)
    const row = rows.find((r) => r.bonus.id === params.id)!
    return {
      ok: true as const,
      message: 'bonus_forfeited' as const,
      bonus: playerBonus(row.bonus, row.required, row.wagered, params.locale ?? player.language),
      balance: await playerBalance(ctx.db, session.playerId, player.currency),
    }
  },
}
