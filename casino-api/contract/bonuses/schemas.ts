import { z } from 'zod'
import { Cents, Currency, Id, Locale, Money, Page, paged, Timestamp } from '../common.ts'
import { DEFAULT_LOCALE } from '../locales.ts'
import { Balance } from '../player/schemas.ts'
import { amountInCents, checkbox, optionalText, required } from '../rules.ts'

/** The bonus types of the product (spec point 3); promo and bonus codes grant one of them. */
export const BONUS_TYPES = [
  'welcome_deposit',
  'reload_deposit',
  'weekly_cashback',
  'weekly_bonus',
  'monthly_bonus',
  'refer_a_friend',
  'loyalty',
  'bonus_code',
] as const
export const BonusType = z.enum(BONUS_TYPES)
export type BonusType = z.infer<typeof BonusType>

/** What a promo or bonus code offers, shown before the player commits to it. */
export const BonusOffer = z.object({
  type: BonusType,
  name: z.string(),
  /** Percent of the deposit for deposit bonuses, else null. */
  percent: z.number().int().positive().nullable(),
  /** A fixed amount (free bonus), else null. */
  amount: Cents.nullable(),
  maxBonus: Cents.nullable(),
  minDeposit: Cents.nullable(),
  currency: Currency,
  /** Times the bonus must be wagered before it turns into real money. */
  wageringMultiplier: z.number().int().nonnegative(),
})
export type BonusOffer = z.infer<typeof BonusOffer>

/**
 * active until wagering is met (then converted into real money); forfeited on withdrawal or by the
 * player; expired by time; cancelled by the administrator.
 */
export const BonusStatus = z.enum(['active', 'converted', 'forfeited', 'expired', 'cancelled'])

export const PlayerBonus = z.object({
  id: Id,
  type: BonusType,
  name: z.string(),
  status: BonusStatus,
  code: z.string().nullable(),
  granted: Money,
  wagering: z.object({ required: Cents, done: Cents }),
  /** Real money it turned into (converted bonuses), else null. */
  converted: Money.nullable(),
  grantedAt: Timestamp,
  expiresAt: Timestamp.nullable(),
})
export type PlayerBonus = z.infer<typeof PlayerBonus>

/** A positive whole number typed in a form ('1500') or sent as JSON (1500). */
export const wholeNumber = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: 'invalid_number' }).int('invalid_number').positive('invalid_number').safe('invalid_number'),
  )

// ---- bonus code ------------------------------------------------------------------------

export const BonuscodeDepositProcessorParams = z.object({ code: required(32).transform((v) => v.toUpperCase()) })
export const BonuscodeDepositProcessorAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('bonus_code_applied'),
  bonus: PlayerBonus,
  balance: Balance,
})

// ---- promo codes (the administrator's) ---------------------------------------------------

/** The bonus templates a promo code may grant: a deposit bonus, or a fixed one without a deposit. */
export const PROMO_CODE_BONUSES = ['welcome_deposit', 'reload_deposit', 'bonus_code'] as const
export const PromoCodeBonus = z.enum(PROMO_CODE_BONUSES, { error: 'invalid_value' })

const optionalInstant = () =>
  optionalText(40).refine(
    (v) => v === undefined || z.iso.datetime({ offset: true }).safeParse(v).success,
    'invalid_date',
  )

const maxUsesInput = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (/^\s*\d{1,7}\s*$/.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: 'invalid_number' }).int('invalid_number').min(1, 'invalid_value').max(1_000_000, 'invalid_value'),
  )

/**
 * A new code: letters, digits, '-' and '_' (kept in capitals; unique whatever the case), the
 * template it grants, the amount of a no-deposit code ('bonus_code'; a deposit code has its
 * template's figures), how many players may use it (each once), and an optional window.
 */
export const CreatePromoCodeParams = z
  .object({
    code: required(32)
      .regex(/^[A-Za-z0-9_-]{3,32}$/, 'invalid_value')
      .transform((v) => v.toUpperCase()),
    bonusType: PromoCodeBonus,
    amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), amountInCents().optional()),
    maxUses: maxUsesInput(),
    validFrom: optionalInstant(),
    validUntil: optionalInstant(),
  })
  .superRefine((v, ctx) => {
    if (v.bonusType === 'bonus_code' && v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'field_required' })
    if (v.bonusType !== 'bonus_code' && v.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'invalid_value' })
    if (v.validFrom && v.validUntil && Date.parse(v.validFrom) >= Date.parse(v.validUntil))
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'invalid_date' })
  })

