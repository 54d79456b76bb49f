/**
 * The player's bonus calls (contract/bonuses): the bonuses with their wagering progress, the
 * deposit bonus the next deposit earns and the running deposit offers, giving up the active bonus
 * (ADR 0052), a promo code's check (validate_promo_code, of the wallet group); the administrator's
 * promo codes; the loyalty points (get_loyalty, ADR 0054). A bonus code's use and a loyalty
 * redemption are payment methods (payments/methods/bonus-code.ts, loyalty.ts). Handlers open no
 * transaction: bonuses/service.ts, promo-codes.ts and loyalty.ts do.
 */
import type { adminCalls, bonusCalls, Currency, walletCalls } from '../../contract/index.ts'
import type { DomainHandlers } from '../context.ts'
import type { Queryable } from '../db/open.ts'
import { players } from '../db/schema.ts'
import { ApiError } from '../../contract/errors.ts'
import { eq } from 'drizzle-orm'
import { adminOf } from '../payments/admin-handlers.ts'
import { grantedTemplates } from './scheduled.ts'
import { countedFriends, referralCodeOf, referralTemplate } from './referrals.ts'
import { getSettings } from '../site/settings.ts'
import { playerBalance } from '../wallet/ledger.ts'
import { isUuid } from '../db/errors.ts'
import { cancelByAdmin, grantByAdmin, updateTemplate } from './admin.ts'
import { asc, count, desc } from 'drizzle-orm'
import { bonusIrregularStakes, bonusTemplates, playerBonuses } from '../db/schema.ts'
import {
  claimableDepositTemplates,
  depositBonusOffer,
  forfeitOwnBonus,
  playerBonusesOf,
  type BonusTemplateRow,
  type PlayerBonusRow,
} from './service.ts'
import {
  countingWrongCodes,
  createPromoCode,
  listPromoCodes,
  offerOf,
  updatePromoCode,
  validatePromoCode,
  type PromoCodeRow,
} from './promo-codes.ts'
import { levelOf, pointsHistory, pointsOf, programOf } from './loyalty.ts'
import { bonusItem, playerBonusItems } from './items.ts'
import type { LoyaltyLevel } from '../db/schema.ts'

/** A template as the contract's BonusTemplate (its amounts in the casino's currency). */
const templateItem = (t: BonusTemplateRow, currency: Currency) => ({
  type: t.type,
  nameEs: t.nameEs,
  nameEn: t.nameEn,
  termsEs: t.termsEs,
  termsEn: t.termsEn,
  percent: t.percent,
  amount: t.amount,
  minDeposit: t.minDeposit,
  maxBonus: t.maxBonus,
  wageringMultiplier: t.wageringMultiplier,
  gameWeights: t.gameWeights,
  defaultWeight: t.defaultWeight,
  validityDays: t.validityDays,
  weekdays: t.weekdays,
  enabled: t.enabled,
  currency,
  updatedAt: t.updatedAt.toISOString(),
})