export const PromoCode = z.object({
  id: Id,
  code: z.string(),
  bonusType: PromoCodeBonus,
  /** The no-deposit amount, else null (the template's figures apply). */
  amount: Money.nullable(),
  maxUses: z.number().int().positive(),
  uses: z.number().int().nonnegative(),
  validFrom: Timestamp.nullable(),
  validUntil: Timestamp.nullable(),
  /** False once an administrator switched it off: no longer taken (a use kept before is honoured). */
  enabled: z.boolean(),
  /** The administrator's username. */
  createdBy: z.string(),
  createdAt: Timestamp,
})
export type PromoCode = z.infer<typeof PromoCode>
export const CreatePromoCodeAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('promo_code_created'),
  item: PromoCode,
})
/**
 * An administrator changes a code's uses (never below those made), its window, or switches it
 * off or on again; what it grants stays. Absolute values: the same form twice changes nothing.
 */
export const UpdatePromoCodeParams = z
  .object({
    id: required(64),
    maxUses: maxUsesInput(),
    validFrom: optionalInstant(),
    validUntil: optionalInstant(),
    enabled: checkbox(),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom && v.validUntil && Date.parse(v.validFrom) >= Date.parse(v.validUntil))
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'invalid_date' })
  })
export const UpdatePromoCodeAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('promo_code_updated'),
  item: PromoCode,
})
export const ListPromoCodesParams = z.object({ ...Page.shape })
export const ListPromoCodesAnswer = paged(PromoCode)

/** `locale` names the bonuses in the page's language; without it, the player's. */
export const GetPlayerBonusesParams = z.object({ locale: Locale.optional().catch(undefined) })
export const GetPlayerBonusesAnswer = z.object({ items: z.array(PlayerBonus) })

/**
 * The deposit bonus the player's next deposit earns if they ask for it (`claimBonus`): the
 * welcome bonus before the first deposit, the reload bonus after, with its template's terms of
 * the moment. Null when none would be granted now (another bonus active, the template off or not
 * running today).
 */
export const DepositBonusOffer = BonusOffer.extend({ validityDays: z.number().int().positive() })
export type DepositBonusOffer = z.infer<typeof DepositBonusOffer>
export const GetDepositBonusOfferParams = z.object({ locale: Locale.optional().catch(undefined) })
export const GetDepositBonusOfferAnswer = z.object({ offer: DepositBonusOffer.nullable() })

/**
 * The bonuses on offer (the promotions page): the deposit bonuses any player can claim today (the
 * enabled welcome and reload templates that run every day), then the scheduled ones the casino
 * API grants (Monday cashback, Wednesday bonus, monthly bonus: ADR 0055), with their terms of the
 * moment, named in `locale`. `amount` is a fixed template's figure (the monthly bonus).
 */
export const GetBonusOffersParams = z.object({ locale: Locale.catch(DEFAULT_LOCALE) })
export const GetBonusOffersAnswer = z.object({ items: z.array(DepositBonusOffer) })

/** The player gives up their active bonus: its bonus balance is taken off (ledger: bonus_forfeit). */
export const ForfeitBonusParams = z.object({ id: required(64), locale: Locale.optional().catch(undefined) })
export const ForfeitBonusAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('bonus_forfeited'),
  bonus: PlayerBonus,
  balance: Balance,
})

// ---- loyalty points (ADR 0054) --------------------------------------------------------------

/** A movement of the player's points account: earned by a stake, taken back by its rollback, redeemed. */
export const LoyaltyEntry = z.object({
  id: Id,
  /** Signed: earned points are positive, redeemed or taken back points negative. */
  points: z.number().int(),
  reason: z.enum(['wager', 'rollback', 'redeem']),
  /** The bonus a redemption granted, in cents; else null. */
  bonus: Money.nullable(),
  createdAt: Timestamp,
})
export type LoyaltyEntry = z.infer<typeof LoyaltyEntry>

/** A level, reached by lifetime points earned (stakes' points less those rolled back). */
export const LoyaltyLevel = z.object({ name: z.string(), minPoints: z.number().int().nonnegative() })

/** `locale` names the levels in the page's language; without it, the player's. */
export const GetLoyaltyParams = z.object({ ...Page.shape, locale: Locale.optional().catch(undefined) })
export const GetLoyaltyAnswer = z.object({
  points: z.number().int().nonnegative(),
  lifetimePoints: z.number().int().nonnegative(),
  level: LoyaltyLevel,
  /** The next level up, null at the top. */
  nextLevel: LoyaltyLevel.nullable(),
  /** Points per currency unit (100 cents) of real money staked: by game category, else `defaultPointsPerUnit`. */
  pointsPerUnit: z.array(z.object({ category: z.string(), points: z.number().int().nonnegative() })),
  defaultPointsPerUnit: z.number().int().nonnegative(),
  /** Points one cent of loyalty bonus takes, and the fewest points one redemption takes. */
  pointsPerCent: z.number().int().positive(),
  minRedeemPoints: z.number().int().positive(),
  /** The bonus the balance redeems for now, in cents (0 below the minimum). */
  redeemable: Money,
  currency: Currency,
  history: paged(LoyaltyEntry),
})
export type GetLoyaltyAnswer = z.infer<typeof GetLoyaltyAnswer>

export const LoyaltyRedeemProcessorParams = z.object({
  points: wholeNumber(),
  locale: Locale.optional().catch(undefined),
})
export const LoyaltyRedeemProcessorAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('loyalty_bonus_added'),
  /** Points taken: a whole number of cents' worth (what is left over stays on the balance). */
  pointsRedeemed: z.number().int().positive(),
  pointsLeft: z.number().int().nonnegative(),
  bonus: PlayerBonus,
  balance: Balance,
})

// ---- the administrator's bonuses -------------------------------------------------------

/** A player's bonuses as the administrator reads them (by the player's id, from the ledger page). */
export const ListPlayerBonusesParams = z.object({ playerId: required(64), locale: Locale.optional().catch(undefined) })
export const ListPlayerBonusesAnswer = z.object({ items: z.array(PlayerBonus) })

/**
 * A bonus granted by hand from a template's terms (its wagering, weights, validity), for the
 * amount typed, with the reason kept in the audit log. Refused while another bonus is active.
 */
export const GrantBonusParams = z.object({
  playerId: required(64),
  type: z.enum(BONUS_TYPES, { error: 'invalid_value' }),
  amount: amountInCents(),
  reason: required(500, { multiline: true }),
  locale: Locale.optional().catch(undefined),
})
export const GrantBonusAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('bonus_granted'),
  bonus: PlayerBonus,
})

/** The administrator cancels an active bonus: its bonus balance is taken off (ledger: bonus_cancel). */
export const CancelBonusParams = z.object({
  id: required(64),
  reason: required(500, { multiline: true }),
  locale: Locale.optional().catch(undefined),
})
export const CancelBonusAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('bonus_cancelled'),
  bonus: PlayerBonus,
})

// ---- bonus templates (the administrator's) ---------------------------------------------

/** Per cent of a stake counted towards a bonus's turnover, by game category. */
export const GameWeights = z.record(z.string(), z.number().int().min(0).max(100))

/**
 * Which figure a template's bonus is computed from: a percentage of the deposit (deposit bonuses,
 * the cashback of the losses), a fixed amount (the monthly and refer-a-friend bonuses), or none
 * (the loyalty bonus is what the points are worth, a bonus code's is the code's amount).
 */
export const TEMPLATE_FIGURE: Record<BonusType, 'percent' | 'amount' | 'none'> = {
  welcome_deposit: 'percent',
  reload_deposit: 'percent',
  weekly_cashback: 'percent',
  weekly_bonus: 'percent',
  monthly_bonus: 'amount',
  refer_a_friend: 'amount',
  loyalty: 'none',
  bonus_code: 'none',
}

/**
 * What a template's per cent is of: the deposit (deposit bonuses), the week's net real-money
 * losses (the Monday cashback) or the week's deposits (the Wednesday bonus, ADR 0055).
 */
export const TEMPLATE_PERCENT_OF = {
  welcome_deposit: 'deposit',
  reload_deposit: 'deposit',
  weekly_cashback: 'weekLosses',
  weekly_bonus: 'weekDeposits',
} as const satisfies Partial<Record<BonusType, string>>

/**
 * The templates whose weekdays say when they are granted (the deposit's day); the scheduled
 * bonuses run on their own day (ADR 0055) and the others whenever they are asked for.
 */
export const TEMPLATES_WITH_WEEKDAYS: readonly BonusType[] = ['welcome_deposit', 'reload_deposit']

/** A template's fields typed as text in the administrator's form (the weekdays and the switch besides). */
export const BONUS_TEMPLATE_TEXT_FIELDS = [
  'nameEs',
  'nameEn',
  'termsEs',
  'termsEn',
  'percent',
  'amount',
  'minDeposit',
  'maxBonus',
  'wageringMultiplier',
  'gameWeights',
  'defaultWeight',
  'validityDays',
] as const

export const BonusTemplate = z.object({
  type: BonusType,
  nameEs: z.string(),
  nameEn: z.string(),
  termsEs: z.string(),
  termsEn: z.string(),
  percent: z.number().int().positive().nullable(),
  amount: Cents.nullable(),
  minDeposit: Cents.nullable(),
  maxBonus: Cents.nullable(),
  wageringMultiplier: z.number().int().positive(),
  gameWeights: GameWeights,
  /** Per cent counted for a category the weights do not name. */
  defaultWeight: z.number().int().min(0).max(100),
  validityDays: z.number().int().positive(),
  /** ISO weekdays (1 Monday … 7 Sunday) it is granted on; null: every day. */
  weekdays: z.array(z.number().int().min(1).max(7)).nullable(),
  enabled: z.boolean(),
  currency: Currency,
  updatedAt: Timestamp,
})
export type BonusTemplate = z.infer<typeof BonusTemplate>