const playerOf = async (db: Queryable, playerId: string) => {
  const [player] = await db
    .select({ language: players.language, currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player) throw new ApiError(401, 'unauthorized')
  return player
}

/** A deposit bonus template as the contract's DepositBonusOffer, named in `language`. */
const depositOfferOf = (template: BonusTemplateRow, language: string, currency: Currency) => ({
  type: template.type,
  name: language === 'en' ? template.nameEn : template.nameEs,
  percent: template.percent,
  amount: template.percent === null ? template.amount : null,
  maxBonus: template.maxBonus,
  minDeposit: template.minDeposit,
  currency,
  wageringMultiplier: template.wageringMultiplier,
  validityDays: template.validityDays,
})

const levelItem = (level: LoyaltyLevel, language: string) => ({
  name: language === 'en' ? level.nameEn : level.nameEs,
  minPoints: level.minPoints,
})

const promoCodeItem = (code: PromoCodeRow, createdBy: string, currency: PlayerBonusRow['currency']) => ({
  id: code.id,
  code: code.code,
  bonusType: code.bonusType as 'welcome_deposit' | 'reload_deposit' | 'bonus_code',
  amount: code.amount === null ? null : { amount: code.amount, currency },
  maxUses: code.maxUses,
  uses: code.uses,
  validFrom: code.validFrom?.toISOString() ?? null,
  validUntil: code.validUntil?.toISOString() ?? null,
  enabled: code.disabledAt === null,
  createdBy,
  createdAt: code.createdAt.toISOString(),
})

export const bonusHandlers: DomainHandlers<
  Pick<
    typeof bonusCalls,
    | 'get_player_bonuses'
    | 'get_deposit_bonus_offer'
    | 'get_bonus_offers'
    | 'get_referral'
    | 'forfeit_bonus'
    | 'get_loyalty'
  > &
    Pick<typeof walletCalls, 'validate_promo_code'> &
    Pick<
      typeof adminCalls,
      | 'create_promo_code'
      | 'list_promo_codes'
      | 'list_player_bonuses'
      | 'grant_bonus'
      | 'cancel_bonus'
      | 'list_bonus_templates'
      | 'update_bonus_template'
      | 'list_irregular_stakes'
      | 'update_promo_code'
    >
> = {
  get_player_bonuses: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx.db, session.playerId)
    const rows = await playerBonusesOf(ctx.db, session.playerId)
    return { items: await playerBonusItems(ctx.db, params.locale ?? player.language, rows) }
  },

  get_deposit_bonus_offer: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx.db, session.playerId)
    const template = await depositBonusOffer(ctx.db, session.playerId, ctx.now())
    return { offer: template ? depositOfferOf(template, params.locale ?? player.language, player.currency) : null }
  },

  get_bonus_offers: async (ctx, { params }) => {
    const [deposit, scheduled, referral, settings] = await Promise.all([
      claimableDepositTemplates(ctx.db),
      grantedTemplates(ctx.db),
      referralTemplate(ctx.db),
      getSettings(ctx.db),
    ])
    const items = [...deposit, ...scheduled, ...(referral ? [referral] : [])]
    return { items: items.map((t) => depositOfferOf(t, params.locale, settings.currency)) }
  },

  get_referral: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx.db, session.playerId)
    const [code, friendsCounted, template] = await Promise.all([
      referralCodeOf(ctx.db, session.playerId),
      countedFriends(ctx.db, session.playerId),
      referralTemplate(ctx.db),
    ])
    const offer = template ? depositOfferOf(template, params.locale ?? player.language, player.currency) : null
    return { code, friendsCounted, offer }
  },

  forfeit_bonus: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx.db, session.playerId)
    await forfeitOwnBonus(ctx.db, session.playerId, params.id, ctx.now())
    const rows = await playerBonusesOf(ctx.db, session.playerId)
    const read = rows.find((r) => r.bonus.id === params.id)
    if (!read) throw new Error(`bonus ${params.id} forfeited without its requirement`)
    const [item] = await playerBonusItems(ctx.db, params.locale ?? player.language, [read])
    return {
      ok: true as const,
      message: 'bonus_forfeited' as const,
      bonus: item!,
      balance: await playerBalance(ctx.db, session.playerId, player.currency),
    }
  },

  validate_promo_code: async (ctx, { params, session, ip }) => {
    const player = session ? await playerOf(ctx.db, session.playerId) : null
    const { row, template } = await countingWrongCodes(
      ctx.limits,
      { ip, accounts: session ? [session.playerId] : [] },
      () => validatePromoCode(ctx.db, params.code, ctx.now(), session?.playerId ?? null),
    )
    const currency = player?.currency ?? (await getSettings(ctx.db)).currency
    const locale = params.locale ?? player?.language ?? 'es'
    return { valid: true, message: 'promo_code_valid', code: row.code, offer: offerOf(row, template, currency, locale) }
  },

  get_loyalty: async (ctx, { session, params }) => {
    if (!session) throw new ApiError(401, 'unauthorized')
    const player = await playerOf(ctx.db, session.playerId)
    const language = params.locale ?? player.language
    const [program, points] = await Promise.all([
      programOf(ctx.db),
      pointsOf(ctx.db, session.playerId, player.currency),
    ])
    const history = await pointsHistory(ctx.db, points.accountId, params.page, params.pageSize)
    const { level, next } = levelOf(program.levels, points.lifetime)
    const redeemable =
      points.balance >= program.minRedeemPoints ? Math.floor(points.balance / program.pointsPerCent) : 0
    return {
      points: points.balance,
      lifetimePoints: points.lifetime,
      level: levelItem(level, language),
      nextLevel: next ? levelItem(next, language) : null,
      pointsPerUnit: Object.entries(program.pointsPerUnit)
        .map(([category, n]) => ({ category, points: n }))
        .sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : 0)),
      defaultPointsPerUnit: program.defaultPointsPerUnit,
      pointsPerCent: program.pointsPerCent,
      minRedeemPoints: program.minRedeemPoints,
      redeemable: { amount: redeemable, currency: player.currency },
      currency: player.currency,
      history: {
        items: history.rows.map((m) => ({
          id: m.id,
          points: m.points,
          reason: m.reason,
          bonus: m.bonusCents === null ? null : { amount: m.bonusCents, currency: player.currency },
          createdAt: m.createdAt.toISOString(),
        })),
        total: history.total,
        page: params.page,
        pageSize: params.pageSize,
      },
    }
  },

  create_promo_code: async (ctx, input) => {
    const adminId = adminOf(input)
    const { currency } = await getSettings(ctx.db)
    const p = input.params
    const row = await createPromoCode(ctx.db, {
      adminId,
      code: p.code,
      bonusType: p.bonusType,
      amount: p.amount ?? null,
      maxUses: p.maxUses,
      validFrom: p.validFrom ? new Date(p.validFrom) : null,
      validUntil: p.validUntil ? new Date(p.validUntil) : null,
      at: ctx.now(),
    })
    const [admin] = await ctx.db.select({ username: players.username }).from(players).where(eq(players.id, adminId))
    return { ok: true, message: 'promo_code_created', item: promoCodeItem(row, admin?.username ?? '', currency) }
  },

  list_promo_codes: async (ctx, input) => {
    adminOf(input)
    const { currency } = await getSettings(ctx.db)
    const { page, pageSize } = input.params
    const { rows, total } = await listPromoCodes(ctx.db, page, pageSize)
    return { items: rows.map((r) => promoCodeItem(r.code, r.createdBy, currency)), total, page, pageSize }
  },

  list_player_bonuses: async (ctx, input) => {
    adminOf(input)
    const { playerId, locale } = input.params
    const [player] = isUuid(playerId)
      ? await ctx.db.select({ id: players.id }).from(players).where(eq(players.id, playerId))
      : []
    if (!player) throw new ApiError(404, 'not_found')
    const rows = await playerBonusesOf(ctx.db, playerId)
    return { items: await playerBonusItems(ctx.db, locale, rows) }
  },

  grant_bonus: async (ctx, input) => {
    const adminId = adminOf(input)
    if (!input.idempotencyKey) throw new Error('grant_bonus runs with its idempotency key')
    const { playerId, type, amount, reason, locale } = input.params
    const bonus = await grantByAdmin(ctx.db, {
      adminId,
      playerId,
      type,
      amount,
      reason,
      key: input.idempotencyKey,
      at: ctx.now(),
    })
    return { ok: true, message: 'bonus_granted', bonus: await bonusItem(ctx.db, locale, bonus) }
  },

  cancel_bonus: async (ctx, input) => {
    const adminId = adminOf(input)
    const { id, reason, locale } = input.params
    const bonus = await cancelByAdmin(ctx.db, { adminId, id, reason, at: ctx.now() })
    return { ok: true, message: 'bonus_cancelled', bonus: await bonusItem(ctx.db, locale, bonus) }
  },

  list_bonus_templates: async (ctx, input) => {
    adminOf(input)
    const [rows, { currency }] = await Promise.all([
      ctx.db.select().from(bonusTemplates).orderBy(asc(bonusTemplates.type)),
      getSettings(ctx.db),
    ])
    return { items: rows.map((t) => templateItem(t, currency)) }
  },

  update_bonus_template: async (ctx, input) => {
    const adminId = adminOf(input)
    const p = input.params
    const row = await updateTemplate(ctx.db, {
      adminId,
      terms: {
        ...p,
        percent: p.percent ?? null,
        amount: p.amount ?? null,
        minDeposit: p.minDeposit ?? null,
        maxBonus: p.maxBonus ?? null,
      },
      at: ctx.now(),
    })
    const { currency } = await getSettings(ctx.db)
    return { ok: true, message: 'bonus_template_saved', template: templateItem(row, currency) }
  },

  list_irregular_stakes: async (ctx, input) => {
    adminOf(input)
    const { page, pageSize, locale } = input.params
    const [rows, [counted]] = await Promise.all([
      ctx.db
        .select({ stake: bonusIrregularStakes, bonus: playerBonuses, username: players.username })
        .from(bonusIrregularStakes)
        .innerJoin(playerBonuses, eq(playerBonuses.id, bonusIrregularStakes.playerBonusId))
        .innerJoin(players, eq(players.id, playerBonuses.playerId))
        .orderBy(desc(bonusIrregularStakes.createdAt), desc(bonusIrregularStakes.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(bonusIrregularStakes),
    ])
    return {
      items: rows.map(({ stake, bonus, username }) => ({
        id: String(stake.id),
        player: { id: bonus.playerId, username },
        gameId: stake.gameId,
        stake: { amount: stake.stake, currency: bonus.currency },
        threshold: { amount: stake.threshold, currency: bonus.currency },
        createdAt: stake.createdAt.toISOString(),
        bonus: { id: bonus.id, name: locale === 'en' ? bonus.nameEn : bonus.nameEs, status: bonus.status },
      })),
      total: counted?.n ?? 0,
      page,
      pageSize,
    }
  },

  update_promo_code: async (ctx, input) => {
    const adminId = adminOf(input)
    const p = input.params
    const row = await updatePromoCode(ctx.db, {
      adminId,
      id: p.id,
      maxUses: p.maxUses,
      validFrom: p.validFrom ? new Date(p.validFrom) : null,
      validUntil: p.validUntil ? new Date(p.validUntil) : null,
      enabled: p.enabled,
      at: ctx.now(),
    })
    const [{ currency }, [creator]] = await Promise.all([
      getSettings(ctx.db),
      ctx.db.select({ username: players.username }).from(players).where(eq(players.id, row.createdBy)),
    ])
    return { ok: true, message: 'promo_code_updated', item: promoCodeItem(row, creator?.username ?? '', currency) }
  },
}