export const ListBonusTemplatesParams = z.object({})
export const ListBonusTemplatesAnswer = z.object({ items: z.array(BonusTemplate) })

/** A whole number typed in a form or sent as JSON, within [min, max]. */
const wholeIn = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (/^\s*\d{1,7}\s*$/.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: 'invalid_number' }).int('invalid_number').min(min, 'invalid_value').max(max, 'invalid_value'),
  )
/** Empty in a form (or null) is no value. */
const blankIsNone = (v: unknown) => (v === '' || v === null ? undefined : v)
const asList = (v: unknown) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])

/**
 * The weights as JSON ({"roulette": 20}) or as a form's text, one `category: per cent` a line;
 * a line that is not one, a per cent outside 0–100, is 'invalid_value' under the field.
 */
const gameWeightsInput = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v
    const weights: Record<string, number> = {}
    for (const line of v.split(/\r?\n/)) {
      if (!line.trim()) continue
      const m = /^\s*([a-z0-9][a-z0-9_-]{0,39})\s*[:=]\s*(\d{1,3})\s*$/i.exec(line)
      if (!m || Number(m[2]) > 100) return null
      weights[m[1]!.toLowerCase()] = Number(m[2])
    }
    return weights
  },
  z
    .record(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/), z.number().int().min(0).max(100), {
      error: 'invalid_value',
    })
    .refine((w) => Object.keys(w).length <= 60, 'invalid_value'),
)

/**
 * A template's whole terms (absolute values: the same form twice changes nothing). The figure of
 * its type (TEMPLATE_FIGURE) is required and the other one refused; the weekdays ticked, none
 * meaning every day. The bonuses already granted keep the terms they were granted on (ADR 0052).
 */
export const UpdateBonusTemplateParams = z
  .object({
    type: z.enum(BONUS_TYPES, { error: 'invalid_value' }),
    nameEs: required(80),
    nameEn: required(80),
    termsEs: required(2000, { multiline: true }),
    termsEn: required(2000, { multiline: true }),
    percent: z.preprocess(blankIsNone, wholeIn(1, 1000).optional()),
    amount: z.preprocess(blankIsNone, amountInCents().optional()),
    minDeposit: z.preprocess(blankIsNone, amountInCents().optional()),
    maxBonus: z.preprocess(blankIsNone, amountInCents().optional()),
    wageringMultiplier: wholeIn(1, 100),
    gameWeights: gameWeightsInput,
    defaultWeight: wholeIn(0, 100),
    validityDays: wholeIn(1, 365),
    weekdays: z.preprocess(
      asList,
      z
        .array(wholeIn(1, 7), { error: 'invalid_value' })
        .max(7, 'invalid_value')
        .transform((days) => (days.length ? [...new Set(days)].sort() : null)),
    ),
    enabled: checkbox(),
  })
  .superRefine((v, ctx) => {
    const figure = TEMPLATE_FIGURE[v.type]
    if (figure === 'percent' && v.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'field_required' })
    if (figure !== 'percent' && v.percent !== undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'invalid_value' })
    if (figure === 'amount' && v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'field_required' })
    if (figure !== 'amount' && v.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'invalid_value' })
    if (v.weekdays !== null && !TEMPLATES_WITH_WEEKDAYS.includes(v.type))
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'invalid_value' })
  })
export const UpdateBonusTemplateAnswer = z.object({
  ok: z.literal(true),
  message: z.literal('bonus_template_saved'),
  template: BonusTemplate,
})

// ---- irregular play (the administrator's) ----------------------------------------------

/** A stake above its bonus's limit placed while the bonus was active (ADR 0052). */
export const IrregularStake = z.object({
  id: Id,
  player: z.object({ id: Id, username: z.string() }),
  gameId: z.string(),
  stake: Money,
  /** The bonus's limit the stake went above. */
  threshold: Money,
  createdAt: Timestamp,
  bonus: z.object({ id: Id, name: z.string(), status: BonusStatus }),
})
export const ListIrregularStakesParams = z.object({ ...Page.shape, locale: Locale.optional().catch(undefined) })
export const ListIrregularStakesAnswer = paged(IrregularStake)

/**
 * The player's referral link (ADR 0057): its code (the web app writes the link in the page's
 * language), the friends counted (each granted or skipped once, on their first deposit), and the
 * 'refer_a_friend' template's offer when it is switched on, else null.
 */
export const GetReferralParams = z.object({ locale: Locale.optional().catch(undefined) })
export const GetReferralAnswer = z.object({
  code: z.string().min(1),
  friendsCounted: z.number().int().nonnegative(),
  offer: DepositBonusOffer.nullable(),
})
export type GetReferralAnswer = z.infer<typeof GetReferralAnswer>
